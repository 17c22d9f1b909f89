// GET /v1/usage (spec 4.5, 2.6) and the monthly quota (spec 8.2 rules 4–7): live renders only, hard and soft caps, UTC months.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  barcodeTemplate,
  call,
  cli,
  expectError,
  expectRenderResult,
  render,
  startTestServer,
  tagTemplate,
  teamsWithKeys,
  testClock,
  type Cli,
  type TeamSpec,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

/** Plenty of rate for the quota tests: the quota is what they reach. */
const RATE = { rateMinute: 1000, rateHour: 10_000 };
const LIVE = ['live'] as const;
const TEST = ['test'] as const;
/** A team of its own for each test, made up front all at once. */
const TEAMS = {
  shape: { plan: 'starter', quotaLimit: 5, keys: LIVE, ...RATE },
  dev: { plan: 'dev', keys: TEST },
  starter: { plan: 'starter', keys: TEST },
  pro: { plan: 'pro', keys: TEST },
  enterprise: { plan: 'enterprise', keys: TEST },
  counting: { plan: 'dev', quotaLimit: 10, ...RATE },
  testAfterQuota: { plan: 'dev', quotaLimit: 1, ...RATE },
  rejected: { plan: 'dev', quotaLimit: 2, keys: LIVE, ...RATE },
  hard: { plan: 'dev', quotaLimit: 2, keys: LIVE, ...RATE },
  concurrent: { plan: 'starter', quotaLimit: 4, keys: LIVE, ...RATE },
  soft: { plan: 'pro', quotaLimit: 2, keys: LIVE, ...RATE },
  softTest: { plan: 'pro', quotaLimit: 1, keys: TEST, ...RATE },
  monthly: { plan: 'dev', quotaLimit: 1, ...RATE },
} satisfies Record<string, TeamSpec>;

const clock = testClock();
let server: TestServer;
let admin: Cli;
let teams: Record<keyof typeof TEAMS, TeamWithKeys>;

beforeAll(async () => {
  // Two threads: the concurrency test has renders really running side by side.
  server = await startTestServer({ now: clock.now, threads: 2 });
  admin = cli(server.dataDir);
  teams = await teamsWithKeys(admin, TEAMS);
});

afterAll(async () => {
  await server.dispose();
});

interface UsageBody {
  period: { start: string; end: string };
  renders: { live: number; test: number };
  quota: { limit: number; remaining: number; hardCap: boolean };
  plan: string;
  storage: { usedBytes: number; limitBytes: number };
}

async function usage(key: string): Promise<UsageBody> {
  const response = await call(server, '/v1/usage', { key });
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  return response.json<UsageBody>();
}

const body = { template: tagTemplate(), data: { title: 'Quota' }, format: 'zpl' };
const ok = async (key: string, extra: Record<string, unknown> = {}): Promise<void> => {
  const response = await render(server, key, { ...body, ...extra });
  expect(response.status, response.text).toBe(200);
};

/** The UTC calendar month around `at`: start of the month and start of the next one, ISO 8601. */
function utcMonth(at: number): { start: string; end: string } {
  const date = new Date(at);
  return {
    start: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString(),
  };
}

