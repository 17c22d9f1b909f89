// Authentication (spec 5), API keys, the Host check, routing errors, request ids and /health, against a real server.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUITE_DIALECT } from '../../test/support/store/storeTestSupport';
import {
  API_KEY_PATTERN,
  APP_VERSION,
  call,
  cli,
  expectError,
  expectNoStackTrace,
  filesContaining,
  lanIPv4Address,
  rawRequest,
  rawSocketRequest,
  render,
  runCli,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  UUID_PATTERN,
  type Cli,
  type TeamWithKeys,
  type TestServer,
} from '../../test/support/server/serverTestSupport';

let server: TestServer;
let admin: Cli;
let team: TeamWithKeys;

beforeAll(async () => {
  server = await startTestServer({ allowedHostnames: ['labelsmith.lan'] });
  admin = cli(server.dataDir);
  team = await teamWithKeys(admin, { rateMinute: 10_000, rateHour: 100_000 });
});

afterAll(async () => {
  await server.dispose();
});

const AUTHENTICATED = [
  '/v1/usage',
  '/v1/templates',
  '/v1/templates/some-slug/content',
  '/v1/render-outputs/0b5e1a9e-2f43-4c1d-8a6b-1f2e3d4c5b6a',
];
const renderBody = { template: tagTemplate(), data: { title: 'Auth' }, format: 'zpl', delivery: 'inline' };

describe('401 AUTH_REQUIRED (spec 5.3) with WWW-Authenticate: Bearer', () => {
  const fakeKey = `svc_sk_live_${'a'.repeat(43)}`;
  const cases: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['an empty bearer token', { Authorization: 'Bearer ' }],
    ['a well-formed key that does not exist', { Authorization: `Bearer ${fakeKey}` }],
    ['a key of an unknown kind', { Authorization: `Bearer svc_sk_prod_${'a'.repeat(43)}` }],
    ['a key that is too short', { Authorization: 'Bearer svc_sk_live_abc' }],
    ['another scheme', { Authorization: `Basic ${Buffer.from(`user:${fakeKey}`).toString('base64')}` }],
    ['the key without a scheme', { Authorization: fakeKey }],
  ];

  it.each(cases)('%s, on every authenticated endpoint', async (_case, headers) => {
    for (const path of AUTHENTICATED) expectError(await call(server, path, { headers }), 401, 'AUTH_REQUIRED');
    expectError(await call(server, '/v1/render', { method: 'POST', json: renderBody, headers }), 401, 'AUTH_REQUIRED');
  });

  it("does not accept another team's valid key with a changed character", async () => {
    const altered = `${team.live.slice(0, -1)}${team.live.endsWith('A') ? 'B' : 'A'}`;
    expectError(await call(server, '/v1/usage', { key: altered }), 401, 'AUTH_REQUIRED');
  });

  it('accepts the scheme name in any case', async () => {
    expect((await call(server, '/v1/usage', { headers: { Authorization: `bearer ${team.live}` } })).status).toBe(200);
  });
});

