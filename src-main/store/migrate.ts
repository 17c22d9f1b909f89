// Brings a database to the latest schema: each pending migration runs in its own transaction with its version bump.
import type Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Returns the versions applied by this call (empty when the database was already current). */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const latest = migrations.at(-1)?.version ?? 0;
  const found = userVersion(db);
  if (found > latest) throw new Error(`the database has schema version ${found}, newer than this Labelsmith knows (${latest}): update Labelsmith`);
  const applied: number[] = [];
  if (found === latest) return applied;
  for (const migration of migrations) {
    // IMMEDIATE takes the write lock before re-reading user_version, so two processes opening a new data
    // directory at once cannot both apply the same migration.
    db.transaction(() => {
      if (userVersion(db) >= migration.version) return;
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
      applied.push(migration.version);
    }).immediate();
  }
  return applied;
}