describe('the usage object (spec 2.6)', () => {
  it('has exactly the fields of 2.6: the UTC calendar month, live and test renders, the quota and the plan; and the storage extension', async () => {
    const { live } = teams.shape;
    const answer = await usage(live);
    expect(answer).toEqual({
      period: utcMonth(clock.now()),
      renders: { live: 0, test: 0 },
      quota: { limit: 5, remaining: 5, hardCap: true },
      plan: 'starter',
      storage: { usedBytes: 0, limitBytes: 1_000_000_000 },
    });
    expect(answer.period.start).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
  });

  it.each([
    ['dev', { limit: 100, remaining: 100, hardCap: true }],
    ['starter', { limit: 10_000, remaining: 10_000, hardCap: true }],
    ['pro', { limit: 100_000, remaining: 100_000, hardCap: false }],
    ['enterprise', { limit: -1, remaining: -1, hardCap: false }],
  ] as const)("reports the %s plan's quota of spec 8.1 and its storage budget", async (plan, quota) => {
    const budgets = { dev: 100_000_000, starter: 1_000_000_000, pro: 10_000_000_000, enterprise: 50_000_000_000 };
    expect(await usage(teams[plan].test)).toMatchObject({
      plan,
      quota,
      storage: { usedBytes: 0, limitBytes: budgets[plan] },
    });
  });

  it('ends the period at the start of the next month, across a year end, in UTC', async () => {
    const key = teams.dev.test;
    try {
      clock.set('2025-12-31T23:30:00Z');
      expect((await usage(key)).period).toEqual({ start: '2025-12-01T00:00:00.000Z', end: '2026-01-01T00:00:00.000Z' });
      clock.set('2024-02-10T08:00:00+05:00');
      expect((await usage(key)).period).toEqual({ start: '2024-02-01T00:00:00.000Z', end: '2024-03-01T00:00:00.000Z' });
    } finally {
      clock.reset();
    }
  });

  it('answers 401 AUTH_REQUIRED without a valid key', async () => {
    expectError(await call(server, '/v1/usage'), 401, 'AUTH_REQUIRED');
    expectError(await call(server, '/v1/usage', { key: 'svc_sk_test_nope' }), 401, 'AUTH_REQUIRED');
  });
});

describe('live and test renders (rules 4, 4.1.6)', () => {
  it('counts live renders in renders.live and the quota, test renders only in renders.test', async () => {
    const { live, test } = teams.counting;
    await ok(live);
    await ok(live, { delivery: 'inline' });
    await ok(test);
    await ok(test, { delivery: 'inline', format: 'png', dpi: 72 });
    await ok(test);
    const answer = await usage(test);
    expect(answer.renders).toEqual({ live: 2, test: 3 });
    expect(answer.quota).toEqual({ limit: 10, remaining: 8, hardCap: true });
    expect(await usage(live)).toEqual(answer);
  });

  it('lets test keys render on after the live quota is used up', async () => {
    const { live, test } = teams.testAfterQuota;
    await ok(live);
    expectError(await render(server, live, body), 429, 'QUOTA_EXCEEDED');
    for (let i = 0; i < 3; i++) await ok(test);
    expect((await usage(live)).renders).toEqual({ live: 1, test: 3 });
  });
});

