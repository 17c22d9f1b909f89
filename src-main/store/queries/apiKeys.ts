// Queries of the api_keys table: keys are generated here, shown once, and stored only as a SHA-256 hash.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AuthenticatedKey, HotCache } from '../hotCache';
import { precompiled } from '../precompiled';
import type { ApiKeyRow, Executor } from '../schema';
import type { ApiKeyRecord, KeyMode } from '../storeTypes';
import type { TeamQueries } from './teams';

/** 32 random bytes are 43 URL-safe base64 characters: 256 bits, past any guessing. */
const KEY_RANDOM_BYTES = 32;
export const API_KEY_PATTERN = /^svc_sk_(live|test)_[A-Za-z0-9_-]{32,}$/;
/** "svc_sk_live_" plus 4 random characters: enough to tell keys apart in a list, too few to matter for guessing. */
const PREFIX_LENGTH = 16;
/**
 * last_used_at is written at most once a minute per key: authentication runs on every request. Each process keeps the
 * time it last wrote or read in its cached key, and the update's own condition keeps several processes from writing it
 * more often.
 */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The request path's statements (see precompiled): the key by its hash, and its last use. */
const keyByHash = precompiled<'hash', ApiKeyRow>((db, value) =>
  db.selectFrom('api_keys').selectAll().where('key_hash', '=', value('hash')).where('revoked_at', 'is', null),
);
const touchKey = precompiled<'id' | 'at' | 'before', never>((db, value) =>
  db
    .updateTable('api_keys')
    .set({ last_used_at: value('at') })
    .where('id', '=', value('id'))
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', value('before'))])),
);

function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    // The column's CHECK constraint admits only the two modes.
    mode: row.mode as KeyMode,
    demo: row.demo === 1,
    prefix: row.key_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface NewApiKey {
  teamId: string;
  mode: KeyMode;
  demo?: boolean;
  name?: string;
}

const lastUseOf = precompiled<'id', Pick<ApiKeyRow, 'last_used_at'>>((db, value) =>
  db.selectFrom('api_keys').select('last_used_at').where('id', '=', value('id')),
);

/** Writes the key's last use unless it was written in the last minute; never fails authentication for it. */
async function touch(db: Executor, found: AuthenticatedKey, at: number): Promise<void> {
  const before = at - LAST_USED_RESOLUTION_MS;
  if ((found.apiKey.lastUsedAt ?? -Infinity) > before) return;
  try {
    const touched = await touchKey.execute(db, { id: found.apiKey.id, at, before });
    // Not written: another process wrote it within the minute; its time says when to write next.
    const lastUsedAt =
      (touched.numAffectedRows ?? 0n) > 0n
        ? at
        : ((await lastUseOf.first(db, { id: found.apiKey.id }))?.last_used_at ?? at);
    found.apiKey = { ...found.apiKey, lastUsedAt };
  } catch (error) {
    // Bookkeeping only: a database kept busy past the timeout by another process must not refuse a valid key. Told
    // by better-sqlite3's code alone, so this module does not load the SQLite addon on PostgreSQL.
    if (!(error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY')) throw error;
  }
}

export function apiKeyQueries(db: Executor, now: () => number, teams: TeamQueries, hot: HotCache) {
  const get = async (id: string): Promise<ApiKeyRecord | undefined> => {
    const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toApiKey(row);
  };

  return {
    /** The returned key exists nowhere else: the caller shows it once. */
    async create(input: NewApiKey): Promise<{ record: ApiKeyRecord; key: string }> {
      const key = `svc_sk_${input.mode}_${randomBytes(KEY_RANDOM_BYTES).toString('base64url')}`;
      const row: ApiKeyRow = {
        id: randomUUID(),
        team_id: input.teamId,
        name: input.name ?? '',
        mode: input.mode,
        demo: input.demo ? 1 : 0,
        key_prefix: key.slice(0, PREFIX_LENGTH),
        key_hash: hashKey(key),
        created_at: now(),
        last_used_at: null,
        revoked_at: null,
      };
      await db.insertInto('api_keys').values(row).execute();
      return { record: toApiKey(row), key };
    },

    get,

    /**
     * The key's record and team, or undefined for an unknown, malformed or revoked key. Kept in the store's hot cache
     * (see HotCache), which every revoke, team change or other process's write empties: a revoked key is refused from
     * the next request on (on PostgreSQL, once the notification of another node's revoke arrives).
     */
    async authenticate(key: string): Promise<AuthenticatedKey | undefined> {
      if (!API_KEY_PATTERN.test(key)) return undefined;
      const hash = hashKey(key);
      const found = await hot.read(db, hot.keys, hash, async () => {
        const row = await keyByHash.first(db, { hash });
        const team = row && (await teams.get(row.team_id));
        return row && team && { apiKey: toApiKey(row), team };
      });
      if (!found) return undefined;
      await touch(db, found, now());
      return { apiKey: found.apiKey, team: found.team };
    },

    async list(teamId: string): Promise<ApiKeyRecord[]> {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('team_id', '=', teamId)
        .orderBy('created_at')
        .orderBy(sql`rowid`)
        .execute();
      return rows.map(toApiKey);
    },

    /** Revokes the key (a second revoke keeps the first time); undefined if there is no such key. */
    async revoke(id: string): Promise<ApiKeyRecord | undefined> {
      await db
        .updateTable('api_keys')
        .set({ revoked_at: now() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      await hot.changed(db);
      return get(id);
    },
  };
}

export type ApiKeyQueries = ReturnType<typeof apiKeyQueries>;
