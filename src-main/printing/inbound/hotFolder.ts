// A hot folder: prints each file dropped in it once (.zpl as raw ZPL, .csv/.xlsx/.json as a template's records), then moves it to done/ or failed/.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Logger } from 'pino';
import { AppError } from '@shared/errors';
import { isPlainObject } from '@shared/render/batchPlan';
import { CSV_EXTENSIONS, hasExtension, readTableFile, SHEET_EXTENSIONS } from '@shared/records/tableFile';
import { UsageError } from '../../cli/cliErrors';
import { readRecordsFile } from '../../cli/readRecords';
import type { QuotaGate } from '../../server/admission/quotaGate';
import type { Store, StoreScope } from '../../store/openStore';
import type { PrinterRecord } from '../../store/queries/printerFields';
import type { TeamRecord } from '../../store/storeTypes';
import { inboundSubmission, recordQuotaRefusal, submitPrintJob, type Render } from '../printJobSubmission';
import type { PrintQueue } from '../printQueue';
import { submitRawZplJob } from '../rawZplSubmission';

/** A file is printed once its size and modification time have not changed for this long (or its .ready marker exists). */
export const DEFAULT_STABLE_MS = 2000;
export const DEFAULT_POLL_MS = 500;
const READY_MARKER = '.ready';
const DONE = 'done';
const FAILED = 'failed';

export interface HotFolderDeps {
  store: Store;
  render: Render;
  quota: QuotaGate;
  queue: Pick<PrintQueue, 'wake'>;
  logger?: Logger;
}

export interface HotFolderOptions {
  /** The folder's absolute path: claims are recorded under it. */
  folder: string;
  team: TeamRecord;
  printer: PrinterRecord;
  /** The template data files print with, unless they name one (a `template` column or key). */
  templateSlug?: string;
  stableMs?: number;
  pollMs?: number;
  /** Each file handled: queued as a job, or failed with the reason. */
  onFile?: (outcome: HotFolderOutcome) => void;
}

export type HotFolderOutcome =
  | { file: string; status: 'done'; jobId: string; again: boolean }
  | { file: string; status: 'failed'; error: { code: string; message: string } };

export interface HotFolder {
  /** Looks at the folder now (the timer does it every pollMs). */
  scan(): Promise<void>;
  /** Stops looking; the file being handled finishes first. */
  close(): Promise<void>;
}

/** The file types the folder prints; anything else goes to failed/ saying so. */
const DATA_EXTENSIONS = ['.json', ...CSV_EXTENSIONS, ...SHEET_EXTENSIONS];

/** A problem with a file, as its .error.txt says it. */
class HotFolderFileError extends AppError {
  constructor(message: string) {
    super('BAD_FILE', 400, message);
  }
}