describe('a rejected request consumes no quota', () => {
  it('400, 404, 413 and 502 answers leave renders.live where it was', async () => {
    const { team: created, live } = teams.rejected;
    expectError(await render(server, live, { ...body, format: 'svg' }), 400, 'BAD_REQUEST');
    expectError(await render(server, live, { ...body, template: { formatVersion: 1 } }), 400, 'INVALID_TEMPLATE');
    expectError(await render(server, live, { templateId: 'missing', data: {}, format: 'pdf' }), 404, 'NOT_FOUND');
    expectError(
      await render(server, live, { ...body, data: { pad: 'x'.repeat(1_100_000) } }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    // A barcode with nothing to encode cannot be drawn (502); a value it cannot hold is the request's fault (400).
    expectError(
      await render(server, live, { template: barcodeTemplate(), data: { ean: '' }, format: 'pdf' }),
      502,
      'RENDER_ERROR',
    );
    expectError(
      await render(server, live, { template: barcodeTemplate(), data: { ean: '12' }, format: 'pdf' }),
      400,
      'INVALID_BARCODE_DATA',
    );
    // Inline, the count is written while the worker draws and taken back when it fails.
    for (const data of [{ ean: '' }, { ean: '12' }]) {
      const answer = await render(server, live, {
        template: barcodeTemplate(),
        data,
        format: 'zpl',
        delivery: 'inline',
      });
      expect([answer.status, answer.json<{ code: string }>().code]).toEqual(
        data.ean === '' ? [502, 'RENDER_ERROR'] : [400, 'INVALID_BARCODE_DATA'],
      );
    }
    expect((await usage(live)).renders).toEqual({ live: 0, test: 0 });
    // The whole quota is still there: exactly two renders pass.
    await ok(live);
    await ok(live);
    expectError(await render(server, live, body), 429, 'QUOTA_EXCEEDED');
    expect((await admin.showTeam(created.id)).usage).toEqual({ live: 2, test: 0 });
  });
});

describe('hard cap (rule 5)', () => {
  it('refuses live renders at the limit with 429 QUOTA_EXCEEDED, url and inline alike, and does not count them', async () => {
    const { team: created, live } = teams.hard;
    expectRenderResult(await render(server, live, body));
    expect(await usage(live)).toMatchObject({ renders: { live: 1 }, quota: { limit: 2, remaining: 1, hardCap: true } });
    await ok(live, { delivery: 'inline' });
    for (const delivery of ['url', 'inline']) {
      const error = expectError(await render(server, live, { ...body, delivery }), 429, 'QUOTA_EXCEEDED');
      expect(error.error).toBe('monthly render quota exceeded');
    }
    expect(await usage(live)).toMatchObject({
      renders: { live: 2, test: 0 },
      quota: { limit: 2, remaining: 0, hardCap: true },
    });
    const shown = await admin.showTeam(created.id);
    expect(shown).toMatchObject({ usage: { live: 2 }, overage: false, flaggedForReview: false });
  });

  it('admits exactly the remaining renders among 10 concurrent ones: 3 succeed, 7 get QUOTA_EXCEEDED', async () => {
    const { team: created, live } = teams.concurrent;
    await ok(live);
    expect((await usage(live)).quota.remaining).toBe(3);
    // A PNG at 300 dpi takes long enough that the ten overlap in the two render threads.
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => render(server, live, { ...body, format: 'png', dpi: 300 })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    for (const response of responses.filter((r) => r.status === 429)) expectError(response, 429, 'QUOTA_EXCEEDED');
    expect(await usage(live)).toMatchObject({ renders: { live: 4, test: 0 }, quota: { limit: 4, remaining: 0 } });
    expect((await admin.showTeam(created.id)).usage.live).toBe(4);
  });
});

describe('soft cap (rule 6)', () => {
  it('lets renders go on past the limit and flags the team for review, visible in `team show`', async () => {
    const { team: created, live } = teams.soft;
    await ok(live);
    await ok(live);
    expect(await admin.showTeam(created.id)).toMatchObject({
      usage: { live: 2 },
      overage: false,
      flaggedForReview: false,
    });
    await ok(live);
    await ok(live, { delivery: 'inline' });
    expect(await usage(live)).toMatchObject({
      renders: { live: 4 },
      quota: { limit: 2, remaining: 0, hardCap: false },
      plan: 'pro',
    });
    expect(await admin.showTeam(created.id)).toMatchObject({
      usage: { live: 4 },
      overage: true,
      flaggedForReview: true,
      flaggedPeriod: expect.any(String),
    });
  });

  it('is not triggered by test renders', async () => {
    const { team: created, test } = teams.softTest;
    for (let i = 0; i < 3; i++) await ok(test);
    expect(await admin.showTeam(created.id)).toMatchObject({
      usage: { live: 0, test: 3 },
      overage: false,
      flaggedForReview: false,
    });
  });
});

describe('monthly reset (rule 7)', () => {
  it('gives a hard-capped team its quota again when the UTC calendar month turns', async () => {
    const { live, test } = teams.monthly;
    try {
      // 23:59:30 UTC on 31 January is already 1 February in Tokyo, and still 31 January in UTC.
      clock.set('2026-01-31T23:59:30Z');
      await ok(live);
      await ok(test);
      expectError(await render(server, live, body), 429, 'QUOTA_EXCEEDED');
      expect(await usage(live)).toMatchObject({
        period: { end: '2026-02-01T00:00:00.000Z' },
        renders: { live: 1, test: 1 },
        quota: { remaining: 0 },
      });

      clock.set('2026-02-01T00:00:01Z');
      expect(await usage(live)).toMatchObject({
        period: { start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' },
        renders: { live: 0, test: 0 },
        quota: { remaining: 1 },
      });
      await ok(live);
      expectError(await render(server, live, body), 429, 'QUOTA_EXCEEDED');

      // January's count is kept as it was.
      clock.set('2026-01-15T00:00:00Z');
      expect((await usage(live)).renders).toEqual({ live: 1, test: 1 });
    } finally {
      clock.reset();
    }
  });
});
