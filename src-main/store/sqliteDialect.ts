// Kysely's SQLite dialect over one better-sqlite3 connection: write transactions that take the lock up front, prepared statements kept per SQL text, and writes made durable by the shared log sync.
import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Executor } from './schema';
import type { WalSync } from './walSync';

/** Distinct SQL texts kept prepared: the store has about a hundred; lists with a varying number of values add a few. */
const PREPARED_STATEMENT_LIMIT = 500;

/**
 * Kysely begins transactions with a plain BEGIN, which takes SQLite's write lock only at the first write. In WAL mode a
 * transaction that read first and then writes fails at once with SQLITE_BUSY if another connection (the admin CLI, a
 * second server) wrote in between, without waiting for the busy timeout. BEGIN IMMEDIATE waits for the lock first.
 *
 * The connection commits without syncing (see WalSync). Kysely hands the one connection out for a query or a whole
 * transaction and takes it back when that is done; when what was done in that time changed rows, the caller waits,
 * after the connection is free for the next one, until the log is synced: a transaction or a write resolves durable,
 * as under `synchronous = FULL`, while the next request's queries run and its commit joins the same sync.
 */
class DurableSqliteDriver extends SqliteDriver {
  /** Rows changed on the connection when it was last handed out. */
  private changesAtAcquire = 0;
  /** The present holder's writes need no sync of their own (transient rows). */
  private unsyncedHold = false;

  constructor(
    database: SqliteDatabase,
    private readonly changes: () => number,
    private readonly walSync: WalSync,
  ) {
    super({ database });
  }

  /** Called by the connection's present holder: what it writes is not waited for (a later durable write syncs it). */
  holdWithoutSync(): void {
    this.unsyncedHold = true;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.changesAtAcquire = this.changes();
    this.unsyncedHold = false;
    return connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async releaseConnection(): Promise<void> {
    const wrote = this.changes() !== this.changesAtAcquire && !this.unsyncedHold;
    await super.releaseConnection();
    if (wrote) await this.walSync.durable();
  }
}

class DurableSqliteDialect extends SqliteDialect {
  /** The driver Kysely created (one per Kysely instance, which the store makes once). */
  driver: DurableSqliteDriver | undefined;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly changes: () => number,
    private readonly walSync: WalSync,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    this.driver = new DurableSqliteDriver(this.database, this.changes, this.walSync);
    return this.driver;
  }

  /** The adapter of every Kysely instance (and of its transactions) on this connection: how directly() finds it. */
  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    connectionOf.set(adapter, this.database);
    return adapter;
  }
}

/** The connection under each adapter this dialect made. */
const connectionOf = new WeakMap<DialectAdapter, SqliteDatabase>();

/** The store's transactions whose work is running: one kept past its end goes through Kysely, which refuses it. */
const running = new WeakSet<Executor>();

/** Runs a transaction's work with its statements allowed on the connection itself (directly) until it settles. */
export async function openWhile<T>(trx: Executor, work: () => Promise<T>): Promise<T> {
  running.add(trx);
  try {
    return await work();
  } finally {
    running.delete(trx);
  }
}

/**
 * Runs a query on the SQLite connection itself when `db` is a transaction on it whose work is running (openWhile), as
 * Kysely's own SQLite connection would run it; undefined elsewhere (outside a transaction, on PostgreSQL). A store on
 * SQLite has one connection, and a transaction holds it from its begin to its end: its statements cannot meet another
 * holder's, so they need none of the connection hand-over and result plumbing Kysely wraps around each query: a
 * render's usage count (three statements in one transaction) took a third less time without it.
 */
function directly<R>(db: Executor, sql: string, parameters: readonly unknown[]): QueryResult<R> | undefined {
  if (!running.has(db)) return undefined;
  const connection = connectionOf.get(db.getExecutor().adapter);
  if (connection === undefined) return undefined;
  const statement = connection.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/** Runs a compiled query on `db`: directly on the SQLite connection inside a transaction on it, else through Kysely. */
export function runQuery<R>(db: Executor, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  let direct: QueryResult<R> | undefined;
  try {
    direct = directly<R>(db, query.sql, query.parameters);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  return direct === undefined ? db.executeQuery(query) : Promise.resolve(direct);
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

export interface DurableSqlite {
  dialect: SqliteDialect;
  /** Inside a held connection (Kysely's connection().execute): its writes do not wait for the log sync. */
  holdWithoutSync(): void;
}

/** The dialect for an open better-sqlite3 connection in WAL mode; destroying the Kysely instance closes the connection. */
export function sqliteDialect(db: Database.Database, walSync: WalSync): DurableSqlite {
  // total_changes() counts the rows every INSERT, UPDATE and DELETE of the connection changed, RETURNING or not.
  const totalChanges = db.prepare('select total_changes()').pluck();
  const dialect = new DurableSqliteDialect(preparedOnce(db), () => totalChanges.get() as number, walSync);
  return { dialect, holdWithoutSync: () => dialect.driver?.holdWithoutSync() };
}