/** A name free in `dir`: the file's own, else with -2, -3… before its extension (a file of the same name was there before). */
function freeName(dir: string, name: string): string {
  if (!existsSync(join(dir, name))) return name;
  const extension = extname(name);
  const base = name.slice(0, name.length - extension.length);
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}${extension}`;
    if (!existsSync(join(dir, candidate))) return candidate;
  }
}

/** The template a data file names (its records' `template` values, which must agree), else the option's. */
function templateNamed(records: readonly unknown[], option: string | undefined): string {
  const named = new Set(
    records.map((record) =>
      isPlainObject(record) && typeof record.template === 'string' ? record.template.trim() : '',
    ),
  );
  named.delete('');
  if (named.size > 1)
    throw new HotFolderFileError(
      `its records name ${named.size} different templates in their "template" column: one file prints one template`,
    );
  const [only = option] = named;
  if (only === undefined)
    throw new HotFolderFileError(
      'names no template: give watch --template SLUG, or a "template" column (CSV, sheet) or key (JSON)',
    );
  return only;
}

export async function startHotFolder(deps: HotFolderDeps, options: HotFolderOptions): Promise<HotFolder> {
  const { store, logger } = deps;
  const { folder, team, printer } = options;
  const stableMs = options.stableMs ?? DEFAULT_STABLE_MS;
  await mkdir(join(folder, DONE), { recursive: true });
  await mkdir(join(folder, FAILED), { recursive: true });
  /** Each file's size and mtime at the last look, and since when they have been so. */
  const seen = new Map<string, { size: number; mtimeMs: number; since: number }>();
  let closed = false;

  /** Claims of files no longer in the folder with that content: moved before a crash let the claim say so. */
  async function settleMovedClaims(): Promise<void> {
    for (const claim of await store.hotFolderFiles.openClaims(folder)) {
      const bytes = await readFile(join(folder, claim.name)).catch(() => undefined);
      if (bytes === undefined || sha256(bytes) !== claim.sha256)
        await store.hotFolderFiles.moved(folder, claim.name, claim.sha256);
    }
  }

  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

  /** Still being written: size or mtime changed since the last look, or not yet stable for stableMs; a .ready marker says it is done. */
  async function isReady(name: string, names: ReadonlySet<string>): Promise<boolean> {
    if (names.has(name + READY_MARKER)) return true;
    const info = await stat(join(folder, name)).catch(() => undefined);
    if (info === undefined || !info.isFile()) return false;
    const now = Date.now();
    const before = seen.get(name);
    if (before === undefined || before.size !== info.size || before.mtimeMs !== info.mtimeMs) {
      seen.set(name, { size: info.size, mtimeMs: info.mtimeMs, since: now });
      return false;
    }
    return now - before.since >= stableMs;
  }

  async function submit(name: string, bytes: Buffer, sha: string) {
    const submission = {
      ...inboundSubmission(team, printer, { kind: 'hot-folder', folder, file: name }),
      claimInCommit: (trx: StoreScope, jobId: string) =>
        trx.hotFolderFiles.claim({ folder, name, sha256: sha, teamId: team.id, jobId }),
    };
    if (hasExtension(name, ['.zpl'])) return submitRawZplJob(deps, { ...submission, zpl: bytes });
    const path = join(folder, name);
    const { records, template: fromFile } = readData(name, path, bytes);
    const slug = fromFile ?? templateNamed(records, options.templateSlug);
    const stored = await store.templates.resolve(team.id, slug, { publishedOnly: false });
    if (stored === undefined) throw new HotFolderFileError(`the team has no template ${JSON.stringify(slug)}`);
    // Read again with the template known: its saved column mapping shapes a sheet's or CSV's rows, as `print --records` does.
    const shaped = fromFile === undefined ? readRecordsFile(path, {}, stored.content).records : records;
    if (!Array.isArray(shaped) || shaped.length === 0) throw new HotFolderFileError('holds no records');
    return submitPrintJob(deps, {
      ...submission,
      template: stored.content,
      templateId: stored.id,
      templateVersion: null,
      records: shaped,
    });
  }

  /** The records of a data file, and the template a JSON {"template", "records"} object names. */
  function readData(name: string, path: string, bytes: Buffer): { records: unknown[]; template?: string } {
    if (!hasExtension(name, ['.json'])) return { records: readTableFile(path, bytes).records };
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw new HotFolderFileError(`is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (Array.isArray(parsed)) return { records: parsed };
    if (isPlainObject(parsed) && Array.isArray(parsed.records))
      return typeof parsed.template === 'string'
        ? { records: parsed.records, template: parsed.template }
        : { records: parsed.records };
    throw new HotFolderFileError('must be a JSON array of records, or {"template": "slug", "records": [...]}');
  }

  async function moveOut(name: string, to: typeof DONE | typeof FAILED): Promise<string> {
    const target = freeName(join(folder, to), name);
    await rename(join(folder, name), join(folder, to, target));
    await rm(join(folder, name + READY_MARKER), { force: true });
    seen.delete(name);
    return target;
  }

  async function handle(name: string): Promise<void> {
    const bytes = await readFile(join(folder, name));
    const sha = sha256(bytes);
    // Claimed before a crash: its job exists, only the move is left.
    const claimed = await store.hotFolderFiles.openClaim(folder, name, sha);
    let outcome: HotFolderOutcome;
    try {
      if (claimed === undefined && !hasExtension(name, ['.zpl', ...DATA_EXTENSIONS]))
        throw new HotFolderFileError(
          `is not a file the folder prints: .zpl, .csv, .tsv, .txt, .xlsx, .xls, .ods or .json`,
        );
      const jobId = claimed ?? (await submit(name, bytes, sha)).id;
      deps.queue.wake();
      outcome = { file: name, status: 'done', jobId, again: claimed !== undefined };
    } catch (error) {
      // A data file the CLI's reader refuses says so as a usage error: still this file's fault.
      if (!(error instanceof AppError || error instanceof UsageError)) throw error;
      const code = error instanceof AppError ? error.code : 'BAD_FILE';
      outcome = { file: name, status: 'failed', error: { code, message: error.message } };
      const source = { kind: 'hot-folder', folder, file: name } as const;
      if (error instanceof AppError)
        await recordQuotaRefusal(
          store,
          inboundSubmission(team, printer, source),
          { raw: hasExtension(name, ['.zpl']), labelCount: 0 },
          error,
        );
    }
    if (outcome.status === 'done') {
      await moveOut(name, DONE);
      await store.hotFolderFiles.moved(folder, name, sha);
    } else {
      const target = await moveOut(name, FAILED);
      await writeFile(
        join(folder, FAILED, `${target}.error.txt`),
        `${name}: ${outcome.error.message} (${outcome.error.code})\n`,
      );
    }
    logger?.info({ ...outcome, folder }, 'hot folder: file handled');
    options.onFile?.(outcome);
  }

  let scanning: Promise<void> = settleMovedClaims();
  async function look(): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true });
    const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
    for (const name of seen.keys()) if (!names.has(name)) seen.delete(name);
    // Name order: a WMS that numbers its files gets them printed in its order.
    for (const name of [...names].sort()) {
      if (closed) return;
      if (name.startsWith('.') || name.endsWith(READY_MARKER)) continue;
      if (await isReady(name, names)) await handle(name);
    }
  }
  const scan = (): Promise<void> => (scanning = scanning.then(look));
  const timer = setInterval(() => {
    scan().catch((error: unknown) => {
      logger?.error({ err: error, folder }, 'hot folder: looking at the folder failed');
      scanning = Promise.resolve();
    });
  }, options.pollMs ?? DEFAULT_POLL_MS);

  return {
    scan,
    async close() {
      closed = true;
      clearInterval(timer);
      await scanning.catch(() => undefined);
    },
  };
}
