// Opens the data directory's SQLite database (WAL, full sync, busy timeout), migrates it, sweeps orphans, returns the Store.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { privateDir, privateFile, tightenFile } from '../files/privateModes';
import { migrate } from './migrate';
import { outputFiles, type OutputFiles } from './outputFiles';
import { apiKeyQueries, type ApiKeyQueries } from './queries/apiKeys';
import { counterQueries, type CounterQueries } from './queries/counters';
import { imageQueries, type ImageQueries } from './queries/images';
import { libraryQueries, type LibraryQueries } from './queries/libraries';
import { printerQueries, type PrinterQueries } from './queries/printers';
import { printJobQueries, type PrintJobQueries } from './queries/printJobs';
import { renderQueries, type RenderQueries } from './queries/renders';
import { settingsQueries, type SettingsQueries } from './queries/settings';
import { storageQueries, type StorageQueries } from './queries/storage';
import { teamQueries, type TeamQueries } from './queries/teams';
import { templateQueries, type TemplateQueries } from './queries/templates';
import { templateVersionQueries, type TemplateVersionQueries } from './queries/templateVersions';
import { usageQueries, type UsageQueries } from './queries/usage';
import { removeOrphans } from './removeOrphans';

export const DATABASE_FILE = 'labelsmith.db';
/** How long a writer waits for another connection's write lock (the server and the admin CLI share the file). */
const BUSY_TIMEOUT_MS = 5000;

export interface StoreOptions {
  /** better-sqlite3's compiled addon, for Electron, whose ABI differs from Node's; default: the package's own build. */
  nativeBinding?: string;
  /** The clock for created_at, expiry and billing periods; tests set it. */
  now?: () => number;
  /** Sweep orphaned outputs at open (default true). The admin CLI skips it: it never writes outputs. */
  removeOrphans?: boolean;
}

export interface Store {
  readonly dataDir: string;
  readonly db: Database.Database;
  readonly now: () => number;
  readonly teams: TeamQueries;
  readonly apiKeys: ApiKeyQueries;
  readonly libraries: LibraryQueries;
  readonly templates: TemplateQueries;
  readonly templateVersions: TemplateVersionQueries;
  readonly renders: RenderQueries;
  readonly usage: UsageQueries;
  readonly settings: SettingsQueries;
  readonly printers: PrinterQueries;
  readonly counters: CounterQueries;
  readonly printJobs: PrintJobQueries;
  readonly storage: StorageQueries;
  readonly images: ImageQueries;
  readonly outputs: OutputFiles;
  /**
   * Runs fn in one IMMEDIATE transaction (nested calls become savepoints). Taking the write lock up front matters in
   * WAL mode: a transaction that read first and then writes fails at once with SQLITE_BUSY if another connection
   * wrote in between, without waiting for the busy timeout.
   */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function openStore(dataDir: string, options: StoreOptions = {}): Store {
  privateDir(dataDir);
  const outputs = outputFiles(dataDir);
  const databasePath = join(dataDir, DATABASE_FILE);
  // SQLite gives the -wal and -shm files the database file's mode: a 0600 database keeps them 0600 too. Ones left by
  // an older version are tightened here.
  privateFile(databasePath);
  for (const suffix of ['-wal', '-shm']) tightenFile(`${databasePath}${suffix}`);
  const db = new Database(databasePath, {
    timeout: BUSY_TIMEOUT_MS,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
  });
  try {
    db.pragma('journal_mode = WAL');
    // FULL: a commit is on disk when it returns, so a render answered 200 survives a power cut, not just a crash.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const now = options.now ?? Date.now;
  const teams = teamQueries(db, now);
  const templateVersions = templateVersionQueries(db, now);
  const store: Store = {
    dataDir,
    db,
    now,
    teams,
    apiKeys: apiKeyQueries(db, now, teams),
    libraries: libraryQueries(db, now),
    templates: templateQueries(db, now, templateVersions),
    templateVersions,
    renders: renderQueries(db, now),
    usage: usageQueries(db),
    settings: settingsQueries(db),
    printers: printerQueries(db, now),
    counters: counterQueries(db, now),
    printJobs: printJobQueries(db, now),
    storage: storageQueries(db),
    images: imageQueries(db, now),
    outputs,
    transaction: (fn) => db.transaction(fn).immediate(),
    close: () => db.close(),
  };
  if (options.removeOrphans ?? true) removeOrphans(store);
  return store;
}
