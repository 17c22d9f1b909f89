// The admin token: made once (0600, atomically) and reused, compared in constant time; sessions idle out or end; `labelsmith admin-url` prints a link that signs in.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@shared/api/editorApi';
import { bundleForNode, openTestStore, tempDataDir } from '../../test/support/store/storeTestSupport';
import { ADMIN_TOKEN_FILE, adminSession, loadOrCreateAdminToken, SESSION_IDLE_MS } from './adminSession';
import { api, startEditorServer } from '../../test/support/server/editorTestSupport';

const run = promisify(execFile);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

describe('the admin token file', () => {
  it('is made on first use with mode 0600, 32 random bytes in base64url, and nothing left behind', async () => {
    const dir = tempDataDir();
    const token = await loadOrCreateAdminToken(await openTestStore(dir));
    expect(token).toMatch(TOKEN_PATTERN);
    const file = join(dir, ADMIN_TOKEN_FILE);
    expect(readFileSync(file, 'utf8')).toBe(`${token}\n`);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is reused by later calls and after reopening the data directory', async () => {
    const dir = tempDataDir();
    const first = await openTestStore(dir);
    const token = await loadOrCreateAdminToken(first);
    expect(await loadOrCreateAdminToken(first)).toBe(token);
    await first.close();
    expect(await loadOrCreateAdminToken(await openTestStore(dir))).toBe(token);
  });

  it('differs between data directories, and an emptied or edited file gets a fresh token', async () => {
    const dir = tempDataDir();
    const store = await openTestStore(dir);
    const token = await loadOrCreateAdminToken(store);
    expect(await loadOrCreateAdminToken(await openTestStore())).not.toBe(token);
    writeFileSync(join(dir, ADMIN_TOKEN_FILE), 'short');
    const fresh = await loadOrCreateAdminToken(store);
    expect(fresh).toMatch(TOKEN_PATTERN);
    expect(fresh).not.toBe(token);
  });
});