describe('API keys', () => {
  it('are svc_sk_live_ / svc_sk_test_ followed by at least 32 URL-safe characters', () => {
    expect(team.live).toMatch(API_KEY_PATTERN);
    expect(team.live.startsWith('svc_sk_live_')).toBe(true);
    expect(team.test.startsWith('svc_sk_test_')).toBe(true);
    expect(team.live.slice('svc_sk_live_'.length)).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('are stored only as their SHA-256 hash: the key appears nowhere in the data directory', async () => {
    const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM api_keys WHERE team_id = ${team.team.id}`.execute(
      server.store.db,
    );
    expect(rows.map((row) => row.key_hash).sort()).toEqual([sha256(team.live), sha256(team.test)].sort());
    for (const row of rows)
      for (const value of Object.values(row))
        for (const key of [team.live, team.test]) expect(String(value)).not.toContain(key.slice(12));
    // On SQLite, the database, its WAL and anything else in the folder (binary bytes included) never hold the secret part.
    if (SUITE_DIALECT !== 'sqlite') return;
    expect(readdirSync(server.dataDir)).toEqual(expect.arrayContaining(['labelsmith.db', 'labelsmith.db-wal']));
    for (const key of [team.live, team.test]) expect(await filesContaining(server.dataDir, key.slice(12))).toEqual([]);
    // The scan does find what is there: the hash, in the database or its WAL.
    expect((await filesContaining(server.dataDir, sha256(team.live))).length).toBeGreaterThan(0);
  });

  it('take effect at once on the running server: a new key works, a revoked one is refused from the next request on', async () => {
    const created = await admin.createKey(team.team.id, 'live');
    expect((await call(server, '/v1/usage', { key: created.key })).status).toBe(200);
    expect((await render(server, created.key, renderBody)).status).toBe(200);
    await admin.revokeKey(created.id);
    expectError(await call(server, '/v1/usage', { key: created.key }), 401, 'AUTH_REQUIRED');
    expectError(await render(server, created.key, renderBody), 401, 'AUTH_REQUIRED');
    // The team's other keys go on working.
    expect((await call(server, '/v1/usage', { key: team.live })).status).toBe(200);
  });

  it('are listed by the CLI without the key or its hash', async () => {
    const run = await runCli(server.dataDir, ['key', 'list', '--team', team.team.id]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(team.live.slice(12));
    expect(run.stdout).not.toMatch(/hash/i);
  });

  it('are never written to the server log, nor is customer data', async () => {
    await render(server, team.live, { ...renderBody, data: { title: 'secret-customer-value' } });
    const log = server.logs.join('');
    expect(log).toContain('"path":"/v1/render"');
    for (const key of [team.live, team.test]) expect(log).not.toContain(key.slice(12));
    expect(log).not.toContain('secret-customer-value');
    expect(log).not.toMatch(/authorization/i);
  });
});

describe('GET /health (spec 4.6)', () => {
  it('answers without a key: ok, the deployed version, the server time', async () => {
    for (const headers of [{}, { Authorization: 'Bearer nonsense' }] as Record<string, string>[]) {
      const response = await call(server, '/health', { headers });
      expect(response.status).toBe(200);
      const health = response.json<{ ok: boolean; version: string; ts: number }>();
      expect(Object.keys(health).sort()).toEqual(['ok', 'ts', 'version']);
      expect(health).toMatchObject({ ok: true, version: APP_VERSION });
      expect(Math.abs(health.ts - Date.now())).toBeLessThan(5_000);
    }
  });
});

describe('the Host header', () => {
  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'])(
    '%s (with and without the port) is served on a loopback server',
    async (host) => {
      for (const value of [host, `${host}:${server.port}`]) {
        const response = await rawRequest(server, { path: '/health', host: value });
        expect(response.status, value).toBe(200);
      }
    },
  );

  it.each([
    'evil.example.com',
    'evil.example.com:80',
    'localhost.evil.example.com',
    '127.0.0.1.nip.io',
    // Configured names count only with LAN access on: this server listens on loopback.
    'labelsmith.lan',
    '192.168.1.10',
    // Userinfo and other text a URL parser reads another way: the name before the last colon is not the host.
    'localhost:1@attacker.example',
    '127.0.0.1:80@attacker.example:80',
    'localhost/attacker.example',
    'localhost:80 attacker.example',
    '[::1]@attacker.example',
  ])('%j is refused with 403 FORBIDDEN, before authentication and routing', async (host) => {
    for (const path of ['/health', '/v1/usage', '/v1/openapi.json', '/no/such/path']) {
      const response = await rawRequest(server, { path, host, headers: { Authorization: `Bearer ${team.live}` } });
      expectError(response, 403, 'FORBIDDEN');
    }
  });

  it('an empty Host header, or none at all, is refused with 403 FORBIDDEN as JSON', async () => {
    const heads = [
      ['GET /health HTTP/1.1', 'Host: '],
      // Node's HTTP server would answer this one itself, with a bare 400.
      ['GET /health HTTP/1.1'],
      ['GET /health HTTP/1.0'],
      ['GET /v1/usage HTTP/1.0', `Authorization: Bearer ${team.live}`],
    ];
    for (const head of heads) {
      expectError(await rawSocketRequest(server, head), 403, 'FORBIDDEN');
    }
  });

  it('a Location is never built from a Host header with userinfo, nor is the header echoed', async () => {
    for (const host of ['localhost:1@attacker.example', `127.0.0.1:${server.port}@attacker.example`]) {
      const response = await rawRequest(server, {
        path: '/v1/print-jobs',
        method: 'POST',
        host,
        headers: { Authorization: `Bearer ${team.live}` },
      });
      expectError(response, 403, 'FORBIDDEN');
      expect(response.headers.location).toBeUndefined();
      expect(response.text).not.toContain('attacker');
    }
  });

  it('the refusal names the address the server really listens on (it was started on port 0)', async () => {
    const error = expectError(
      await rawRequest(server, { path: '/health', host: 'evil.example.com' }),
      403,
      'FORBIDDEN',
    );
    expect(error.error).toContain(`http://127.0.0.1:${server.port}`);
  });

  it('is checked on renders too: a rebinding page cannot render with a stolen key', async () => {
    const response = await rawRequest(server, {
      path: '/v1/render',
      method: 'POST',
      host: 'evil.example.com',
      headers: { Authorization: `Bearer ${team.live}` },
    });
    expectError(response, 403, 'FORBIDDEN');
  });

  it('with LAN access on: the bound address and the configured names are served, anything else refused', async () => {
    const address = lanIPv4Address();
    // Without a LAN interface, the wildcard address stands in (its answers come over loopback).
    const lan = await startTestServer({
      host: address ?? '0.0.0.0',
      allowedHostnames: ['labelsmith.lan', 'Printer-Room.local'],
    });
    try {
      const connectTo = address ?? '127.0.0.1';
      const served = [
        'labelsmith.lan',
        `labelsmith.lan:${lan.port}`,
        'printer-room.local',
        ...(address ? [address, `${address}:${lan.port}`] : ['127.0.0.1']),
      ];
      for (const host of served)
        expect((await rawRequest(lan, { path: '/health', host, connectTo })).status, host).toBe(200);
      for (const host of ['evil.example.com', 'labelsmith.lan.evil.example.com', 'other.lan']) {
        expectError(await rawRequest(lan, { path: '/health', host, connectTo }), 403, 'FORBIDDEN');
      }
    } finally {
      await lan.dispose();
    }
  });
});

describe('routing errors are JSON too', () => {
  // Page paths outside the API belong to the browser editor; these are the API's own.
  it.each([
    ['GET', '/v1'],
    ['GET', '/v1/'],
    ['GET', '/v1/nope'],
    ['POST', '/v1/renders'],
    ['GET', '/v1/render-outputs'],
    ['GET', '/v1/templates/a/b/content'],
    ['GET', '/health/deep'],
  ])('%s %s: 404 NOT_FOUND', async (method, path) => {
    expectError(await call(server, path, { method, key: team.live }), 404, 'NOT_FOUND');
  });

  it.each([
    ['GET', '/v1/render', 'POST'],
    ['PUT', '/v1/render', 'POST'],
    ['DELETE', '/v1/usage', 'GET'],
    ['POST', '/v1/templates', 'GET'],
    ['POST', '/health', 'GET'],
    ['DELETE', '/v1/render-outputs/0b5e1a9e-2f43-4c1d-8a6b-1f2e3d4c5b6a', 'GET'],
  ])('%s %s: 405 METHOD_NOT_ALLOWED naming the allowed methods', async (method, path, allowed) => {
    const response = await call(server, path, { method, key: team.live });
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('Allow')).toContain(allowed);
  });

  it('a method no route knows: 501 NOT_IMPLEMENTED', async () => {
    const response = await rawRequest(server, {
      path: '/v1/usage',
      method: 'PROPFIND',
      host: `127.0.0.1:${server.port}`,
    });
    expectError(response, 501, 'NOT_IMPLEMENTED');
  });
});

describe('X-Request-Id', () => {
  it("echoes a client's plain id, on success and on errors", async () => {
    for (const [path, key] of [
      ['/health', undefined],
      ['/v1/usage', undefined],
      ['/nope', team.live],
    ] as const) {
      const response = await call(server, path, { key, headers: { 'X-Request-Id': 'client-req.42_A' } });
      expect(response.headers.get('X-Request-Id')).toBe('client-req.42_A');
    }
  });

  it('replaces an id that is not short and plain with its own UUID, and gives one to every request', async () => {
    for (const sent of ['has spaces', 'x'.repeat(65), 'semi;colon', '<script>', undefined]) {
      const response = await call(server, '/health', { headers: sent === undefined ? {} : { 'X-Request-Id': sent } });
      expect(response.headers.get('X-Request-Id')).toMatch(UUID_PATTERN);
    }
    const first = await call(server, '/health');
    const second = await call(server, '/health');
    expect(first.headers.get('X-Request-Id')).not.toBe(second.headers.get('X-Request-Id'));
  });

  it('is logged with the request, so an error answer can be found in the log', async () => {
    await call(server, '/v1/usage', { headers: { 'X-Request-Id': 'find-me-123' } });
    const line = server.logs.find((entry) => entry.includes('"requestId":"find-me-123"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ method: 'GET', path: '/v1/usage', status: 401 });
  });
});

describe('no stack traces', () => {
  it('in any error body, including ones caused by hostile input', async () => {
    const answers = await Promise.all([
      call(server, '/v1/render', {
        method: 'POST',
        key: team.live,
        body: '{"data":',
        headers: { 'Content-Type': 'application/json' },
      }),
      call(server, '/v1/render', {
        method: 'POST',
        key: team.live,
        body: '\u0000\u0001',
        headers: { 'Content-Type': 'application/json; charset=utf-16' },
      }),
      render(server, team.live, {
        template: {
          formatVersion: 1,
          meta: { name: 'x' },
          dimensions: { width: '1mm', height: '1mm' },
          elements: [{ id: 'a', type: 'nope' }],
        },
        data: {},
        format: 'pdf',
      }),
      render(server, team.live, { template: tagTemplate(), data: { title: { toString: 'x' } }, format: 'pdf' }),
      render(server, team.live, {
        template: tagTemplate(),
        data: JSON.parse('{"__proto__": {"polluted": true}}'),
        format: 'html',
      }),
      render(server, team.live, { templateId: '../../../etc/passwd', data: {}, format: 'pdf' }),
      call(server, '/v1/templates/%2e%2e%2f%2e%2e%2fetc%2fpasswd/content', { key: team.live }),
      call(server, '/v1/render-outputs/%00', { key: team.live }),
    ]);
    for (const answer of answers) {
      expectNoStackTrace(answer.text);
      if (answer.status >= 400) {
        expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
        expect(Object.keys(answer.json())).toEqual(expect.arrayContaining(['error', 'code']));
      }
    }
  });
});
