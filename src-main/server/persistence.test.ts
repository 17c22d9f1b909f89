// Restarts: a new server on the same data directory keeps outputs, usage, quota and keys; expired outputs are purged at start.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cli,
  DAY_MS,
  expectError,
  expectRenderResult,
  makeDataDir,
  outputPath,
  removeDataDir,
  render,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  testClock,
  type CliKey,
  type RenderResultBody,
  type TeamWithKeys,
  type TestServer,
} from '../../test/support/server/serverTestSupport';

let dataDir: string;
let team: TeamWithKeys;
let output: RenderResultBody;
let outputBytes: Buffer;
let keyMadeWhileStopped: CliKey;
let running: TestServer | undefined;

/** One server at a time on the shared directory; each test starts the one it needs. */
async function restart(options: { now?: () => number } = {}): Promise<TestServer> {
  await running?.close();
  running = await startTestServer({ dataDir, ...options });
  return running;
}

beforeAll(async () => {
  dataDir = await makeDataDir();
  const first = await restart();
  const admin = cli(dataDir);
  team = await teamWithKeys(admin, { plan: 'dev', quotaLimit: 4, rateMinute: 1000, rateHour: 10_000 });
  await admin.importTemplate(team.team.id, tagTemplate('Persistent tag'), { slug: 'persistent' });

  output = expectRenderResult(
    await render(first, team.live, { templateId: 'persistent', data: { title: 'Kept' }, format: 'pdf' }),
  );
  const download = await call(first, outputPath(output), { key: team.live });
  expect(download.status).toBe(200);
  outputBytes = download.body;
  expect(
    (
      await render(first, team.live, {
        templateId: 'persistent',
        data: { title: 'Inline' },
        format: 'zpl',
        delivery: 'inline',
      })
    ).status,
  ).toBe(200);
  expect(
    (await render(first, team.test, { templateId: 'persistent', data: { title: 'Test' }, format: 'png', dpi: 72 }))
      .status,
  ).toBe(200);
  expect((await call(first, '/v1/usage', { key: team.live })).json()).toMatchObject({ renders: { live: 2, test: 1 } });
  await first.close();
  running = undefined;

  // While no server runs, an administrator makes a key and revokes another.
  keyMadeWhileStopped = await admin.createKey(team.team.id, 'live');
  await admin.revokeKey(team.testKey.id);
});

afterAll(async () => {
  await running?.close();
  await removeDataDir(dataDir);
});

describe('a server started again on the same data directory', () => {
  it('serves the outputs rendered before, byte for byte, under the same id', async () => {
    const server = await restart();
    expect(new URL(output.url).port).not.toBe(String(server.port));
    const download = await call(server, outputPath(output), { key: team.live });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(download.body.equals(outputBytes)).toBe(true);
  });

  it('still counts the usage of the period, and still accepts the keys made before', async () => {
    const server = await restart();
    const usage = await call(server, '/v1/usage', { key: team.live });
    expect(usage.status).toBe(200);
    expect(usage.json()).toMatchObject({
      renders: { live: 2, test: 1 },
      quota: { limit: 4, remaining: 2, hardCap: true },
    });
  });

  it('accepts a key made by the CLI while it was stopped, and refuses one revoked then', async () => {
    const server = await restart();
    expect((await call(server, '/v1/usage', { key: keyMadeWhileStopped.key })).status).toBe(200);
    expectError(await call(server, '/v1/usage', { key: team.test }), 401, 'AUTH_REQUIRED');
  });

  it('keeps the hard cap where it was: the usage from before the restart counts', async () => {
    const server = await restart();
    for (let i = 0; i < 2; i++)
      expectRenderResult(
        await render(server, team.live, { templateId: 'persistent', data: { title: `After ${i}` }, format: 'zpl' }),
      );
    expectError(
      await render(server, team.live, { templateId: 'persistent', data: {}, format: 'zpl' }),
      429,
      'QUOTA_EXCEEDED',
    );
    // And again after another restart.
    const again = await restart();
    expectError(
      await render(again, keyMadeWhileStopped.key, { templateId: 'persistent', data: {}, format: 'zpl' }),
      429,
      'QUOTA_EXCEEDED',
    );
    expect((await call(again, '/v1/usage', { key: team.live })).json()).toMatchObject({
      renders: { live: 4, test: 1 },
      quota: { remaining: 0 },
    });
  });
});

describe('expiry across restarts', () => {
  it('purges outputs past their 7 days when the server starts, before any request; they answer 410 OUTPUT_EXPIRED', async () => {
    const file = join(dataDir, 'outputs', `${output.id}.pdf`);
    expect(existsSync(file)).toBe(true);
    const clock = testClock();
    clock.advance(8 * DAY_MS);
    const server = await restart({ now: clock.now });
    expect(existsSync(file)).toBe(false);
    expect(await server.store.renders.get(output.id)).toBeUndefined();
    expectError(await call(server, outputPath(output), { key: team.live }), 410, 'OUTPUT_EXPIRED');
  });

  it('keeps answering 410 for the purged id after yet another restart', async () => {
    const server = await restart();
    expectError(await call(server, outputPath(output), { key: team.live }), 410, 'OUTPUT_EXPIRED');
  });
});
