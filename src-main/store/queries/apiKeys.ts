// Prepared statements of the api_keys table: keys are generated here, shown once, and stored only as a SHA-256 hash.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ApiKeyRecord, KeyMode, TeamRecord } from '../storeTypes';
import type { TeamQueries } from './teams';

/** 32 random bytes are 43 URL-safe base64 characters: 256 bits, past any guessing. */
const KEY_RANDOM_BYTES = 32;
export const API_KEY_PATTERN = /^svc_sk_(live|test)_[A-Za-z0-9_-]{32,}$/;
/** "svc_sk_live_" plus 4 random characters: enough to tell keys apart in a list, too few to matter for guessing. */
const PREFIX_LENGTH = 16;
/** last_used_at is written at most once a minute per key: authentication runs on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

interface ApiKeyRow {
  id: string;
  team_id: string;
  name: string;
  mode: string;
  demo: number;
  key_prefix: string;
  key_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

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

export function apiKeyQueries(db: Database.Database, now: () => number, teams: TeamQueries) {
  const insert = db.prepare<[ApiKeyRow]>(
    `INSERT INTO api_keys (id, team_id, name, mode, demo, key_prefix, key_hash, created_at, last_used_at, revoked_at)
     VALUES (@id, @team_id, @name, @mode, @demo, @key_prefix, @key_hash, @created_at, @last_used_at, @revoked_at)`,
  );
  const selectOne = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE id = ?');
  const selectActiveByHash = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL');
  const selectByTeam = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE team_id = ? ORDER BY created_at, rowid');
  const touch = db.prepare<[{ id: string; at: number; before: number }]>(
    'UPDATE api_keys SET last_used_at = @at WHERE id = @id AND (last_used_at IS NULL OR last_used_at <= @before)',
  );
  const markRevoked = db.prepare<[{ id: string; at: number }]>('UPDATE api_keys SET revoked_at = @at WHERE id = @id AND revoked_at IS NULL');

  const get = (id: string): ApiKeyRecord | undefined => {
    const row = selectOne.get(id);
    return row && toApiKey(row);
  };

  return {
    /** The returned key exists nowhere else: the caller shows it once. */
    create(input: NewApiKey): { record: ApiKeyRecord; key: string } {
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
      insert.run(row);
      return { record: toApiKey(row), key };
    },

    get,

    /**
     * The key's record and team, or undefined for an unknown, malformed or revoked key. Read from the database on
     * every call, so a key created or revoked by another process takes effect at once.
     */
    authenticate(key: string): { apiKey: ApiKeyRecord; team: TeamRecord } | undefined {
      if (!API_KEY_PATTERN.test(key)) return undefined;
      const row = selectActiveByHash.get(hashKey(key));
      const team = row && teams.get(row.team_id);
      if (!row || !team) return undefined;
      const at = now();
      try {
        if (touch.run({ id: row.id, at, before: at - LAST_USED_RESOLUTION_MS }).changes > 0) row.last_used_at = at;
      } catch (error) {
        // Bookkeeping only: a database kept busy past the timeout by another process must not refuse a valid key.
        if (!(error instanceof Database.SqliteError && error.code === 'SQLITE_BUSY')) throw error;
      }
      return { apiKey: toApiKey(row), team };
    },

    list(teamId: string): ApiKeyRecord[] {
      return selectByTeam.all(teamId).map(toApiKey);
    },

    /** Revokes the key (a second revoke keeps the first time); undefined if there is no such key. */
    revoke(id: string): ApiKeyRecord | undefined {
      markRevoked.run({ id, at: now() });
      return get(id);
    },
  };
}

export type ApiKeyQueries = ReturnType<typeof apiKeyQueries>;
