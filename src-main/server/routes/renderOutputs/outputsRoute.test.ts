// GET /v1/render-outputs/{id} (spec 4.2, 8.2 rule 9): the team's document with its type and filename for 7 days, 410 and purged after.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cli,
  DAY_MS,
  expectError,
  expectRenderResult,
  render,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  testClock,
  type RenderResultBody,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

const clock = testClock();
let server: TestServer;
let owner: TeamWithKeys;
let other: TeamWithKeys;
let revokedKey: { id: string; key: string };

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  const admin = cli(server.dataDir);
  [owner, other] = await Promise.all([
    teamWithKeys(admin, { name: 'Owner', rateMinute: 10_000, rateHour: 100_000 }),
    teamWithKeys(admin, { name: 'Other', rateMinute: 10_000, rateHour: 100_000 }),
  ]);
  revokedKey = await admin.createKey(owner.team.id, 'live');
  await admin.revokeKey(revokedKey.id);
});

afterAll(async () => {
  await server.dispose();
});

const data = { title: 'Download me' };

async function renderUrl(key: string, format: string): Promise<RenderResultBody> {
  return expectRenderResult(await render(server, key, { template: tagTemplate(), data, format }));
}

const path = (id: string): string => `/v1/render-outputs/${id}`;
const outputFile = (result: RenderResultBody): string =>
  join(server.dataDir, 'outputs', `${result.id}.${result.format}`);

describe('a rendered output', () => {
  it.each([
    ['pdf', /^application\/pdf$/, (body: Buffer) => expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-')],
    ['png', /^image\/png$/, (body: Buffer) => expect(PNG.sync.read(body).width).toBe(591)],
    [
      'zpl',
      /^text\/plain/,
      (body: Buffer) => expect(body.toString('utf8')).toMatch(/^\^XA[\s\S]*Download me[\s\S]*\^XZ\s*$/),
    ],
    ['html', /^text\/html/, (body: Buffer) => expect(body.toString('utf8')).toContain('Download me')],
  ])(
    '%s: served to its team with its Content-Type and a Content-Disposition filename',
    async (format, contentType, check) => {
      const result = await renderUrl(owner.live, format);
      const response = await call(server, path(result.id), { key: owner.live });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(contentType);
      expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="label-${result.id}.${format}"`);
      expect(response.body.byteLength).toBe(result.sizeBytes);
      check(response.body);
      // Another key of the same team (a test key) reads it too: outputs belong to the team.
      expect((await call(server, path(result.id), { key: owner.test })).body.equals(response.body)).toBe(true);
    },
  );

  it('is HTML served with nosniff and a sandboxing CSP that allows no script and no request', async () => {
    const result = await renderUrl(owner.live, 'html');
    const response = await call(server, path(result.id), { key: owner.live });
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp.split(';').map((part) => part.trim())).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'"]),
    );
    expect(csp).not.toMatch(/script-src|connect-src|allow-scripts|allow-same-origin/);
  });

  it('rendered with a test key is downloadable like a live one', async () => {
    const result = await renderUrl(owner.test, 'zpl');
    expect((await call(server, path(result.id), { key: owner.live })).status).toBe(200);
  });
});

describe('404 NOT_FOUND', () => {
  it("for another team's output, answered exactly like an unknown id", async () => {
    const result = await renderUrl(owner.live, 'pdf');
    const foreign = expectError(await call(server, path(result.id), { key: other.live }), 404, 'NOT_FOUND');
    const unknownId = '0b5e1a9e-2f43-4c1d-8a6b-1f2e3d4c5b6a';
    const unknown = expectError(await call(server, path(unknownId), { key: other.live }), 404, 'NOT_FOUND');
    expect(foreign.error.replace(result.id, unknownId)).toBe(unknown.error);
    expect(existsSync(outputFile(result))).toBe(true);
  });

  it.each([
    ['a malformed id', 'not-a-render-id'],
    ['an upper-case UUID', '0B5E1A9E-2F43-4C1D-8A6B-1F2E3D4C5B6A'],
    ['a file name', '0b5e1a9e-2f43-4c1d-8a6b-1f2e3d4c5b6a.pdf'],
    ['an encoded path traversal', '..%2F..%2Flabelsmith.db'],
    ['an encoded absolute path', '%2Fetc%2Fpasswd'],
  ])('for %s', async (_case, id) => {
    expectError(await call(server, path(id), { key: owner.live }), 404, 'NOT_FOUND');
  });
});

describe('401 AUTH_REQUIRED', () => {
  it('without a key, with an unknown key, or with a revoked key of the owning team', async () => {
    const result = await renderUrl(owner.live, 'pdf');
    for (const key of [undefined, `svc_sk_live_${'A'.repeat(43)}`, revokedKey.key]) {
      expectError(await call(server, path(result.id), { key }), 401, 'AUTH_REQUIRED');
    }
  });
});

// The clock only moves forward from here: these run last, in order.
describe('after 7 days (spec 8.2 rule 9)', () => {
  let kept: RenderResultBody;
  let expiring: RenderResultBody;

  it('an output is still served a moment before its 7 days are up', async () => {
    expiring = await renderUrl(owner.live, 'pdf');
    clock.advance(7 * DAY_MS - 60_000);
    expect((await call(server, path(expiring.id), { key: owner.live })).status).toBe(200);
    // Rendered 6 days 23:59 later than `expiring`: still young when that one expires.
    kept = await renderUrl(owner.live, 'png');
  });

  it('answers 410 OUTPUT_EXPIRED past them, and its file and row are purged', async () => {
    clock.advance(2 * 60_000);
    expect(existsSync(outputFile(expiring))).toBe(true);
    expectError(await call(server, path(expiring.id), { key: owner.live }), 410, 'OUTPUT_EXPIRED');
    expect(existsSync(outputFile(expiring))).toBe(false);
    expect(await server.store.renders.get(expiring.id)).toBeUndefined();
    expect(readdirSync(join(server.dataDir, 'outputs'))).not.toContain(`${expiring.id}.pdf`);
    // Purged, the id still answers 410 (not 404): the client learns the output is gone for good.
    expectError(await call(server, path(expiring.id), { key: owner.live }), 410, 'OUTPUT_EXPIRED');
  });

  it('purges every expired output, not just the one asked for, and keeps the young ones', async () => {
    expect(readdirSync(join(server.dataDir, 'outputs')).filter((name) => name.endsWith('.html'))).toEqual([]);
    expect(existsSync(outputFile(kept))).toBe(true);
    expect((await call(server, path(kept.id), { key: owner.live })).status).toBe(200);
  });

  it('answers another team 404 for an expired output, as for any output not its own', async () => {
    expectError(await call(server, path(expiring.id), { key: other.live }), 404, 'NOT_FOUND');
  });

  it('an expired output whose row the sweep has not reached yet is already 410, and is purged then', async () => {
    clock.advance(8 * DAY_MS);
    expect(await server.store.renders.get(kept.id)).toBeDefined();
    expectError(await call(server, path(kept.id), { key: owner.live }), 410, 'OUTPUT_EXPIRED');
    expect(existsSync(outputFile(kept))).toBe(false);
    expect(await server.store.renders.get(kept.id)).toBeUndefined();
  });

  it('new renders are served normally on the moved clock', async () => {
    const fresh = await renderUrl(owner.live, 'zpl');
    expect((await call(server, path(fresh.id), { key: owner.live })).status).toBe(200);
  });
});
