// Kysely's SQLite dialect over one better-sqlite3 connection, with write transactions that take the lock up front and prepared statements kept per SQL text.
import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts kept prepared: the store has about a hundred; lists with a varying number of values add a few. */
const PREPARED_STATEMENT_LIMIT = 500;

/**
 * Kysely begins transactions with a plain BEGIN, which takes SQLite's write lock only at the first write. In WAL mode a
 * transaction that read first and then writes fails at once with SQLITE_BUSY if another connection (the admin CLI, a
 * second server) wrote in between, without waiting for the busy timeout. BEGIN IMMEDIATE waits for the lock first.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

/**
 * Kysely prepares every query it runs; compiling the same SQL again costs more than running it (a render runs a dozen
 * small queries). The connection hands out the statement it prepared before for the same text.
 */
function preparedOnce(db: Database.Database): SqliteDatabase {
  const statements = new LRUCache<string, Database.Statement>({ max: PREPARED_STATEMENT_LIMIT });
  return {
    close: () => db.close(),
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The dialect for an open better-sqlite3 connection; destroying the Kysely instance closes the connection. */
export function sqliteDialect(db: Database.Database): SqliteDialect {
  return new ImmediateSqliteDialect(preparedOnce(db));
}
