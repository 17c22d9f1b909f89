// Drives a real `labelsmith serve` process for the robustness tests: private bundle, admin CLI, start/kill, HTTP helpers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { bundleForTests, SOURCE_ENTRIES } from '../cli/bundleForTests';
import { runNodeScript, type ProcessRun } from '../cli/runProcess';
import { testDatabaseEnv } from '../store/storeTestSupport';
import { killServe, startServe as startServeProcess, type ServeProcess } from './serveProcess';

export { killServe, type ServeProcess };

/** Folders to remove when the file's tests are done (call cleanupAll in afterAll). */
const cleanups: string[] = [];

export function cleanupAll(): void {
  for (const dir of cleanups.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-robust-'));
  cleanups.push(dir);
  return dir;
}

/**
 * Bundles the CLI and the render worker as `npm run build:node` does, into a private folder (out/ is rebuilt by other
 * work meanwhile). The layout <dir>/cli/labelsmith.mjs + <dir>/render/renderWorker.mjs is what renderWorkerPath finds.
 * Inside the repository, so the external packages resolve from node_modules. Returns the CLI's path.
 */
export async function buildCli(): Promise<string> {
  const dir = await bundleForTests(
    { 'cli/labelsmith': SOURCE_ENTRIES.cli, 'render/renderWorker': SOURCE_ENTRIES.renderWorker },
    'labelsmith-robustness-',
  );
  cleanups.push(dir);
  return join(dir, 'cli', 'labelsmith.mjs');
}

/** Runs the CLI with `args` (no data directory added); resolves with its exit code and output, whatever the code. */
export function cliRun(cli: string, args: string[]): Promise<ProcessRun> {
  return runNodeScript(cli, args);
}

/** Runs an admin command that must succeed; returns its one JSON answer. */
export async function adminCli(cli: string, dataDir: string, args: string[]): Promise<Record<string, unknown>> {
  const result = await cliRun(cli, [...args, '--data-dir', dataDir]);
  if (result.code !== 0)
    throw new Error(`labelsmith ${args.join(' ')} exited ${String(result.code)}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** A small valid label: one text field, one rect, one QR code; fast in every format. */
export function smallTemplate(name = 'Robust tag'): Record<string, unknown> {
  return {
    formatVersion: 1,
    meta: { name },
    dimensions: { width: '40mm', height: '20mm' },
    elements: [
      { id: 'frame', type: 'rect', position: { mode: 'absolute', x: '1mm', y: '1mm' }, width: '38mm', height: '18mm' },
      {
        id: 'name',
        type: 'text',
        position: { mode: 'absolute', x: '3mm', y: '3mm' },
        width: '20mm',
        height: '6mm',
        contentExpression: 'name',
        style: { fontFamily: 'Printer 0' },
      },
      {
        id: 'code',
        type: 'barcode',
        symbology: 'qrcode',
        position: { mode: 'absolute', x: '25mm', y: '3mm' },
        width: '12mm',
        height: '12mm',
        contentExpression: "default(sku, 'none')",
      },
    ],
  };
}

export interface Tenant {
  teamId: string;
  /** A live-mode API key. */
  key: string;
  /** The slug of a published copy of smallTemplate(). */
  templateId: string;
}

/**
 * Creates a team with limits high enough that load never meets them (enterprise plan, overridden rates), a live key
 * and a published small template, through the admin CLI as an operator would.
 */
export async function createTenant(cli: string, dataDir: string, name = 'Robustness'): Promise<Tenant> {
  const team = await adminCli(cli, dataDir, [
    'team',
    'create',
    '--name',
    name,
    '--plan',
    'enterprise',
    '--rate-minute',
    '1000000',
    '--rate-hour',
    '10000000',
  ]);
  const teamId = String(team.id);
  const key = await adminCli(cli, dataDir, ['key', 'create', '--team', teamId, '--mode', 'live']);
  const file = join(tempDataDir(), 'template.json');
  writeFileSync(file, JSON.stringify(smallTemplate()));
  const template = await adminCli(cli, dataDir, [
    'template',
    'import',
    '--team',
    teamId,
    '--file',
    file,
    '--slug',
    'robust-tag',
    '--publish',
  ]);
  return { teamId, key: String(key.key), templateId: String(template.slug) };
}

/** startServe of testing/serveProcess, on the suite's database for the data directory (PostgreSQL in its second pass). */
export async function startServe(
  cli: string,
  dataDir: string,
  timeoutMs?: number,
  args: readonly string[] = [],
): Promise<ServeProcess> {
  return startServeProcess(cli, dataDir, timeoutMs, args, await testDatabaseEnv(dataDir));
}

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The body as JSON when it is JSON, else undefined. */
  json: Record<string, unknown> | undefined;
  text: string;
}

function asJson(text: string, contentType: string | null): Record<string, unknown> | undefined {
  if (!contentType?.startsWith('application/json')) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export interface CallOptions {
  method?: string;
  key?: string;
  /** A string or Buffer is sent as it is; anything else as JSON. */
  body?: unknown;
  contentType?: string;
  /** More request headers (Accept, X-Linter, …). */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One HTTP request with a deadline; a hang fails the test instead of stalling it. */
export async function call(base: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string') body = options.body;
    else if (Buffer.isBuffer(options.body)) body = new Uint8Array(options.body);
    else body = JSON.stringify(options.body);
    headers['Content-Type'] = options.contentType ?? 'application/json';
  }
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: asJson(text, response.headers.get('content-type')),
    text,
  };
}

/** POST /v1/render with a JSON body. */
export function render(base: string, key: string, body: unknown, timeoutMs?: number): Promise<Answer> {
  return call(base, '/v1/render', { key, body, timeoutMs });
}

/** The first bytes every output of a format starts with. */
export const SIGNATURES: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  zpl: Buffer.from('^XA'),
  html: Buffer.from('<!DOCTYPE html>'),
};

export const CONTENT_TYPE_PREFIX: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  zpl: 'text/plain',
  html: 'text/html',
};

/** True when the bytes are a whole document of the format: its signature at the start and its end marker at the end. */
export function isWholeOutput(format: string, bytes: Buffer): boolean {
  const signature = SIGNATURES[format];
  if (!signature || !bytes.subarray(0, signature.length).equals(signature)) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - 32)).toString('latin1');
  if (format === 'pdf') return tail.includes('%%EOF');
  if (format === 'png') return tail.includes('IEND');
  if (format === 'zpl') return tail.trimEnd().endsWith('^XZ');
  return tail.trimEnd().endsWith('</html>');
}

/**
 * Whether a fresh TCP connection to the server is accepted: true once connected, false when refused. Uses its own
 * socket (no keep-alive pool), so it says something about the listening socket, not about pooled connections.
 */
export function acceptsConnections(base: string, timeoutMs = 2000): Promise<boolean> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A GET with the path sent exactly as given (fetch would normalise "/a/../b" before sending it), on its own socket.
 */
export function rawGet(
  base: string,
  path: string,
  key: string,
  timeoutMs = 15_000,
): Promise<{ status: number; contentType: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port: Number(port),
        path,
        agent: false,
        timeout: timeoutMs,
        headers: { Authorization: `Bearer ${key}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type']),
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`GET ${path} took longer than ${timeoutMs} ms`)));
    request.end();
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The hooks of a test file that starts `serve` processes: the CLI bundled once, every server killed after its test,
 * the temporary folders removed at the end. serve() starts one on a data directory.
 */
export function serveProcessesForFile(): {
  cli(): string;
  serve(dataDir: string, args?: string[]): Promise<ServeProcess>;
} {
  let cli = '';
  const started: ServeProcess[] = [];
  beforeAll(async () => {
    cli = await buildCli();
  });
  afterEach(async () => {
    for (const serve of started.splice(0)) await killServe(serve);
  });
  afterAll(cleanupAll);
  return {
    cli: () => cli,
    async serve(dataDir, args) {
      const running = await startServe(cli, dataDir, undefined, args);
      started.push(running);
      return running;
    },
  };
}
