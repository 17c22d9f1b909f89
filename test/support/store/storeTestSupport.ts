// Test helpers for the store and the CLI: real databases in temporary data directories, a settable clock, small valid templates, node bundles.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bundleForTests } from '../cli/bundleForTests';
import { afterEveryFile, afterEveryTest } from '../fileHooks';
import { parseTemplate, type Template } from '@shared/model/template';
import type Database from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import type { SqlDialect } from '@main/store/migrate';
import { openStore, type Store, type StoreOptions } from '@main/store/openStore';
import { OUTPUT_AREAS } from '@main/store/outputStore';
import { freshDatabaseUrl } from './postgresTestSupport';
import { redisUrl } from './redisTestSupport';

const cleanups: (() => void | Promise<void>)[] = [];
afterEveryTest(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const bundleDirs: string[] = [];
afterEveryFile(() => {
  for (const dir of bundleDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory, removed after the test. */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-store-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The databases the store tests run against: each `describe.each(STORE_DIALECTS)` runs its tests on both. */
export const STORE_DIALECTS: readonly SqlDialect[] = ['sqlite', 'postgres'];

/**
 * The database the rest of the suite (servers, CLI runs, tests of other modules) opens its stores on: SQLite, or with
 * LABELSMITH_TEST_DATABASE=postgres, PostgreSQL, so the whole suite can run on the second store too.
 */
export const SUITE_DIALECT: SqlDialect = process.env.LABELSMITH_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

const postgresDatabases = new Map<string, Promise<string>>();
// Their server stops after each file (postgresTestSupport).
afterEveryFile(() => postgresDatabases.clear());

/**
 * What a store of this data directory is opened with on `dialect`. On PostgreSQL each data directory gets its own fresh
 * database, made on first use and found again later, so a test that closes and reopens a data directory (or starts a
 * server or CLI process on it) finds its data, as on SQLite.
 */
export async function testDatabase(
  dataDir: string,
  dialect: SqlDialect = SUITE_DIALECT,
): Promise<{ databaseUrl?: string }> {
  if (dialect === 'sqlite') return {};
  let url = postgresDatabases.get(dataDir);
  if (url === undefined) {
    url = freshDatabaseUrl();
    postgresDatabases.set(dataDir, url);
  }
  return { databaseUrl: await url };
}

/**
 * The environment a `labelsmith` process of this data directory runs with to use the suite's database; on PostgreSQL
 * also this file's Redis, which `serve` needs beside a shared database. Nothing when the test file set its own
 * database for every process (LABELSMITH_DATABASE_URL in its environment, as the several-node tests do).
 */
export async function testDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (process.env.LABELSMITH_DATABASE_URL) return {};
  const { databaseUrl } = await testDatabase(dataDir);
  return databaseUrl === undefined
    ? {}
    : { LABELSMITH_DATABASE_URL: databaseUrl, LABELSMITH_REDIS_URL: await redisUrl() };
}

/** The suite's database environment for a `labelsmith` command line: that of the data directory its --data-dir names, if any. */
export async function testDatabaseEnvFor(args: readonly string[]): Promise<Record<string, string>> {
  const at = args.indexOf('--data-dir');
  const dataDir = at < 0 ? undefined : args[at + 1];
  return dataDir === undefined ? {} : testDatabaseEnv(dataDir);
}

/** openTestStore on one dialect, whatever the suite's: the store's own tests run each on both. */
export function testStoreOpener(dialect: SqlDialect): (dataDir?: string, options?: StoreOptions) => Promise<Store> {
  return async (dataDir = tempDataDir(), options = {}) => {
    const store = await openStore(dataDir, { ...(await testDatabase(dataDir, dialect)), ...options });
    cleanups.push(() => store.close());
    return store;
  };
}

/** Opens a store on the suite's database that is closed after the test (closing twice is harmless); options may name another database. */
export function openTestStore(dataDir?: string, options?: StoreOptions): Promise<Store> {
  return testStoreOpener(SUITE_DIALECT)(dataDir, options);
}

/**
 * Rows of the suite's database of a data directory, read beside whatever server or CLI process runs on it, with SQL
 * both dialects accept (cast counts and sums AS INTEGER: PostgreSQL returns bigint and numeric as strings).
 */
export async function queryDatabase<Row>(dataDir: string, query: RawBuilder<Row>): Promise<Row[]> {
  const store = await openStore(dataDir, { ...(await testDatabase(dataDir)), removeOrphans: false });
  try {
    return (await query.execute(store.db)).rows;
  } finally {
    await store.close();
  }
}

/** How many rows a table of the store holds, only one team's when teamId is given: the same check on both databases. */
export async function countRows(store: Store, table: 'print_jobs' | 'renders', teamId?: string): Promise<number> {
  const where = teamId === undefined ? sql`` : sql` WHERE team_id = ${teamId}`;
  const { rows } = await sql<{
    n: number;
  }>`SELECT CAST(count(*) AS INTEGER) AS n FROM ${sql.table(table)}${where}`.execute(store.db);
  return rows[0]?.n ?? 0;
}

/** The folder of a store's render outputs (stores opened without an outputs URL keep them in the data directory). */
export function outputsDir(store: Store): string {
  return join(store.dataDir, OUTPUT_AREAS.outputs);
}

/** The SQLite connection of a store opened on SQLite, for what only SQLite has (pragmas, holding its write lock). */
export function sqliteOf(store: Store): Database.Database {
  if (store.sqlite === undefined) throw new Error('this check needs a SQLite store');
  return store.sqlite;
}

export function testClock(start: string | number = '2025-06-15T12:00:00Z'): {
  now: () => number;
  set(at: string | number): void;
  advance(ms: number): void;
} {
  let current = typeof start === 'number' ? start : Date.parse(start);
  return {
    now: () => current,
    set: (at) => {
      current = typeof at === 'number' ? at : Date.parse(at);
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export function sampleTemplate(name = 'Asset tag'): Template {
  return parseTemplate({
    formatVersion: 1,
    meta: { name },
    dimensions: { width: '50mm', height: '25mm' },
    elements: [
      {
        id: 'title',
        type: 'text',
        position: { mode: 'absolute', x: '2mm', y: '2mm' },
        width: '46mm',
        height: '8mm',
        content: { expression: 'data.title' },
      },
    ],
  });
}

/**
 * Bundles a TypeScript entry for `node` as package.json's build:node does (SQL as text, packages external), into a
 * private folder inside the repository (so node_modules resolves) rather than out/, which other builds rewrite.
 * Call it in beforeAll; the bundle is removed after the file's tests.
 */
export async function bundleForNode(entry: string): Promise<string> {
  const name = basename(entry, '.ts');
  const dir = await bundleForTests({ [name]: entry });
  bundleDirs.push(dir);
  return join(dir, `${name}.mjs`);
}
