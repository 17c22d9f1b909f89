// Test helpers for the HTTP contract suite: a real server (store, render pool, Koa) on a random port, set up through the admin commands' own code.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { expect } from 'vitest';
import { afterEveryFile } from '../fileHooks';
import { z } from 'zod';
import packageJson from '../../../package.json';
import { printJobSchema, type PrintJob } from '@shared/api/printRequest';
import type { PrintQueueOptions } from '@main/printing/printQueueOptions';
import { createRenderPool } from '@main/render/renderPool';
import { openStore, type Store } from '@main/store/openStore';
import { testDatabase } from '../store/storeTestSupport';
import { startServer, type ServerDeps } from '@main/server/createServer';
import { bundleForTests, SOURCE_ENTRIES } from '../cli/bundleForTests';
import { runNodeScript, type ProcessRun } from '../cli/runProcess';
import { found } from '@main/cli/adminCliSupport';
import { describeTeam } from '@main/cli/teamCommand';
import { importTemplate, templateSummary } from '@main/cli/templateCommand';
import { parseTemplate } from '@shared/model/template';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
/** The render worker the pool runs: `npm run build:node` (also npm's pretest) writes it. */
export const RENDER_WORKER_PATH = join(REPO_ROOT, 'out', 'node', 'render', 'renderWorker.mjs');
export const APP_VERSION = packageJson.version;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const API_KEY_PATTERN = /^svc_sk_(live|test)_[A-Za-z0-9_-]{32,}$/;

// ---------------------------------------------------------------------------------------------------------------------
// Clocks and data directories

/** A clock that runs with real time from an offset the test moves: the store's `now` (expiry, billing periods). */
export interface TestClock {
  now: () => number;
  /** Jumps to a moment (ISO text or epoch ms); time keeps running from there. */
  set(at: string | number): void;
  advance(ms: number): void;
  /** Back to real time. */
  reset(): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    set: (at) => {
      offset = (typeof at === 'number' ? at : Date.parse(at)) - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'labelsmith-server-test-'));
}

export function removeDataDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------------------------
// The server

export interface StartOptions {
  /** Default: a fresh directory from fs.mkdtemp, removed by dispose(). */
  dataDir?: string;
  /** The store's clock (default: real time). */
  now?: () => number;
  threads?: number;
  host?: string;
  allowedHostnames?: string[];
  /** The print queue's retries, timeouts and polling (print tests shorten them). */
  printQueue?: PrintQueueOptions;
  /** The per-output cap of kept outputs (default 50 MB): storage tests lower it. */
  maxOutputBytes?: number;
  /** s3://bucket/prefix: outputs in S3 (the AWS_* variables of this process say where); default the data directory. */
  outputsUrl?: string;
  /** ServerConfig.viewerWithoutKey. */
  viewerWithoutKey?: boolean;
  /** The virtual printers' limits and rescan period (their tests shorten them). */
  virtualPrinters?: ServerDeps['virtualPrinters'];
}

export interface TestServer {
  url: string;
  port: number;
  host: string;
  dataDir: string;
  /** The server's own store: tests read it to check what was written, never to set things up. */
  store: Store;
  /** Every line the server logged (pino JSON), kept in memory instead of printed. */
  logs: string[];
  /** Stops the server like `labelsmith serve` does on SIGTERM: in-flight requests finish, the pool stops, the database closes. */
  close(): Promise<void>;
  /** close(), then removes the data directory if startTestServer made it. */
  dispose(): Promise<void>;
}

function assertBuilt(): void {
  if (!existsSync(RENDER_WORKER_PATH))
    throw new Error(`${RENDER_WORKER_PATH} is missing: run \`npm run build:node\` before these tests`);
}

