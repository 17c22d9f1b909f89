// Three server processes over one PostgreSQL and one redis-server: one quota and one rate-limit budget per team across them, /ready, and a lost backend answered 503 UNAVAILABLE until it returns.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '@shared/api/plans';
import { TEMPLATE_VERSION_HEADER } from '@shared/api/renderRequest';
import { parseTemplate } from '@shared/model/template';
import { openStore, type Store } from '../store/openStore';
import { freshDatabaseUrl, pausePostgres, resumePostgres } from '../../test/support/store/postgresTestSupport';
import { bundleForNode } from '../../test/support/store/storeTestSupport';
import { redisServer } from '../../test/support/store/redisTestSupport';
import type { RedisServer } from '../../test/support/store/startRedis';
import {
  call,
  expectError,
  makeDataDir,
  removeDataDir,
  render,
  tagTemplate,
  type ApiResponse,
} from '../../test/support/server/serverTestSupport';

interface Node {
  url: string;
  process: ChildProcess;
  stderr: () => string;
}

const NODES = 3;
let nodes: Node[] = [];
let redis: RedisServer;
/** The test's own view of the shared database: teams and keys are made here, outcomes read here. */
let store: Store;
let dataDir: string;

async function startNode(entry: string, dataDir: string, databaseUrl: string, redisUrl: string): Promise<Node> {
  const child = spawn(process.execPath, [entry, dataDir, databaseUrl, redisUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (\S+)/.exec(stdout);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`a node exited with ${String(code)} before listening: ${stderr}`)));
  });
  return { url, process: child, stderr: () => stderr };
}

beforeAll(async () => {
  const [entry, databaseUrl, redisStarted] = await Promise.all([
    bundleForNode(join(import.meta.dirname, '..', '..', 'test', 'support', 'server', 'serverNode.ts')),
    freshDatabaseUrl(),
    redisServer(),
  ]);
  redis = redisStarted;
  // One data directory for every node, as a shared folder would be (outputs, the admin token).
  dataDir = await makeDataDir();
  // Migrated once here, so the nodes start on a current schema.
  store = await openStore(dataDir, { databaseUrl });
  nodes = await Promise.all(Array.from({ length: NODES }, () => startNode(entry, dataDir, databaseUrl, redis.url)));
}, 60_000);

afterAll(async () => {
  await Promise.all(
    nodes.map(async (node) => {
      if (node.process.exitCode !== null) return;
      const exited = new Promise((resolve) => node.process.once('exit', resolve));
      node.process.kill('SIGTERM');
      await exited;
    }),
  );
  await store.close();
  await removeDataDir(dataDir);
});

async function teamKey(
  limits: { quotaLimit?: number; rateMinute?: number },
  mode: 'live' | 'test' = 'live',
): Promise<{ teamId: string; key: string }> {
  const team = await store.teams.create({
    name: `Team ${Math.random()}`,
    plan: 'dev',
    rateHour: 1000,
    rateMinute: 1000,
    ...limits,
  });
  return { teamId: team.id, key: (await store.apiKeys.create({ teamId: team.id, mode })).key };
}

const body = { template: tagTemplate(), data: { title: 'Node' }, format: 'zpl', delivery: 'inline' };

/** Request i goes to node i mod 3, as a round-robin load balancer sends them. */
const nodeFor = (index: number): Node => nodes[index % nodes.length] as Node;

/** Asks /ready until it answers `status` (a backend's restart takes a moment); the answer that did. */
async function readyAnswers(node: Node, status: number): Promise<ApiResponse> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await call(node, '/ready');
    if (response.status === status || attempt === 200) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectUnavailable(response: ApiResponse, backend: RegExp): void {
  const error = expectError(response, 503, 'UNAVAILABLE');
  expect(error.error).toMatch(backend);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
}

