// A LAN client for real: a network namespace joined to this machine by a veth pair the test makes (10.231.77.0/30, used nowhere else), talking to `labelsmith serve --host 10.231.77.1` with and without TLS and --admin-lan.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@shared/api/editorApi';
import { ADMIN_TOKEN_FILE } from './adminSession';
import {
  buildCli,
  cleanupAll,
  createTenant,
  killServe,
  startServe,
  tempDataDir,
  type ServeProcess,
} from '../../test/support/server/robustnessSupport';
import { makeTestCertificate, type TestCertificate } from '../../test/support/server/tlsTestSupport';

const run = promisify(execFile);

/** Names and addresses of the test's own network: the server's side stays on this machine, the client's in the namespace. */
const NAMESPACE = 'lsmith-lan';
const HOST_SIDE = 'lsmith-h';
const CLIENT_SIDE = 'lsmith-n';
const SERVER_ADDRESS = '10.231.77.1';
const CLIENT_ADDRESS = '10.231.77.2';
const PREFIX = 30;

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

/** Whatever a crashed earlier run left: deleting the host side of a veth pair deletes both ends. */
function removeNetwork(): void {
  for (const args of [
    ['link', 'del', HOST_SIDE],
    ['netns', 'del', NAMESPACE],
  ]) {
    try {
      ip(args);
    } catch {
      // Not there: nothing to remove.
    }
  }
}

/** Why the test cannot make its network here (no iproute2, not allowed to make namespaces), or undefined when it can. */
function whyNoNetwork(): string | undefined {
  try {
    execFileSync('ip', ['-V'], { stdio: 'pipe' });
  } catch {
    return '`ip` (iproute2) is not installed';
  }
  try {
    execFileSync('curl', ['--version'], { stdio: 'pipe' });
  } catch {
    return 'curl is not installed';
  }
  removeNetwork();
  try {
    ip(['netns', 'add', NAMESPACE]);
    ip(['netns', 'del', NAMESPACE]);
    return undefined;
  } catch (error) {
    return `\`ip netns add\` is not permitted here: ${(error as { stderr?: Buffer }).stderr?.toString().trim() ?? String(error)}`;
  }
}

const skipReason = whyNoNetwork();
if (skipReason !== undefined) console.warn(`lanAccess.test.ts skipped: ${skipReason}`);

function makeNetwork(): void {
  ip(['netns', 'add', NAMESPACE]);
  ip(['link', 'add', HOST_SIDE, 'type', 'veth', 'peer', 'name', CLIENT_SIDE]);
  ip(['link', 'set', CLIENT_SIDE, 'netns', NAMESPACE]);
  ip(['addr', 'add', `${SERVER_ADDRESS}/${PREFIX}`, 'dev', HOST_SIDE]);
  ip(['link', 'set', HOST_SIDE, 'up']);
  ip(['netns', 'exec', NAMESPACE, 'ip', 'addr', 'add', `${CLIENT_ADDRESS}/${PREFIX}`, 'dev', CLIENT_SIDE]);
  ip(['netns', 'exec', NAMESPACE, 'ip', 'link', 'set', CLIENT_SIDE, 'up']);
  ip(['netns', 'exec', NAMESPACE, 'ip', 'link', 'set', 'lo', 'up']);
}

interface CurlAnswer {
  status: number;
  headers: string;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

interface CurlOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** The CA the client trusts (the test certificate); not given for plain HTTP. */
  ca?: string;
}

/** curl run inside the namespace: the request comes from 10.231.77.2, another machine as far as the server knows. */
async function curlFromLan(url: string, options: CurlOptions = {}): Promise<CurlAnswer> {
  const args = ['netns', 'exec', NAMESPACE, 'curl', '-sS', '-i', '--max-time', '15', '-X', options.method ?? 'GET'];
  if (options.ca !== undefined) args.push('--cacert', options.ca);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (options.json !== undefined)
    args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(options.json));
  const { stdout } = await run('ip', [...args, url]);
  const split = stdout.indexOf('\r\n\r\n');
  const headers = stdout.slice(0, split);
  const body = stdout.slice(split + 4);
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(headers)?.[1]);
  return { status, headers, body, json: <T>() => JSON.parse(body) as T };
}

function header(answer: CurlAnswer, name: string): string | undefined {
  return new RegExp(`^${name}: (.*)$`, 'im').exec(answer.headers)?.[1]?.trim();
}

