// Opens the store: the data directory's SQLite database (WAL synced in groups off the event loop, busy timeout) or a PostgreSQL database by URL; migrates it, sweeps orphans, returns the Store: asynchronous queries through Kysely.
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { privateDir, privateFile, tightenFile } from '../files/privateModes';
import { CommitGroup } from './commitGroup';
import { isPostgresUrl } from './databaseUrl';
import { openHotCache, type HotCache } from './hotCache';
import { migrate, migratePostgres, type SqlDialect } from './migrate';
import { openOutputStores } from './openOutputStores';
import { assertDatabaseTransport, guardedClient } from './postgresTransport';
import type { OutputStore } from './outputStore';
import { apiKeyQueries, type ApiKeyQueries } from './queries/apiKeys';
import { counterQueries, type CounterQueries } from './queries/counters';
import { imageQueries, type ImageQueries } from './queries/images';
import { libraryQueries, type LibraryQueries } from './queries/libraries';
import { printerQueries, type PrinterQueries } from './queries/printers';
import { virtualPrinterQueries, type VirtualPrinterQueries } from './queries/virtualPrinters';
import { hotFolderFileQueries, type HotFolderFileQueries } from './queries/hotFolderFiles';
import { hotFolderQueries, type HotFolderQueries } from './queries/hotFolders';
import { printJobQueries, type PrintJobQueries } from './queries/printJobs';
import { quotaReservationQueries, type QuotaReservationQueries } from './queries/quotaReservations';
import { renderQueries, type RenderQueries } from './queries/renders';
import { settingsQueries, type SettingsQueries } from './queries/settings';
import { storageQueries, type StorageQueries } from './queries/storage';
import { teamQueries, type TeamQueries } from './queries/teams';
import { templateQueries, templateReader, type TemplateQueries, type TemplateReader } from './queries/templates';
import {
  parsedVersions,
  templateVersionQueries,
  type ParsedVersions,
  type TemplateVersionQueries,
} from './queries/templateVersions';
import { usageQueries, type UsageQueries } from './queries/usage';
import { removeOrphans } from './removeOrphans';
import type { Executor, Tables } from './schema';
import { openWhile, sqliteDialect } from './sqliteDialect';
import { WalSync, type SyncStats } from './walSync';

export const DATABASE_FILE = 'labelsmith.db';
/** How long a writer waits for another connection's write lock (the server and the admin CLI share the file). */
const BUSY_TIMEOUT_MS = 5000;

export interface StoreOptions {
  /** better-sqlite3's compiled addon, for Electron, whose ABI differs from Node's; default: the package's own build. */
  nativeBinding?: string;
  /** The clock for created_at, expiry and billing periods; tests set it. */
  now?: () => number;
  /**
   * Sweep orphaned outputs at open (default true; only where outputs are a folder: see removeOrphans). The admin CLI
   * skips it: it never writes outputs.
   */
  removeOrphans?: boolean;
  /** `postgres://…` (or `postgresql://…`): the shared PostgreSQL database; absent: SQLite in the data directory. */
  databaseUrl?: string;
  /** `s3://bucket/prefix`: outputs and print job documents in S3-compatible storage; absent: folders of the data directory. */
  outputsUrl?: string;
}

/** The queries, bound to the store's database or to one transaction. */
export interface StoreQueries {
  readonly teams: TeamQueries;
  readonly apiKeys: ApiKeyQueries;
  readonly libraries: LibraryQueries;
  readonly templates: TemplateQueries;
  readonly templateVersions: TemplateVersionQueries;
  readonly renders: RenderQueries;
  readonly usage: UsageQueries;
  readonly quotaReservations: QuotaReservationQueries;
  readonly settings: SettingsQueries;
  readonly printers: PrinterQueries;
  readonly virtualPrinters: VirtualPrinterQueries;
  readonly hotFolderFiles: HotFolderFileQueries;
  readonly hotFolders: HotFolderQueries;
  readonly counters: CounterQueries;
  readonly printJobs: PrintJobQueries;
  readonly storage: StorageQueries;
  readonly images: ImageQueries;
}

