// What the admin commands (team, key, library, template…) share: where the store is (--data-dir and the backend options), option parsing, one JSON answer.
import type { Command } from 'commander';
import { z } from 'zod';
import { NotFoundError } from '@shared/api/apiErrors';
import { resolveDataDir } from '../config/dataDir';
import type { Store } from '../store/openStore';
import { resolveBackends, withBackendOptions, type BackendOptions } from './backendOptions';
import { UsageError } from './cliErrors';

export interface DataDirOption {
  dataDir?: string;
}

export function withDataDirOption(command: Command): Command {
  return command.option(
    '--data-dir <dir>',
    'data directory (default: $LABELSMITH_DATA_DIR, else the platform app-data folder)',
  );
}

/** Where a command's store is: the data directory and, for a shared installation, the database, outputs and Redis URLs. */
export type StoreLocation = DataDirOption & BackendOptions;

/** --data-dir and the backend options (--database, --outputs, --redis): for every command that opens the store. */
export function withStoreOptions(command: Command): Command {
  return withBackendOptions(withDataDirOption(command));
}

/** Every admin command answers with exactly one JSON object on stdout, so scripts can parse it. */
export function printJson(value: object): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Opens the store, runs the command and prints its answer, closing the store whatever happens. The server may have
 * the database open at the same time: WAL and the busy timeout let both work. The orphan sweep is left to the
 * server, which is the one writing outputs.
 */
export async function runWithStore(options: StoreLocation, work: (store: Store) => Promise<object>): Promise<void> {
  await withStore(options, async (store) => printJson(await work(store)));
}

/** As runWithStore, for a command that waits (a print, a reprint) and prints its own answer. */
export async function withStore(options: StoreLocation, work: (store: Store) => Promise<void>): Promise<void> {
  const store = await openCommandStore(options);
  try {
    await work(store);
  } finally {
    await store.close();
  }
}

/**
 * Opens the store a command's options point at, without the orphan sweep (see runWithStore); the caller closes it.
 * The store's code is loaded here, not when the command is defined: a usage error answers before it is needed.
 */
export async function openCommandStore(options: StoreLocation): Promise<Store> {
  const { databaseUrl, outputsUrl } = resolveBackends(options, 'admin');
  const { openStore } = await import('../store/openStore');
  return openStore(resolveDataDir({ flag: options.dataDir }), { removeOrphans: false, databaseUrl, outputsUrl });
}

/** The record, or a NotFoundError naming what was looked for (exit code 2). */
export function found<T>(record: T | undefined, what: string, key: string): T {
  if (record === undefined) throw new NotFoundError(`there is no ${what} ${JSON.stringify(key)}`);
  return record;
}

/** `quotaLimit` -> `--quota-limit`: problems are reported under the option's name as typed. */
function optionName(key: PropertyKey | undefined): string {
  return key === undefined ? 'options' : `--${String(key).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Validates commander's parsed options with a zod schema; every problem is named, with exit code 2. */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  throw new UsageError(result.error.issues.map((issue) => `${optionName(issue.path[0])}: ${issue.message}`).join('; '));
}

export { nameSchema } from '@shared/api/editorApi';

function wholeNumber(text: string, min: number): number | undefined {
  const value = Number(text);
  return /^-?\d+$/.test(text) && Number.isSafeInteger(value) && value >= min ? value : undefined;
}

/** A whole number given as option text, at least `min`. */
export function wholeNumberSchema(min: number) {
  return z.string().transform((text, ctx) => {
    const value = wholeNumber(text, min);
    if (value === undefined)
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number of at least ${min}, got ${JSON.stringify(text)}`,
      });
    return value ?? z.NEVER;
  });
}

/** Like wholeNumberSchema, or "default" (null) to drop a team's override and use its plan's value again. */
export function overrideSchema(min: number) {
  return z.string().transform((text, ctx): number | null => {
    if (text === 'default') return null;
    const value = wholeNumber(text, min);
    if (value === undefined)
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number of at least ${min} or "default", got ${JSON.stringify(text)}`,
      });
    return value ?? z.NEVER;
  });
}
