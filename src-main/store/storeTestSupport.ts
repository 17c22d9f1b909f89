// Test helpers for the store and the CLI: real databases in temporary data directories, a settable clock, small valid templates, node bundles.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bundleForTests } from '../testing/bundleForTests';
import { afterAll, afterEach } from 'vitest';
import { parseTemplate, type Template } from '../../src-shared/model/template';
import type Database from 'better-sqlite3';
import type { SqlDialect } from './migrate';
import { openStore, type Store, type StoreOptions } from './openStore';
import { freshDatabaseUrl } from './postgresTestSupport';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const bundleDirs: string[] = [];
afterAll(() => {
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
 * openTestStore for one dialect. On PostgreSQL each data directory gets its own fresh database, so a test that closes
 * and reopens a data directory finds its data again, as on SQLite.
 */
export function testStoreOpener(dialect: SqlDialect): (dataDir?: string, options?: StoreOptions) => Promise<Store> {
  if (dialect === 'sqlite') return openTestStore;
  const urls = new Map<string, Promise<string>>();
  return (dataDir = tempDataDir(), options = {}) => {
    let url = urls.get(dataDir);
    if (url === undefined) {
      url = freshDatabaseUrl();
      urls.set(dataDir, url);
    }
    return url.then((databaseUrl) => openTestStore(dataDir, { ...options, databaseUrl }));
  };
}

/** Opens a store that is closed after the test (closing twice is harmless). */
export async function openTestStore(dataDir: string = tempDataDir(), options: StoreOptions = {}): Promise<Store> {
  const store = await openStore(dataDir, options);
  cleanups.push(() => store.close());
  return store;
}

/** The SQLite connection of a store opened on SQLite, for what only SQLite has (pragmas, holding its write lock). */
export function sqliteOf(store: Store): Database.Database {
  if (store.sqlite === undefined) throw new Error('this check needs a SQLite store');
  return store.sqlite;
}

export function testClock(start: string | number = '2025-06-15T12:00:00Z'): { now: () => number; set(at: string | number): void; advance(ms: number): void } {
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
      { id: 'title', type: 'text', position: { mode: 'absolute', x: '2mm', y: '2mm' }, width: '46mm', height: '8mm', content: { expression: 'data.title' } },
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