/** What code that reads and writes works with: the store itself, or the view of it inside a transaction. */
export interface StoreScope extends StoreQueries {
  readonly dataDir: string;
  readonly now: () => number;
  /** Render outputs, kept for GET /v1/render-outputs. */
  readonly outputs: OutputStore;
  /** The documents of print jobs: pending ones, and ended ones kept for reprints. */
  readonly printDocuments: OutputStore;
  readonly dialect: SqlDialect;
  /** The Kysely instance the queries run on (the transaction, inside one): for tests and one-off reads. */
  readonly db: Executor;
  /**
   * Runs fn in one transaction and commits when its promise resolves (rolls back when it rejects). fn must use the
   * scope it is given, never the outer store: on SQLite the transaction holds the only connection until it ends. Inside
   * a transaction, transaction(fn) runs fn in the same one. On SQLite the transaction is IMMEDIATE: taking the write
   * lock up front matters in WAL mode, where a transaction that read first and then writes fails at once with
   * SQLITE_BUSY if another connection wrote in between, without waiting for the busy timeout.
   */
  transaction<T>(fn: (trx: StoreScope) => Promise<T>): Promise<T>;
  /**
   * transaction(fn) for rows that die with the processes holding them (quota reservations). On SQLite its commit is not
   * synced: a power cut may lose it, but it also ends every process that held such a row, and a crashed process cannot
   * lose it (the write-ahead log is in the operating system's hands); a render's record pays the sync that saves both.
   * PostgreSQL commits it like any other: there a database that restarts alone must not forget what live nodes hold.
   */
  transientTransaction<T>(fn: (trx: StoreScope) => Promise<T>): Promise<T>;
  /**
   * transaction(fn) shared with the other groupCommit calls queued while a commit is on its way (see CommitGroup): one
   * sync for many renders' records. It resolves after the commit, like transaction; fn's failure undoes its own writes
   * only. fn must not wait for anything but its own queries: the others in its group wait for it.
   */
  groupCommit<T>(fn: (trx: StoreScope) => Promise<T>): Promise<T>;
  /** Group commits made since the store opened and the groupCommit calls they held (members per commit under load). */
  groupCommitStats(): { commits: number; members: number };
  /** On SQLite, the syncs of the log made since the store opened and the writes that waited for them; undefined on PostgreSQL. */
  syncStats(): SyncStats | undefined;
}

export interface Store extends StoreScope {
  /** The better-sqlite3 connection under a SQLite store, for what only SQLite has (pragmas, the write lock); undefined on PostgreSQL. */
  readonly sqlite: Database.Database | undefined;
  /** Closes the database and the outputs' connections (a second call waits for the first). */
  close(): Promise<void>;
}

/** Caches that outlive a transaction: parsed template contents, keyed by the text they were parsed from; the request path's rows. */
interface SharedCaches {
  templates: TemplateReader;
  versions: ParsedVersions;
  hot: HotCache;
}

/** What a query set is made from: the database or transaction it runs on, and the query sets made before it. */
interface QueryParts extends StoreQueries {
  readonly db: Executor;
  readonly now: () => number;
  readonly [CACHES]: SharedCaches;
}

const CACHES = Symbol('caches');

/** A maker for every key of StoreQueries (the type checks that none is missing). */
const QUERY_MAKERS: { [K in keyof StoreQueries]: (parts: QueryParts) => StoreQueries[K] } = {
  teams: ({ db, now, [CACHES]: caches }) => teamQueries(db, now, caches.hot),
  apiKeys: ({ db, now, teams, [CACHES]: caches }) => apiKeyQueries(db, now, teams, caches.hot),
  libraries: ({ db, now }) => libraryQueries(db, now),
  templateVersions: ({ db, now, [CACHES]: caches }) => templateVersionQueries(db, now, caches.versions, caches.hot),
  templates: ({ db, now, templateVersions, [CACHES]: caches }) =>
    templateQueries(db, now, templateVersions, caches.templates, caches.hot),
  renders: ({ db, now }) => renderQueries(db, now),
  usage: ({ db }) => usageQueries(db),
  quotaReservations: ({ db, now }) => quotaReservationQueries(db, now),
  settings: ({ db }) => settingsQueries(db),
  printers: ({ db, now }) => printerQueries(db, now),
  virtualPrinters: ({ db, now }) => virtualPrinterQueries(db, now),
  hotFolderFiles: ({ db, now }) => hotFolderFileQueries(db, now),
  hotFolders: ({ db, now }) => hotFolderQueries(db, now),
  counters: ({ db, now }) => counterQueries(db, now),
  printJobs: ({ db, now }) => printJobQueries(db, now),
  storage: ({ db }) => storageQueries(db),
  images: ({ db, now }) => imageQueries(db, now),
};