/** startServer with a real store, a real render pool (1 thread unless told) and a pino logger writing into memory. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  assertBuilt();
  const dataDir = options.dataDir ?? (await makeDataDir());
  const store = await openStore(dataDir, {
    ...(await testDatabase(dataDir)),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.outputsUrl === undefined ? {} : { outputsUrl: options.outputsUrl }),
  });
  const pool = createRenderPool({ threads: options.threads ?? 1 });
  const logs: string[] = [];
  const logger = pino({ name: 'labelsmith-test' }, { write: (line: string) => void logs.push(line) });
  const host = options.host ?? '127.0.0.1';
  const running = await startServer({
    store,
    pool,
    logger,
    config: {
      host,
      port: 0,
      allowedHostnames: options.allowedHostnames ?? [],
      version: APP_VERSION,
      ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
      viewerWithoutKey: options.viewerWithoutKey,
    },
    printQueue: options.printQueue,
    virtualPrinters: options.virtualPrinters,
  }).catch(async (error: unknown) => {
    await pool.close();
    await store.close();
    if (options.dataDir === undefined) await removeDataDir(dataDir);
    throw error;
  });
  serverStores.set(dataDir, store);
  const close = () => {
    serverStores.delete(dataDir);
    return running.close();
  };
  return {
    url: running.url,
    port: running.port,
    host,
    dataDir,
    store,
    logs,
    close,
    dispose: async () => {
      await close();
      if (options.dataDir === undefined) await removeDataDir(dataDir);
    },
  };
}

/** The first non-loopback IPv4 address of this machine, for a server with LAN access on a real interface. */
export function lanIPv4Address(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------------
// The CLI, as an administrator runs it

let cliBundle: Promise<{ dir: string; cli: string }> | undefined;
afterEveryFile(async () => {
  const bundle = cliBundle;
  cliBundle = undefined;
  if (bundle) await rm((await bundle).dir, { recursive: true, force: true });
});

/**
 * The `labelsmith` CLI bundled from src-main/cli/labelsmith.ts exactly as `npm run build:node` bundles it into
 * out/node/cli/labelsmith.mjs, but into a private folder once per test file: out/ is rebuilt by other work at any time,
 * and a stale out/ CLI would set up a database with another schema than the server under test migrates to.
 */
function cliPath(): Promise<string> {
  cliBundle ??= (async () => {
    const dir = await bundleForTests({ 'cli/labelsmith': SOURCE_ENTRIES.cli }, 'labelsmith-server-test-cli-');
    return { dir, cli: join(dir, 'cli', 'labelsmith.mjs') };
  })();
  return cliBundle.then(({ cli }) => cli);
}

/** Runs `labelsmith ARGS --data-dir DIR` as a separate node process; `stdin` is piped in when given. */
export async function runCli(dataDir: string, args: string[], stdin?: string): Promise<ProcessRun> {
  return runNodeScript(await cliPath(), [...args, '--data-dir', dataDir], {}, stdin);
}

/** Runs a CLI command that must succeed and parses the one JSON object it prints. */
export async function cliJson<S extends z.ZodType>(
  dataDir: string,
  schema: S,
  args: string[],
  stdin?: string,
): Promise<z.output<S>> {
  const run = await runCli(dataDir, args, stdin);
  if (run.code !== 0) throw new Error(`labelsmith ${args.join(' ')} exited with ${String(run.code)}: ${run.stderr}`);
  return schema.parse(JSON.parse(run.stdout));
}

const teamSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  quotaLimit: z.number().nullable(),
  rateMinute: z.number().nullable(),
  rateHour: z.number().nullable(),
});
export type CliTeam = z.infer<typeof teamSchema>;

const teamShowSchema = teamSchema.extend({
  usage: z.object({ live: z.number(), test: z.number() }),
  quota: z.object({ limit: z.number(), remaining: z.number(), hardCap: z.boolean() }),
  overage: z.boolean(),
  flaggedForReview: z.boolean(),
});
export type CliTeamShow = z.infer<typeof teamShowSchema>;

const keySchema = z.looseObject({
  id: z.string(),
  teamId: z.string(),
  mode: z.enum(['live', 'test']),
  demo: z.boolean(),
  key: z.string(),
});
export type CliKey = z.infer<typeof keySchema>;

const templateSchema = z.looseObject({
  id: z.string(),
  teamId: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  librarySlug: z.string().nullable(),
});
export type CliTemplate = z.infer<typeof templateSchema>;

const librarySchema = z.looseObject({ id: z.string(), slug: z.string(), name: z.string() });

export interface TeamOptions {
  name?: string;
  plan?: 'dev' | 'starter' | 'pro' | 'enterprise';
  quotaLimit?: number;
  rateMinute?: number;
  rateHour?: number;
  /** Bytes of kept outputs, overriding the plan's storage budget. */
  storageLimit?: number;
}

export interface TemplateOptions {
  slug?: string;
  library?: string;
  /** Default true: API keys see published templates only. */
  publish?: boolean;
}

