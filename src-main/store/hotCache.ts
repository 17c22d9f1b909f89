// What every API request reads (its key and team, its template and version), kept in memory between requests and emptied whenever the database may have changed it: this process's writes at once, another process's before the next read on SQLite (PRAGMA data_version), when its notification arrives on PostgreSQL (LISTEN/NOTIFY).
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { ApiKeyRecord, TeamRecord, TemplateRecord } from './storeTypes';
import type { TemplateVersionRecord } from './queries/templateVersions';
import type { Executor } from './schema';
import { postgresWatch } from './postgresWatch';

/** How the cache learns that the database changed under it. */
export interface ChangeWatch {
  /** Whether the cache may be trusted now; first empties it (through the invalidate it was given) if the database changed. */
  trusted(): boolean;
  /** Tells the other processes that rows the cache holds changed: part of the writer's transaction, sent at its commit. */
  announce(db: Executor): Promise<void>;
  close(): Promise<void>;
}

/** A key as authentication hands it out, with its team; cached, its lastUsedAt is what this process last wrote or read. */
export interface AuthenticatedKey {
  apiKey: ApiKeyRecord;
  team: TeamRecord;
}

/** Keys (by hash), resolved templates and versions kept: a few hundred KB of records, parsed contents shared. */
const CACHED_KEYS = 10_000;
const CACHED_TEMPLATES = 1_000;
/**
 * The longest anything stays cached, notified or not: on PostgreSQL a change made around the store (an UPDATE typed
 * into psql, a pooler that loses notifications) sends no notification, and is seen within this time all the same.
 */
const CACHED_AT_MOST_MS = 60_000;

export class HotCache {
  readonly keys: LRUCache<string, AuthenticatedKey>;
  readonly templates: LRUCache<string, TemplateRecord>;
  readonly versions: LRUCache<string, TemplateVersionRecord>;
  /** Counts invalidations: a read that began before one may hold what it emptied, and is not kept. */
  private generation = 0;
  private watch: ChangeWatch = {
    trusted: () => false,
    announce: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };

  /** now: the store's clock, which ages the entries (tests set it). */
  private constructor(now: () => number) {
    // ttlResolution 0: lru-cache would otherwise keep one reading of the clock for a millisecond.
    const aged = { ttl: CACHED_AT_MOST_MS, ttlResolution: 0, perf: { now } };
    this.keys = new LRUCache({ max: CACHED_KEYS, ...aged });
    this.templates = new LRUCache({ max: CACHED_TEMPLATES, ...aged });
    this.versions = new LRUCache({ max: CACHED_TEMPLATES, ...aged });
  }

  /** A cache told of changes by the watch `watching` makes; the watch empties it through the function it is given. */
  static async open(
    now: () => number,
    watching: (invalidate: () => void) => ChangeWatch | Promise<ChangeWatch>,
  ): Promise<HotCache> {
    const cache = new HotCache(now);
    cache.watch = await watching(() => cache.invalidate());
    return cache;
  }

  /**
   * The value under `key`, else what `load` reads, kept if nothing changed meanwhile. Inside a transaction the cache is
   * neither read nor filled: the transaction may see its own uncommitted writes, or roll back.
   */
  async read<V extends object>(
    db: Executor,
    area: LRUCache<string, V>,
    key: string,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> {
    if (db.isTransaction || !this.watch.trusted()) return load();
    const cached = area.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const loaded = await load();
    if (loaded !== undefined && generation === this.generation) area.set(key, loaded);
    return loaded;
  }

  /**
   * Called by the queries that change a key, a team, a template or a version, after the write: empties this
   * process's cache and tells the others. Inside a transaction this process empties its cache before the commit (its
   * own reads wait for the connection on SQLite), and the others when the notification arrives after it.
   */
  async changed(db: Executor): Promise<void> {
    this.invalidate();
    await this.watch.announce(db);
  }

  close(): Promise<void> {
    return this.watch.close();
  }

  private invalidate(): void {
    this.generation += 1;
    this.keys.clear();
    this.templates.clear();
    this.versions.clear();
  }
}

/**
 * SQLite's data_version changes when another connection (the admin CLI, a second server) commits, never for this
 * connection's own commits (the queries report those through changed()). Reading it costs about 5 µs: it is read
 * before every cached read, so another process's revoke holds from the next request on.
 */
function sqliteWatch(sqlite: Database.Database, invalidate: () => void): ChangeWatch {
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  return {
    trusted() {
      const version = dataVersion.get();
      if (version !== seen) {
        seen = version;
        invalidate();
      }
      return true;
    },
    announce: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** The store's cache, watching its database: the SQLite connection, else the PostgreSQL database at databaseUrl. */
export async function openHotCache(
  sqlite: Database.Database | undefined,
  databaseUrl: string | undefined,
  now: () => number,
): Promise<HotCache> {
  if (sqlite !== undefined) return HotCache.open(now, (invalidate) => sqliteWatch(sqlite, invalidate));
  if (databaseUrl === undefined) throw new Error('a store without SQLite needs its PostgreSQL URL');
  return HotCache.open(now, (invalidate) => postgresWatch(databaseUrl, invalidate));
}
