// HTTPS: a certificate in the server's config (or `serve --tls-cert/--tls-key`) serves the same app over TLS only, the session cookie is Secure there, and bad TLS options refuse to start.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@shared/api/editorApi';
import { APP_VERSION } from '../appVersion';
import { createRenderPool } from '../render/renderPool';
import { openStore } from '../store/openStore';
import { startServer } from './createServer';
import {
  buildCli,
  cleanupAll,
  killServe,
  startServe,
  type ServeProcess,
} from '../../test/support/server/robustnessSupport';
import { startEditorServer, tempDir, type EditorServer } from '../../test/support/server/editorTestSupport';
import { startEmbeddedServer } from './startEmbeddedServer';
import { httpsCall, makeTestCertificate, type TestCertificate } from '../../test/support/server/tlsTestSupport';

const run = promisify(execFile);
let certificate: TestCertificate;
let server: EditorServer;

beforeAll(async () => {
  certificate = makeTestCertificate(tempDir(), ['127.0.0.1']);
  server = await startEditorServer({ config: { tls: { cert: certificate.cert, key: certificate.key } } });
});
afterAll(async () => {
  await server.close();
  cleanupAll();
});

const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${server.token}` });

describe('a server with a certificate', () => {
  it('answers over HTTPS: /health, the editor API with the admin token, the render API with a key', async () => {
    expect(server.url).toBe(`https://127.0.0.1:${server.port}`);
    expect((await httpsCall(`${server.url}/health`, certificate.cert)).status).toBe(200);
    const session = await httpsCall(`${server.url}/api/session`, certificate.cert, { headers: bearer() });
    expect(session.status).toBe(200);
    expect(session.json()).toMatchObject({ serverUrl: server.url });
    const made = await httpsCall(`${server.url}/api/keys`, certificate.cert, {
      method: 'POST',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'live' }),
    });
    expect(made.status).toBe(201);
    const usage = await httpsCall(`${server.url}/v1/usage`, certificate.cert, {
      headers: { Authorization: `Bearer ${made.json<{ key: string }>().key}` },
    });
    expect(usage.status).toBe(200);
    expect(usage.json()).toHaveProperty('quota');
  });

  it('refuses a Host it does not answer to, naming its https address', async () => {
    const misdirected = await httpsCall(`${server.url}/health`, certificate.cert, {
      headers: { Host: 'rebind.example' },
    });
    expect(misdirected.status).toBe(403);
    expect(misdirected.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: expect.stringContaining(`use https://127.0.0.1:${server.port}`),
    });
  });

  it('does not speak plain HTTP on its port', async () => {
    await expect(fetch(`http://127.0.0.1:${server.port}/health`)).rejects.toThrow();
  });

  it('sets a Secure, HttpOnly, SameSite=Strict session cookie, which reads the API and ends at logout', async () => {
    const signedIn = await httpsCall(`${server.url}/?token=${server.token}`, certificate.cert, {
      headers: { Accept: 'text/html' },
    });
    expect(signedIn.status).toBe(303);
    const setCookie = signedIn.headers['set-cookie']?.[0] ?? '';
    const attributes = setCookie.toLowerCase().split(/;\s*/);
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']));
    const cookie = new RegExp(`^${SESSION_COOKIE}=[^;]+`).exec(setCookie)?.[0] ?? '';
    expect(
      (await httpsCall(`${server.url}/api/session`, certificate.cert, { headers: { Cookie: cookie } })).status,
    ).toBe(200);
    const loggedOut = await httpsCall(`${server.url}/api/logout`, certificate.cert, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-Labelsmith-Editor': '1' },
    });
    expect(loggedOut.status).toBe(204);
    expect(loggedOut.headers['set-cookie']?.[0]?.toLowerCase()).toContain('secure');
    expect(
      (await httpsCall(`${server.url}/api/session`, certificate.cert, { headers: { Cookie: cookie } })).status,
    ).toBe(401);
  });

  it('is what the desktop app and `serve` start with TLS files: https URL and an https admin link', async () => {
    const embedded = await startEmbeddedServer({
      dataDir: tempDir(),
      port: 0,
      logger: pino({ level: 'silent' }),
      tls: { cert: certificate.cert, key: certificate.key },
    });
    try {
      expect(embedded.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(embedded.adminLink).toBe(`${embedded.url}/?token=${embedded.adminToken}`);
      expect(embedded.securityWarning).toBeUndefined();
      expect((await httpsCall(`${embedded.url}/health`, certificate.cert)).status).toBe(200);
    } finally {
      await embedded.close();
    }
  });

  it('refuses to start with the admin API for the LAN but no certificate', async () => {
    const store = await openStore(tempDir());
    const pool = createRenderPool({ threads: 1 });
    try {
      await expect(
        startServer({
          store,
          pool,
          logger: pino({ level: 'silent' }),
          config: { host: '127.0.0.1', port: 0, allowedHostnames: [], version: APP_VERSION, adminLan: true },
        }),
      ).rejects.toThrow(/only over TLS/);
    } finally {
      await pool.close();
      await store.close();
    }
  });
});

describe('labelsmith serve with TLS options', () => {
  let cli: string;
  beforeAll(async () => {
    cli = await buildCli();
  });

  async function serveFails(args: string[]): Promise<{ code: number; stderr: string }> {
    const outcome = await run(process.execPath, [cli, 'serve', '--data-dir', tempDir(), '--port', '0', ...args], {
      env: { ...process.env, LABELSMITH_DATA_DIR: '' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    return { code: outcome.code, stderr: outcome.stderr };
  }

  it('exits 2 naming the problem: --admin-lan without TLS, a certificate without its key, a missing file, a key of another certificate', async () => {
    const other = makeTestCertificate(tempDir(), ['127.0.0.1']);
    const cases: [string[], RegExp][] = [
      [
        ['--admin-lan'],
        /--admin-lan: the admin API is served to other machines only over TLS: give --tls-cert and --tls-key/,
      ],
      [['--host', '127.0.0.1', '--admin-lan'], /only over TLS/],
      [['--tls-cert', certificate.certFile], /--tls-cert: give --tls-cert and --tls-key together/],
      [
        ['--tls-cert', join(tempDir(), 'missing.pem'), '--tls-key', certificate.keyFile],
        /the TLS certificate .*missing\.pem cannot be read/,
      ],
      [['--tls-cert', certificate.certFile, '--tls-key', other.keyFile], /cannot be used together/],
      [['--max-connections-per-address', '0'], /--max-connections-per-address: must be a whole number of at least 1/],
    ];
    for (const [args, message] of cases) {
      const failed = await serveFails(args);
      expect(failed.code, args.join(' ')).toBe(2);
      expect(failed.stderr).toMatch(message);
    }
  });

  it('serves HTTPS with --tls-cert and --tls-key, on loopback without a warning', async () => {
    let serve: ServeProcess | undefined;
    try {
      serve = await startServe(cli, tempDir(), 20_000, [
        '--tls-cert',
        certificate.certFile,
        '--tls-key',
        certificate.keyFile,
      ]);
      expect(serve.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect((await httpsCall(`${serve.url}/health`, certificate.cert)).status).toBe(200);
      expect(serve.stderr()).not.toContain('warning');
    } finally {
      await killServe(serve);
    }
  });
});