/** The stores of the servers this process runs, by data directory: admin actions on such a directory share them. */
const serverStores = new Map<string, Store>();
/** Admin actions that open a store of their own, one at a time (see adminAction). */
let ownStoreTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs one admin action on a data directory's store, its answer put through JSON as a command's printed answer is. A
 * server of this process lends its own store: two SQLite connections of one thread would deadlock, one waiting
 * synchronously for the lock while the other's transaction waits for the event loop. Otherwise the action opens the
 * directory's store (the suite's database for it) as a command does, one action at a time for the same reason.
 */
async function adminAction<S extends z.ZodType>(
  dataDir: string,
  schema: S,
  action: (store: Store) => Promise<unknown>,
): Promise<z.output<S>> {
  const answer = (value: unknown): z.output<S> => schema.parse(JSON.parse(JSON.stringify(value)));
  const shared = serverStores.get(dataDir);
  if (shared) return answer(await action(shared));
  const turn = ownStoreTurn.then(async () => {
    const store = await openStore(dataDir, { ...(await testDatabase(dataDir)), removeOrphans: false });
    try {
      return answer(await action(store));
    } finally {
      await store.close();
    }
  });
  ownStoreTurn = turn.catch(() => undefined);
  return turn;
}

/**
 * The admin commands' actions bound to one data directory, run in this process through the store with the code the
 * commands run: server tests set up teams, keys and templates in milliseconds, not a process each (the CLI's own
 * tests start real `labelsmith` processes).
 */
export function cli(dataDir: string) {
  return {
    createTeam(options: TeamOptions = {}): Promise<CliTeam> {
      const { name = 'Test team', plan = 'enterprise', ...overrides } = options;
      return adminAction(dataDir, teamSchema, (store) =>
        store.transaction((trx) => trx.teams.create({ name, plan, ...overrides })),
      );
    },
    showTeam(teamId: string): Promise<CliTeamShow> {
      return adminAction(dataDir, teamShowSchema, async (store) =>
        describeTeam(store, found(await store.teams.get(teamId), 'team', teamId)),
      );
    },
    createKey(teamId: string, mode: 'live' | 'test', options: { demo?: boolean } = {}): Promise<CliKey> {
      return adminAction(dataDir, keySchema, (store) =>
        store.transaction(async (trx) => {
          found(await trx.teams.get(teamId), 'team', teamId);
          const { record, key } = await trx.apiKeys.create({ teamId, mode, demo: options.demo ?? false });
          return { ...record, key };
        }),
      );
    },
    revokeKey(keyId: string): Promise<unknown> {
      return adminAction(dataDir, z.looseObject({ revokedAt: z.number() }), (store) =>
        store.transaction(async (trx) => found(await trx.apiKeys.revoke(keyId), 'API key', keyId)),
      );
    },
    createLibrary(slug: string, name = `Library ${slug}`): Promise<z.infer<typeof librarySchema>> {
      return adminAction(dataDir, librarySchema, (store) =>
        store.transaction((trx) => trx.libraries.create({ slug, name })),
      );
    },
    /** As `template import`: validated as a file would be, published unless told. */
    importTemplate(teamId: string, template: unknown, options: TemplateOptions = {}): Promise<CliTemplate> {
      const content = parseTemplate(template);
      const { publish = true, ...where } = options;
      return adminAction(dataDir, templateSchema, async (store) =>
        templateSummary(
          await store.transaction((trx) => importTemplate(trx, { team: teamId, publish, ...where }, content)),
        ),
      );
    },
    exportTemplate(templateId: string): Promise<Record<string, unknown>> {
      return adminAction(
        dataDir,
        z.record(z.string(), z.unknown()),
        async (store) => found(await store.templates.get(templateId), 'template', templateId).content,
      );
    },
  };
}
export type Cli = ReturnType<typeof cli>;

export interface TeamWithKeys {
  team: CliTeam;
  /** The keys; reading one that was not asked for throws. */
  live: string;
  test: string;
  liveKey: CliKey;
  testKey: CliKey;
}

/** A team with a live and/or a test key (both unless told), made as the admin commands make them (the keys in parallel). */
export async function teamWithKeys(
  admin: Cli,
  options: TeamOptions = {},
  modes: readonly ('live' | 'test')[] = ['live', 'test'],
): Promise<TeamWithKeys> {
  const team = await admin.createTeam(options);
  const made = new Map(
    await Promise.all(modes.map(async (mode) => [mode, await admin.createKey(team.id, mode)] as const)),
  );
  const key = (mode: 'live' | 'test'): CliKey => {
    const found = made.get(mode);
    if (!found) throw new Error(`team "${team.name}" was made without a ${mode} key`);
    return found;
  };
  return {
    team,
    get live() {
      return key('live').key;
    },
    get test() {
      return key('test').key;
    },
    get liveKey() {
      return key('live');
    },
    get testKey() {
      return key('test');
    },
  };
}

