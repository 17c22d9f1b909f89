// A `labelsmith serve` on a throwaway data dir and headless Chromium signed in to its editor (e2e tests, editor benchmark).
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './launchChromium';

const execFileAsync = promisify(execFile);
const LISTENING_PATTERN = /listening on (http:\/\/\S+)/;
const START_TIMEOUT_MS = 20_000;

export interface EditorServer {
  /** The server's base URL, e.g. http://127.0.0.1:39123 (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  /** The admin link: opening it sets the session cookie. */
  adminLink: string;
  /** The admin token from the link: a Bearer for the private /api. */
  adminToken: string;
  stop(): Promise<void>;
}

export interface EditorServerOptions {
  /** Path of the built CLI; default out/node/cli/labelsmith.mjs under the current directory (the repository root). */
  cliPath?: string;
  /** More environment for the server's processes, given its data directory (the test suite's database for it). */
  envFor?: (dataDir: string) => Promise<Record<string, string>>;
}

export function defaultCliPath(): string {
  return resolve(process.cwd(), 'out/node/cli/labelsmith.mjs');
}

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(
      () => fail(new Error(`labelsmith serve did not start within ${START_TIMEOUT_MS} ms\n${stderr}`)),
      START_TIMEOUT_MS,
    );
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onStdout);
      child.off('exit', onExit);
    };
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onStdout = (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = LISTENING_PATTERN.exec(stdout);
      if (match?.[1]) {
        cleanup();
        resolvePromise(match[1].replace(/\/$/, ''));
      }
    };
    const onExit = (code: number | null) =>
      fail(new Error(`labelsmith serve exited (${code}) before listening\n${stderr}`));
    child.stdout?.on('data', onStdout);
    // Kept short: the server logs JSON lines to stderr; only the tail matters for an error message.
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('exit', onExit);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `labelsmith serve --port 0` on a fresh temporary data dir and fetches its admin link. */
export async function startEditorServer(options: EditorServerOptions = {}): Promise<EditorServer> {
  const cliPath = options.cliPath ?? defaultCliPath();
  const dataDir = mkdtempSync(join(tmpdir(), 'labelsmith-editor-'));
  const env = { ...process.env, ...(await options.envFor?.(dataDir)) };
  const child = spawn(process.execPath, [cliPath, 'serve', '--data-dir', dataDir, '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const url = await waitForListening(child);
    const port = Number(new URL(url).port);
    const { stdout } = await execFileAsync(
      process.execPath,
      [cliPath, 'admin-url', '--data-dir', dataDir, '--port', String(port)],
      { env },
    );
    const adminLink = (JSON.parse(stdout) as { url: string }).url;
    const adminToken = new URL(adminLink).searchParams.get('token') ?? '';
    return {
      url,
      port,
      dataDir,
      adminLink,
      adminToken,
      stop: async () => {
        await stopChild(child);
        removeDataDir();
      },
    };
  } catch (error) {
    await stopChild(child);
    removeDataDir();
    throw error;
  }
}

export interface SignedInEditor {
  server: EditorServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the browser, stops the server and removes its data dir; safe to call twice. */
  close(): Promise<void>;
}

export interface SignedInEditorOptions extends EditorServerOptions {
  viewport?: { width: number; height: number };
}

/** A server and a Chromium page that opened its admin link (so it has the session cookie and shows the gallery). */
export async function openSignedInEditor(options: SignedInEditorOptions = {}): Promise<SignedInEditor> {
  const server = await startEditorServer(options);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(server.adminLink);
    let closed = false;
    const openBrowser = browser;
    return {
      server,
      browser,
      context,
      page,
      close: async () => {
        if (closed) return;
        closed = true;
        await openBrowser.close().catch(() => undefined);
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await server.stop();
    throw error;
  }
}

/** A call to the editor's private /api with the admin token (what the bench and tests use to set up data). */
export async function editorApi<T>(server: EditorServer, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.adminToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
