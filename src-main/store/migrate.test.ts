import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { DATABASE_FILE } from './openStore';
import { openTestStore, tempDataDir, sqliteOf } from '../../test/support/store/storeTestSupport';

/** The newest version this Labelsmith knows (numbers may skip one that another branch holds). */
const LATEST = MIGRATIONS.at(-1)?.version ?? 0;

function tableNames(db: Database.Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
}

describe('migrations', () => {
  it('create every table once and record the version', async () => {
    const store = await openTestStore();
    expect(sqliteOf(store).pragma('user_version', { simple: true })).toBe(LATEST);
    expect(tableNames(sqliteOf(store))).toEqual([
      'api_keys',
      'counters',
      'expired_renders',
      'hot_folder_files',
      'hot_folders',
      'images',
      'libraries',
      'print_jobs',
      'printers',
      'quota_reservations',
      'renders',
      'settings',
      'team_storage',
      'teams',
      'template_versions',
      'templates',
      'usage_daily',
      'usage_monthly',
      'virtual_printers',
    ]);
  });

  it('are not applied again when the store is reopened, and keep the data', async () => {
    const dir = tempDataDir();
    const first = await openTestStore(dir);
    await first.teams.create({ name: 'Acme', plan: 'dev' });
    await first.close();
    const db = new Database(join(dir, DATABASE_FILE));
    try {
      expect(migrate(db)).toEqual([]);
      expect(db.prepare('SELECT count(*) AS n FROM teams').get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('apply later migrations in order, each once', async () => {
    const db = new Database(':memory:');
    try {
      const later = [
        ...MIGRATIONS,
        { version: LATEST + 1, name: 'test_extra', sql: 'CREATE TABLE extra (id TEXT PRIMARY KEY) STRICT;' },
      ];
      expect(migrate(db, MIGRATIONS)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(migrate(db, later)).toEqual([LATEST + 1]);
      expect(migrate(db, later)).toEqual([]);
      expect(tableNames(db)).toContain('extra');
    } finally {
      db.close();
    }
  });

  it('roll back a failing migration whole', async () => {
    const db = new Database(':memory:');
    try {
      migrate(db);
      const broken = [
        ...MIGRATIONS,
        { version: LATEST + 1, name: 'broken', sql: 'CREATE TABLE half (id TEXT); SELECT * FROM missing_table;' },
      ];
      expect(() => migrate(db, broken)).toThrow(/missing_table/);
      expect(tableNames(db)).not.toContain('half');
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
    } finally {
      db.close();
    }
  });

  it('refuse a database written by a newer Labelsmith', async () => {
    const db = new Database(':memory:');
    try {
      db.pragma(`user_version = ${LATEST + 5}`);
      expect(() => migrate(db)).toThrow(/newer than this Labelsmith knows/);
    } finally {
      db.close();
    }
  });
});
