// Test helpers for the editor: a real server (store, one render thread) on a temporary data directory, and requests as the editor makes them.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEveryFile } from '../fileHooks';
import { EDITOR_HEADER, SESSION_COOKIE } from '@shared/api/editorApi';
import { APP_VERSION } from '@main/appVersion';
import { createRenderPool } from '@main/render/renderPool';
import { openStore, type Store } from '@main/store/openStore';
import { testDatabase } from '../store/storeTestSupport';
import { loadOrCreateAdminToken } from '@main/server/adminSession';
import { startServer, type ServerDeps } from '@main/server/createServer';
import type { ServerConfig } from '@main/server/serverConfig';

const temporaryDirs: string[] = [];
afterEveryFile(() => {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory, removed after the file's tests. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-editor-'));
  temporaryDirs.push(dir);
  return dir;
}

export interface EditorServerOptions {
  dataDir?: string;
  rendererDir?: string;
  now?: () => number;
  /** More of the server's configuration (TLS, limits); host and port stay 127.0.0.1 and any free port. */
  config?: Partial<Omit<ServerConfig, 'host' | 'port'>>;
  /** The print queue's, virtual printers' and hot folders' timings (tests of inbound printing shorten them). */
  printQueue?: ServerDeps['printQueue'];
  virtualPrinters?: ServerDeps['virtualPrinters'];
  hotFolders?: ServerDeps['hotFolders'];
}

export interface EditorServer {
  url: string;
  port: number;
  dataDir: string;
  /** The admin token the server uses (read as Electron would). */
  token: string;
  /** The server's store: tests read it to check what was written, and set up what the editor cannot (another team). */
  store: Store;
  close(): Promise<void>;
}

/** startServer as `labelsmith serve` runs it, on 127.0.0.1 and any free port; close() also stops the pool and the store. */
export async function startEditorServer(options: EditorServerOptions = {}): Promise<EditorServer> {
  const dataDir = options.dataDir ?? tempDir();
  const store = await openStore(dataDir, {
    ...(await testDatabase(dataDir)),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const pool = createRenderPool({ threads: 1 });
  const running = await startServer({
    store,
    pool,
    logger: pino({ level: 'silent' }),
    config: {
      host: '127.0.0.1',
      port: 0,
      allowedHostnames: [],
      version: APP_VERSION,
      rendererDir: options.rendererDir,
      ...options.config,
    },
    printQueue: options.printQueue,
    virtualPrinters: options.virtualPrinters,
    hotFolders: options.hotFolders,
  });
  return {
    url: running.url,
    port: running.port,
    dataDir,
    token: await loadOrCreateAdminToken(store),
    store,
    close: () => running.close(),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface EditorRequest {
  method?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** How the request proves the session: the admin token as a Bearer (default), a Cookie header value, or nothing. */
  auth?: 'bearer' | { cookie: string } | 'none';
  /** Send X-Labelsmith-Editor: 1 (the editor's own script always does). */
  editorHeader?: boolean;
  headers?: Record<string, string>;
}

export async function api(server: EditorServer, path: string, request: EditorRequest = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  const auth = request.auth ?? 'bearer';
  if (auth === 'bearer') headers.Authorization = `Bearer ${server.token}`;
  else if (auth !== 'none') headers.Cookie = auth.cookie;
  if (request.editorHeader) headers[EDITOR_HEADER] = '1';
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const response = await fetch(`${server.url}${path}`, {
    method: request.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return { status: response.status, headers: response.headers, bytes, text, json: <T>() => JSON.parse(text) as T };
}

/** Opens the admin link as a browser would and returns the Cookie header value the server set. */
export async function signIn(server: EditorServer): Promise<string> {
  const response = await api(server, `/?token=${encodeURIComponent(server.token)}`, {
    auth: 'none',
    headers: { Accept: 'text/html' },
  });
  const cookie = new RegExp(`${SESSION_COOKIE}=[^;]+`).exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (response.status !== 303 || cookie === undefined)
    throw new Error(`the admin link did not sign in: ${response.status} ${response.text}`);
  return cookie;
}

/**
 * A GET sent exactly as written: fetch would resolve `..` and `%2e%2e` in the path, and adds Cache-Control: no-cache
 * to conditional requests, which a browser revalidating its cache does not.
 */
export function rawGet(
  server: EditorServer,
  path: string,
  headers: Record<string, string> = { Accept: 'text/html' },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: server.port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A small valid template: a text field, a frame and a QR code that has a value even without data. */
export function smallTemplate(name = 'Shelf tag', size = { width: '50mm', height: '25mm' }): Record<string, unknown> {
  return {
    formatVersion: 1,
    meta: { name, description: 'for tests', tags: ['test'] },
    dimensions: size,
    elements: [
      { id: 'frame', type: 'rect', position: { mode: 'absolute', x: '1mm', y: '1mm' }, width: '48mm', height: '23mm' },
      {
        id: 'title',
        type: 'text',
        position: { mode: 'absolute', x: '3mm', y: '3mm' },
        width: '30mm',
        height: '8mm',
        contentExpression: "default(title, 'Tag')",
        style: { fontFamily: 'Printer 0' },
      },
      {
        id: 'code',
        type: 'barcode',
        symbology: 'qrcode',
        position: { mode: 'absolute', x: '35mm', y: '3mm' },
        width: '12mm',
        height: '12mm',
        contentExpression: "default(sku, 'none')",
      },
    ],
  };
}