describe('adminSession', () => {
  it('accepts exactly the token', async () => {
    const token = 'a'.repeat(43);
    const session = adminSession(token);
    expect(session.isAdminToken(token)).toBe(true);
    for (const wrong of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}b`])
      expect(session.isAdminToken(wrong)).toBe(false);
  });

  it('opens sessions with random cookie values unrelated to the token, each live until ended', async () => {
    const token = 'a'.repeat(43);
    const session = adminSession(token);
    const first = session.open().cookie;
    const second = session.open().cookie;
    expect(first).toMatch(TOKEN_PATTERN);
    expect(second).not.toBe(first);
    expect(first).not.toContain(token);
    expect(session.touch(first)?.cookie).toBe(first);
    expect(session.touch(token)).toBeUndefined();
    expect(session.touch('forged')).toBeUndefined();
    session.end(first);
    expect(session.touch(first)).toBeUndefined();
    expect(session.touch(second)?.cookie).toBe(second);
    // Another server (another token, or a restart) knows none of them.
    expect(adminSession(token).touch(second)).toBeUndefined();
  });

  it('ends a session 12 h after its last use, and says when', async () => {
    let now = 1_000_000;
    const session = adminSession('a'.repeat(43), () => now);
    const opened = session.open();
    expect(opened.idlesOutAt).toBe(now + SESSION_IDLE_MS);
    now += SESSION_IDLE_MS - 1;
    expect(session.touch(opened.cookie)?.idlesOutAt).toBe(now + SESSION_IDLE_MS);
    now += SESSION_IDLE_MS - 1;
    expect(session.touch(opened.cookie)?.idlesOutAt).toBe(now + SESSION_IDLE_MS);
    now += SESSION_IDLE_MS;
    expect(session.touch(opened.cookie)).toBeUndefined();
    // Once idled out it stays ended.
    now -= SESSION_IDLE_MS;
    expect(session.touch(opened.cookie)).toBeUndefined();
  });

  it("keeps the desktop window's session however long it idles, until it is ended", async () => {
    let now = 0;
    const session = adminSession('a'.repeat(43), () => now);
    const { cookie, idlesOutAt } = session.open({ idles: false });
    expect(idlesOutAt).toBe(Number.POSITIVE_INFINITY);
    now += 10 * SESSION_IDLE_MS;
    expect(session.touch(cookie)?.idlesOutAt).toBe(Number.POSITIVE_INFINITY);
    // Sweeping idle sessions at a sign-in leaves it alone.
    session.open();
    expect(session.touch(cookie)).toBeDefined();
    session.end(cookie);
    expect(session.touch(cookie)).toBeUndefined();
  });
});

describe('labelsmith admin-url', () => {
  let cli: string;
  beforeAll(async () => {
    cli = await bundleForNode(join(import.meta.dirname, '..', 'cli', 'labelsmith.ts'));
  });

  async function adminUrl(args: string[]): Promise<string> {
    const { stdout } = await run(process.execPath, [cli, 'admin-url', ...args], {
      env: { ...process.env, LABELSMITH_DATA_DIR: '' },
    });
    const printed = JSON.parse(stdout) as { url: string };
    expect(Object.keys(printed)).toEqual(['url']);
    return printed.url;
  }

  it('makes the token when there is none yet, and prints the default link', async () => {
    const dir = tempDataDir();
    const url = new URL(await adminUrl(['--data-dir', dir]));
    expect(url.origin).toBe('http://127.0.0.1:8425');
    expect(url.pathname).toBe('/');
    const token = readFileSync(join(dir, ADMIN_TOKEN_FILE), 'utf8').trim();
    expect(url.searchParams.get('token')).toBe(token);
    if (process.platform !== 'win32') expect(statSync(join(dir, ADMIN_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    // The server started later on this directory uses the same token.
    const server = await startEditorServer({ dataDir: dir });
    try {
      expect(server.token).toBe(token);
    } finally {
      await server.close();
    }
  });

  it('prints a link that signs a browser in to a running server', async () => {
    const server = await startEditorServer();
    try {
      const link = await adminUrl(['--data-dir', server.dataDir, '--port', String(server.port)]);
      expect(link.startsWith(`${server.url}/?token=`)).toBe(true);
      const opened = await api(server, link.slice(server.url.length), {
        auth: 'none',
        headers: { Accept: 'text/html' },
      });
      expect(opened.status).toBe(303);
      const cookie = new RegExp(`${SESSION_COOKIE}=[^;]+`).exec(opened.headers.get('set-cookie') ?? '')?.[0] ?? '';
      expect((await api(server, '/api/session', { auth: { cookie } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('agrees on one token when several start on a new data directory at once', async () => {
    const dir = tempDataDir();
    const links = await Promise.all(Array.from({ length: 4 }, () => adminUrl(['--data-dir', dir])));
    expect(new Set(links).size).toBe(1);
    expect(new URL(links[0] ?? '').searchParams.get('token')).toBe(
      readFileSync(join(dir, ADMIN_TOKEN_FILE), 'utf8').trim(),
    );
  });

  it('names a wildcard address by loopback, brackets IPv6, says https with --https, and refuses a bad port with exit code 2', async () => {
    const dir = tempDataDir();
    expect(new URL(await adminUrl(['--data-dir', dir, '--host', '0.0.0.0', '--port', '9000'])).host).toBe(
      '127.0.0.1:9000',
    );
    expect(new URL(await adminUrl(['--data-dir', dir, '--host', '::1'])).host).toBe('[::1]:8425');
    expect(new URL(await adminUrl(['--data-dir', dir, '--host', 'labels.example.org'])).host).toBe(
      'labels.example.org:8425',
    );
    expect(new URL(await adminUrl(['--data-dir', dir, '--host', 'labels.example.org', '--https'])).origin).toBe(
      'https://labels.example.org:8425',
    );
    const bad = await run(process.execPath, [
      cli,
      'admin-url',
      '--data-dir',
      join(dir, 'other'),
      '--port',
      'eighty',
    ]).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 2 });
    expect(existsSync(join(dir, 'other', ADMIN_TOKEN_FILE))).toBe(false);
  });
});