/** A team to make, with the modes of the keys it gets (default: one live, one test). */
export type TeamSpec = TeamOptions & { keys?: readonly ('live' | 'test')[] };

/** Makes every team of `specs` at once, keyed like `specs`; each is named by its key. */
export async function teamsWithKeys<K extends string>(
  admin: Cli,
  specs: Record<K, TeamSpec>,
): Promise<Record<K, TeamWithKeys>> {
  const entries = Object.entries(specs) as [K, TeamSpec][];
  const made = await Promise.all(
    entries.map(
      async ([name, { keys, ...options }]) => [name, await teamWithKeys(admin, { name, ...options }, keys)] as const,
    ),
  );
  return Object.fromEntries(made) as Record<K, TeamWithKeys>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Templates

const box = (x: number, y: number, w: number, h: number) => ({
  position: { mode: 'absolute', x: `${x}mm`, y: `${y}mm` },
  width: `${w}mm`,
  height: `${h}mm`,
});

/** A 50 x 25 mm label with one text element showing data.title (spec 2.3's content.expression). */
export function tagTemplate(
  name = 'Test tag',
  size: { width: string; height: string } = { width: '50mm', height: '25mm' },
) {
  return {
    formatVersion: 1,
    meta: { name, description: 'contract test label', tags: ['test'] },
    dimensions: { ...size, safeMargin: '1mm' },
    elements: [
      // The printer's font 0: ZPL carries the title as field data (^FD), which the tests read back.
      {
        id: 'title',
        type: 'text',
        ...box(2, 2, 46, 10),
        content: { expression: 'data.title' },
        style: { fontFamily: 'Printer 0', fontSize: '12pt', fontWeight: 'bold' },
      },
    ],
  };
}

/** tagTemplate plus an EAN-13 barcode element "ean" bound to the data field `ean` (spec 2.3's contentExpression). */
export function barcodeTemplate() {
  const template = tagTemplate('Barcode tag');
  return {
    ...template,
    elements: [
      ...template.elements,
      {
        id: 'ean',
        type: 'barcode',
        symbology: 'ean13',
        ...box(2, 13, 40, 10),
        contentExpression: 'ean',
        showText: true,
      },
    ],
  };
}

export const MM_PER_INCH = 25.4;
/** PNG and ZPL sides are round(inches x dpi), as docs/template-format.md says. */
export const dotsFor = (mm: number, dpi: number): number => Math.round((mm / MM_PER_INCH) * dpi);

// ---------------------------------------------------------------------------------------------------------------------
// Requests

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  method?: string;
  key?: string;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as it is (with whatever Content-Type `headers` say). */
  body?: string;
  headers?: Record<string, string>;
}