describe.skipIf(skipReason !== undefined)('a client on the LAN', () => {
  let cli: string;
  let certificate: TestCertificate;
  const serves: ServeProcess[] = [];

  /** `labelsmith serve --host 10.231.77.1 ARGS` on a fresh data directory with a team, its live key, and the admin token. */
  async function serveOnLan(
    args: string[],
  ): Promise<{ serve: ServeProcess; key: string; token: string; dataDir: string }> {
    const dataDir = tempDataDir();
    const { key } = await createTenant(cli, dataDir);
    const serve = await startServe(cli, dataDir, 20_000, ['--host', SERVER_ADDRESS, ...args]);
    serves.push(serve);
    return { serve, key, token: readFileSync(join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim(), dataDir };
  }

  beforeAll(async () => {
    makeNetwork();
    certificate = makeTestCertificate(tempDataDir(), [SERVER_ADDRESS]);
    cli = await buildCli();
  });

  afterAll(async () => {
    try {
      await Promise.all(serves.map((serve) => killServe(serve)));
    } finally {
      removeNetwork();
      cleanupAll();
    }
  });

  const tls = (): string[] => ['--tls-cert', certificate.certFile, '--tls-key', certificate.keyFile];

  describe('with TLS, without --admin-lan', () => {
    let server: Awaited<ReturnType<typeof serveOnLan>>;
    beforeAll(async () => {
      server = await serveOnLan(tls());
    });

    it('serves the render API over HTTPS with a key, and prints no warning', async () => {
      expect(server.serve.url).toMatch(new RegExp(`^https://${SERVER_ADDRESS.replaceAll('.', '\\.')}:\\d+$`));
      const usage = await curlFromLan(`${server.serve.url}/v1/usage`, {
        ca: certificate.certFile,
        headers: { Authorization: `Bearer ${server.key}` },
      });
      expect(usage.status).toBe(200);
      expect(usage.json()).toHaveProperty('quota');
      expect(server.serve.stderr()).not.toContain('warning');
    });

    it('refuses the editor API and its sign-in with 403 LOCAL_ONLY, even with the admin token, and says how to enable it', async () => {
      const api = await curlFromLan(`${server.serve.url}/api/session`, {
        ca: certificate.certFile,
        headers: { Authorization: `Bearer ${server.token}` },
      });
      expect(api.status).toBe(403);
      expect(api.json()).toMatchObject({ code: 'LOCAL_ONLY', error: expect.stringContaining('--admin-lan') });
      const signIn = await curlFromLan(`${server.serve.url}/?token=${server.token}`, {
        ca: certificate.certFile,
        headers: { Accept: 'text/html' },
      });
      expect(signIn.status).toBe(403);
      expect(signIn.json()).toMatchObject({ code: 'LOCAL_ONLY' });
      expect(header(signIn, 'set-cookie')).toBeUndefined();
    });

    it('does not answer plain HTTP', async () => {
      await expect(curlFromLan(server.serve.url.replace('https:', 'http:') + '/health')).rejects.toThrow();
    });
  });

  describe('with TLS and --admin-lan', () => {
    let server: Awaited<ReturnType<typeof serveOnLan>>;
    let cookie: string;
    beforeAll(async () => {
      server = await serveOnLan([...tls(), '--admin-lan']);
    });

    it('serves the editor API and signs a browser in with a Secure, HttpOnly, SameSite=Strict cookie', async () => {
      const bearer = await curlFromLan(`${server.serve.url}/api/session`, {
        ca: certificate.certFile,
        headers: { Authorization: `Bearer ${server.token}` },
      });
      expect(bearer.status).toBe(200);
      expect(bearer.json()).toMatchObject({ lanAccess: true, host: SERVER_ADDRESS });
      const signIn = await curlFromLan(`${server.serve.url}/?token=${server.token}`, {
        ca: certificate.certFile,
        headers: { Accept: 'text/html' },
      });
      expect(signIn.status).toBe(303);
      const setCookie = header(signIn, 'set-cookie') ?? '';
      expect(setCookie.toLowerCase().split(/;\s*/)).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=strict']),
      );
      cookie = new RegExp(`^${SESSION_COOKIE}=[^;]+`).exec(setCookie)?.[0] ?? '';
      expect(
        (
          await curlFromLan(`${server.serve.url}/api/session`, {
            ca: certificate.certFile,
            headers: { Cookie: cookie },
          })
        ).status,
      ).toBe(200);
    });

    it('does not let a LAN client change the allowed host names; the same list (no change) is accepted', async () => {
      const headers = { Cookie: cookie, 'X-Labelsmith-Editor': '1' };
      const widened = await curlFromLan(`${server.serve.url}/api/settings`, {
        ca: certificate.certFile,
        method: 'PUT',
        headers,
        json: { lanAccess: true, allowedHostnames: ['rebind.example'] },
      });
      expect(widened.status).toBe(403);
      expect(widened.json()).toMatchObject({ code: 'LOCAL_ONLY' });
      const unchanged = await curlFromLan(`${server.serve.url}/api/settings`, {
        ca: certificate.certFile,
        method: 'PUT',
        headers,
        json: { lanAccess: true, allowedHostnames: [] },
      });
      expect(unchanged.status).toBe(200);
      expect(unchanged.json()).toMatchObject({ allowedHostnames: [] });
    });

    it('ends the session at logout', async () => {
      const headers = { Cookie: cookie, 'X-Labelsmith-Editor': '1' };
      expect(
        (await curlFromLan(`${server.serve.url}/api/logout`, { ca: certificate.certFile, method: 'POST', headers }))
          .status,
      ).toBe(204);
      expect(
        (
          await curlFromLan(`${server.serve.url}/api/session`, {
            ca: certificate.certFile,
            headers: { Cookie: cookie },
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('without TLS', () => {
    it('refuses to start with --admin-lan: exit code 2 and why', async () => {
      await expect(startServe(cli, tempDataDir(), 20_000, ['--host', SERVER_ADDRESS, '--admin-lan'])).rejects.toThrow(
        /exited \(2 null\)[\s\S]*only over TLS/,
      );
    });

    it('serves the render API with a warning on stderr, and refuses the editor API', async () => {
      const server = await serveOnLan([]);
      expect(server.serve.url).toMatch(/^http:\/\//);
      expect(server.serve.stderr()).toContain('warning: LAN access is on without TLS');
      expect(
        (await curlFromLan(`${server.serve.url}/v1/usage`, { headers: { Authorization: `Bearer ${server.key}` } }))
          .status,
      ).toBe(200);
      const api = await curlFromLan(`${server.serve.url}/api/session`, {
        headers: { Authorization: `Bearer ${server.token}` },
      });
      expect(api.status).toBe(403);
      expect(api.json()).toMatchObject({ code: 'LOCAL_ONLY' });
    });
  });
});