/**
 * The queries bound to `db`, each made at its first use: a transaction (one for each render's usage count) uses two or
 * three of the seventeen, and making them all cost about as much CPU as the transaction's statements. The getters that
 * make them are on the prototype, defined once: defining seventeen on every transaction's scope cost more than its
 * statements too.
 */
class BoundQueries {
  declare readonly [CACHES]: SharedCaches;

  constructor(
    readonly db: Executor,
    readonly now: () => number,
    caches: SharedCaches,
  ) {
    this[CACHES] = caches;
  }
}
for (const [key, make] of Object.entries(QUERY_MAKERS)) {
  Object.defineProperty(BoundQueries.prototype, key, {
    get(this: QueryParts) {
      const made: unknown = make(this);
      Object.defineProperty(this, key, { value: made, enumerable: true });
      return made;
    },
  });
}

function storeQueries(db: Executor, now: () => number, caches: SharedCaches): StoreQueries & QueryParts {
  return new BoundQueries(db, now, caches) as BoundQueries & QueryParts;
}

interface ScopeBase extends Pick<StoreScope, 'dataDir' | 'now' | 'outputs' | 'printDocuments' | 'dialect'> {
  /** On SQLite, the connection's log sync and the call that lets a held connection's writes skip it; undefined on PostgreSQL. */
  sqlite: SqliteDurability | undefined;
  /** The store's one queue of groupCommit calls. */
  commits: CommitGroup<StoreScope>;
}

/** Work given the store's scope on a transaction: its statements run on the connection itself while it runs (openWhile). */
function inTransaction<T>(fn: (trx: StoreScope) => Promise<T>, base: ScopeBase, caches: SharedCaches) {
  return (trx: Executor) => openWhile(trx, () => fn(storeScope(trx, base, caches)));
}

function storeScope(db: Executor, base: ScopeBase, caches: SharedCaches): StoreScope {
  const { sqlite, commits, ...shared } = base;
  // Assigned onto the queries, not spread: spreading would make every query set now (see storeQueries).
  const scope: StoreScope = Object.assign(storeQueries(db, base.now, caches), {
    ...shared,
    db,
    transaction: (fn) => (db.isTransaction ? fn(scope) : db.transaction().execute(inTransaction(fn, base, caches))),
    groupCommit: (fn) => (db.isTransaction ? fn(scope) : commits.run(fn)),
    groupCommitStats: () => commits.stats(),
    syncStats: () => sqlite?.walSync.stats(),
    transientTransaction: (fn) => {
      if (db.isTransaction || sqlite === undefined) return scope.transaction(fn);
      // The connection is held for the whole of it, so the writes that skip the sync are this transaction's only.
      return db.connection().execute(async (connection) => {
        sqlite.holdWithoutSync();
        return await connection.transaction().execute(inTransaction(fn, base, caches));
      });
    },
  } satisfies Omit<StoreScope, keyof StoreQueries>);
  return scope;
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * pg hands BIGINT (every integer column on PostgreSQL: times are epoch milliseconds) and COUNT(*) over as strings, since
 * they may pass 2^53; the store's values never do, and its records hold numbers, as SQLite gives them.
 */
function pgTypes({ types }: typeof pg) {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === types.builtins.INT8
        ? (value: string) => Number(value)
        : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
  };
}

/** How long a query waits for a connection to PostgreSQL before it fails (and the request answers 503 UNAVAILABLE). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The pool opens connections as queries need them, so once a lost PostgreSQL answers again the next query reconnects.
 * A connection PostgreSQL ends while it sits idle in the pool (a restart) makes the pool emit 'error'; without a
 * listener that would crash the process. The pool drops that connection by itself: nothing else is needed.
 */
async function postgresPool(url: string): Promise<pg.Pool> {
  // Each database's driver is loaded when a store opens on it: a CLI command on SQLite never loads pg, nor one on
  // PostgreSQL better-sqlite3's addon.
  assertDatabaseTransport(url);
  const { default: driver } = await import('pg');
  const pool = new driver.Pool({
    connectionString: url,
    types: pgTypes(driver),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    Client: guardedClient(driver),
  });
  pool.on('error', () => undefined);
  return pool;
}