describe('several servers over one PostgreSQL and one Redis', () => {
  it('never admit more renders than a hard-capped quota, however concurrent requests are spread over the nodes', async () => {
    const { teamId, key } = await teamKey({ quotaLimit: 5 });
    const answers = await Promise.all(Array.from({ length: 18 }, (_, index) => render(nodeFor(index), key, body)));
    const admitted = answers.filter((response) => response.status === 200).length;
    for (const refused of answers.filter((response) => response.status !== 200))
      expectError(refused, 429, 'QUOTA_EXCEEDED');
    expect(admitted).toBeGreaterThanOrEqual(1);
    expect(admitted).toBeLessThanOrEqual(5);
    const { period } = periodOf(Date.now());
    expect((await store.usage.get(teamId, period)).live).toBe(admitted);
    // Nothing stays reserved: the rest of the quota can be used, to exactly its limit, on any node.
    expect(await store.quotaReservations.reserved(teamId, period)).toBe(0);
    for (let index = admitted; index < 5; index += 1)
      expect((await render(nodeFor(index), key, body)).status).toBe(200);
    expectError(await render(nodeFor(5), key, body), 429, 'QUOTA_EXCEEDED');
    expect((await store.usage.get(teamId, period)).live).toBe(5);
  });

  it('share one rate-limit budget per team: once it is spent, every node answers 429 RATE_LIMITED with Retry-After', async () => {
    const { key } = await teamKey({ rateMinute: 4 }, 'test');
    const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => render(nodeFor(index), key, body)));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    for (const node of nodes) {
      const refused = await render(node, key, body);
      expectError(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0');
    }
  });

  it('refuse a key revoked on another node, and answer with the plan and template version set there, on every node within a second', async () => {
    // The test's own store is one more node: its writes notify the others, which keep keys, teams and templates in memory.
    const team = await store.teams.create({ name: 'Cached', plan: 'dev', rateMinute: 1000, rateHour: 1000 });
    const { record, key } = await store.apiKeys.create({ teamId: team.id, mode: 'live' });
    const template = await store.transaction((trx) =>
      trx.templates.create({
        teamId: team.id,
        slug: 'cached',
        content: parseTemplate(tagTemplate()),
        publish: { author: 'test' },
      }),
    );
    const byId = { templateId: 'cached', data: { title: 'Node' }, format: 'zpl', delivery: 'inline' };
    const plan = async (node: Node) => (await call(node, '/v1/usage', { key })).json<{ plan: string }>().plan;
    const version = async (node: Node) => (await render(node, key, byId)).headers.get(TEMPLATE_VERSION_HEADER);
    const withinASecond = { timeout: 1000, interval: 20 };
    for (const node of [...nodes, ...nodes]) {
      expect(await plan(node)).toBe('dev');
      expect(await version(node)).toBe('1');
    }

    await store.teams.update(team.id, { plan: 'pro' });
    for (const node of nodes) await expect.poll(() => plan(node), withinASecond).toBe('pro');
    await store.transaction((trx) => trx.templates.publish(template.id, { author: 'test' }));
    for (const node of nodes) await expect.poll(() => version(node), withinASecond).toBe('2');
    await store.apiKeys.revoke(record.id);
    for (const node of nodes)
      await expect.poll(async () => (await call(node, '/v1/usage', { key })).status, withinASecond).toBe(401);
  });

  it('answer /ready 200 while every backend answers', async () => {
    for (const node of nodes) {
      const response = await call(node, '/ready');
      expect(response.status, response.text).toBe(200);
      expect(response.json()).toEqual({ ok: true, checks: { database: 'ok', outputs: 'ok', redis: 'ok' } });
    }
  });

  it('answer 503 UNAVAILABLE while redis-server is stopped, and serve again by themselves once it is back', async () => {
    const { key } = await teamKey({});
    expect((await render(nodes[0] as Node, key, body)).status).toBe(200);
    await redis.pause();
    try {
      for (const node of nodes) {
        const ready = await readyAnswers(node, 503);
        expectUnavailable(ready, /redis/);
        expect(ready.json<{ details: { checks: Record<string, string> } }>().details.checks).toMatchObject({
          database: 'ok',
          outputs: 'ok',
        });
        expectUnavailable(await render(node, key, body), /Redis/);
        // What does not need Redis goes on.
        expect((await call(node, '/v1/usage', { key })).status).toBe(200);
        expect((await call(node, '/health')).status).toBe(200);
      }
    } finally {
      await redis.resume();
    }
    for (const node of nodes) {
      expect((await readyAnswers(node, 200)).status).toBe(200);
      expect((await render(node, key, body)).status).toBe(200);
      expect(node.process.exitCode, node.stderr()).toBeNull();
    }
  });

  it('answer 503 UNAVAILABLE while PostgreSQL is stopped, lose nothing answered before, and serve again by themselves once it is back', async () => {
    const { teamId, key } = await teamKey({});
    const before = await Promise.all(nodes.map((node) => render(node, key, body)));
    expect(before.map((response) => response.status)).toEqual([200, 200, 200]);
    await pausePostgres();
    try {
      for (const node of nodes) {
        const ready = await readyAnswers(node, 503);
        expectUnavailable(ready, /database/);
        expect(ready.json<{ details: { checks: Record<string, string> } }>().details.checks).toMatchObject({
          redis: 'ok',
          outputs: 'ok',
        });
        expectUnavailable(await render(node, key, body), /database/);
        expectUnavailable(await call(node, '/v1/usage', { key }), /database/);
        expect((await call(node, '/health')).status).toBe(200);
      }
    } finally {
      await resumePostgres();
    }
    for (const node of nodes) {
      expect((await readyAnswers(node, 200)).status).toBe(200);
      expect((await render(node, key, body)).status).toBe(200);
      expect(node.process.exitCode, node.stderr()).toBeNull();
    }
    // The three renders answered before the stop are counted, and the three after.
    expect((await store.usage.get(teamId, periodOf(Date.now()).period)).live).toBe(6);
  });
});