/** One request with global fetch; the whole answer is read. */
export async function call(
  server: Pick<TestServer, 'url'>,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${server.url}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    status: response.status,
    headers: response.headers,
    body: bytes,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

/** POST /v1/render with a JSON body. */
export function render(server: Pick<TestServer, 'url'>, key: string | undefined, body: unknown): Promise<ApiResponse> {
  return call(server, '/v1/render', { method: 'POST', key, json: body });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request through node:http, which (unlike fetch) lets the test choose the Host header: what a browser sends when a
 * page reaches the server through another name (DNS rebinding).
 */
export function rawRequest(
  server: Pick<TestServer, 'port'>,
  options: { path: string; host: string; method?: string; headers?: Record<string, string>; connectTo?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: options.connectTo ?? '127.0.0.1',
        port: server.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { ...options.headers, Host: options.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sends `head` (request line and headers, CRLF-separated, without the blank line) as it is over a plain socket and reads
 * the whole answer: for requests no HTTP client will make, such as an empty Host header or HTTP/1.0 without one.
 */
export function rawSocketRequest(server: Pick<TestServer, 'port'>, head: string[]): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () =>
      socket.write(`${[...head, 'Connection: close'].join('\r\n')}\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text: text.slice(split + 4) });
    });
  });
}

/**
 * The files under `dir` whose bytes contain `needle`. Read by a separate process: closing a file descriptor of the
 * database in the server's own process would drop all of that process's POSIX locks on it, the server's included.
 */
export async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const script = `
    const { readdirSync, readFileSync } = require('node:fs');
    const { join } = require('node:path');
    const [dir, needle] = process.argv.slice(1);
    const found = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && readFileSync(join(entry.parentPath, entry.name)).includes(Buffer.from(needle)))
      .map((entry) => join(entry.parentPath, entry.name));
    process.stdout.write(JSON.stringify(found));`;
  const child = spawn(process.execPath, ['-e', script, dir, needle], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`scanning ${dir} failed with exit code ${String(code)}`);
  return JSON.parse(stdout) as string[];
}

// ---------------------------------------------------------------------------------------------------------------------
// Assertions

export interface ErrorBody {
  error: string;
  code: string;
  details?: Record<string, unknown>;
}

/** Stack frames, source or bundle paths, or this machine's directories in an answer: none may appear in any error body. */
export function expectNoStackTrace(text: string): void {
  expect(text).not.toMatch(/\bat\s+\S+\s+\(/);
  expect(text).not.toMatch(/\bat\s+(file:\/\/|\/|node:)/);
  expect(text).not.toMatch(/\.(ts|mjs|cjs|js):\d+/);
  expect(text).not.toMatch(/node_modules|\/src-(main|shared)\//);
  expect(text).not.toContain(REPO_ROOT);
  expect(text).not.toContain(tmpdir());
  expect(text).not.toMatch(/\bstack\b/i);
}

/**
 * The error contract: the status, a JSON body of exactly {error, code, details?} with a message and the code, no stack
 * trace, and the request id header. Returns the body for further checks.
 */
export function expectError(
  response: { status: number; text: string; headers: Headers | RawResponse['headers'] },
  status: number,
  code: string,
): ErrorBody {
  const header = (name: string): string | undefined => {
    if (response.headers instanceof Headers) return response.headers.get(name) ?? undefined;
    const value = response.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  expect(response.status, response.text).toBe(status);
  expect(header('Content-Type')).toMatch(/^application\/json/);
  const body = JSON.parse(response.text) as ErrorBody;
  expect(Object.keys(body).filter((key) => !['error', 'code', 'details'].includes(key))).toEqual([]);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  if (body.details !== undefined) expect(typeof body.details).toBe('object');
  expectNoStackTrace(response.text);
  expect(header('X-Request-Id')).toBeTruthy();
  if (status === 401) expect(header('WWW-Authenticate')).toBe('Bearer');
  return body;
}

export interface RateLimitHeaders {
  limit: number;
  remaining: number;
  reset: number;
}

/** X-RateLimit-Limit/Remaining/Reset as whole numbers; fails if any is missing or not a plain integer. */
export function rateLimitHeaders(response: { headers: Headers }): RateLimitHeaders {
  const read = (name: string): number => {
    const value = response.headers.get(name);
    expect(value, name).toMatch(/^\d+$/);
    return Number(value);
  };
  return {
    limit: read('X-RateLimit-Limit'),
    remaining: read('X-RateLimit-Remaining'),
    reset: read('X-RateLimit-Reset'),
  };
}

/** The render result of spec 2.2 for a url-delivery answer, plus Labelsmith's warnings. */
export interface RenderResultBody {
  id: string;
  status: string;
  format: string;
  url: string;
  sizeBytes: number;
  renderTimeMs: number;
  warnings: { code: string; message: string; elementId?: string }[];
}

/** Asserts a 200 url-delivery answer and returns its render result. */
export function expectRenderResult(response: ApiResponse): RenderResultBody {
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  return response.json<RenderResultBody>();
}

/** The path part of a render result's url, for requests to another server on the same data directory. */
export function outputPath(result: RenderResultBody): string {
  return new URL(result.url).pathname;
}

// ---------------------------------------------------------------------------------------------------------------------
// Print jobs

/** GET /v1/print-jobs/{id}, answered 200. */
export async function printJobState(server: Pick<TestServer, 'url'>, key: string, id: string): Promise<PrintJob> {
  const response = await call(server, `/v1/print-jobs/${id}`, { key });
  expect(response.status, response.text).toBe(200);
  return printJobSchema.parse(response.json());
}

/** Polls the job until `until` holds (by default: done or failed). */
export async function waitForPrintJob(
  server: Pick<TestServer, 'url'>,
  key: string,
  id: string,
  until: (job: PrintJob) => boolean = (job) => job.status === 'done' || job.status === 'failed',
): Promise<PrintJob> {
  for (;;) {
    const job = await printJobState(server, key, id);
    if (until(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