/** Destroying the Kysely instance ends the pool. */
async function openPostgres(url: string): Promise<Kysely<Tables>> {
  const pool = await postgresPool(url);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

/** What the store keeps of a SQLite connection beside its Kysely instance. */
interface SqliteDurability {
  connection: Database.Database;
  walSync: WalSync;
  holdWithoutSync(): void;
}

/** The data directory's database file, migrated; destroying the Kysely instance closes the connection. */
async function openSqlite(
  dataDir: string,
  options: StoreOptions,
): Promise<{ db: Kysely<Tables>; sqlite: SqliteDurability }> {
  const { default: Sqlite } = await import('better-sqlite3');
  const databasePath = join(dataDir, DATABASE_FILE);
  // SQLite gives the -wal and -shm files the database file's mode: a 0600 database keeps them 0600 too. Ones left by
  // an older version are tightened here.
  privateFile(databasePath);
  for (const suffix of ['-wal', '-shm']) tightenFile(`${databasePath}${suffix}`);
  const sqlite = new Sqlite(databasePath, {
    timeout: BUSY_TIMEOUT_MS,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
  });
  try {
    sqlite.pragma('journal_mode = WAL');
    // FULL while migrating, which runs outside Kysely: a migration is on disk when it returns.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    migrate(sqlite);
    // Then NORMAL: commits write the log without syncing it, and every write through Kysely waits for a shared sync
    // of the log (WalSync) before it resolves, so a render answered 200 survives a power cut, not just a crash.
    sqlite.pragma('synchronous = NORMAL');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const walSync = new WalSync(`${databasePath}-wal`);
  const { dialect, holdWithoutSync } = sqliteDialect(sqlite, walSync);
  return { db: new Kysely<Tables>({ dialect }), sqlite: { connection: sqlite, walSync, holdWithoutSync } };
}

interface OpenedDatabase {
  db: Kysely<Tables>;
  dialect: SqlDialect;
  sqlite: SqliteDurability | undefined;
}

/** The database the options name, migrated: PostgreSQL by URL, or SQLite in the data directory. */
async function openDatabase(dataDir: string, options: StoreOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl === undefined) return { ...(await openSqlite(dataDir, options)), dialect: 'sqlite' };
  return { db: await openPostgres(options.databaseUrl), dialect: 'postgres', sqlite: undefined };
}

export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  privateDir(dataDir);
  if (options.databaseUrl !== undefined && !isPostgresUrl(options.databaseUrl)) {
    throw new Error('the database URL must start with postgres:// (absent: SQLite in the data directory)');
  }
  const areas = await openOutputStores(dataDir, options.outputsUrl);
  let opened: OpenedDatabase;
  try {
    opened = await openDatabase(dataDir, options);
  } catch (error) {
    areas.close();
    throw error;
  }
  const { db, dialect, sqlite } = opened;
  let hot: HotCache;
  try {
    hot = await openHotCache(sqlite?.connection, options.databaseUrl, options.now ?? Date.now);
  } catch (error) {
    await db.destroy();
    areas.close();
    throw error;
  }
  const caches = { templates: templateReader(), versions: parsedVersions(), hot };
  const shared = {
    dataDir,
    now: options.now ?? Date.now,
    outputs: areas.outputs,
    printDocuments: areas.printDocuments,
    dialect,
    sqlite,
  };
  const base: ScopeBase = {
    ...shared,
    commits: new CommitGroup((fn) => db.transaction().execute(inTransaction(fn, base, caches))),
  };
  const close = once(async () => {
    try {
      await hot.close();
      await db.destroy();
      await sqlite?.walSync.close();
    } finally {
      areas.close();
    }
  });
  const store: Store = Object.assign(storeScope(db, base, caches), { sqlite: sqlite?.connection, close });
  // The orphan sweep at open runs on a folder only: listing a shared bucket at every node's start is left to the hourly sweep.
  if ((options.removeOrphans ?? true) && store.outputs.kind === 'folder') {
    try {
      await removeOrphans(store);
    } catch (error) {
      await close();
      throw error;
    }
  }
  return store;
}
