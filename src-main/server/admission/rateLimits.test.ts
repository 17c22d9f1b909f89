// Rate limits on /v1/render (spec 8.2 rules 1–3): per team, minute and hour windows, headers on every answer, 429 with Retry-After.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  cli,
  expectError,
  rateLimitHeaders,
  render,
  startTestServer,
  tagTemplate,
  teamsWithKeys,
  type ApiResponse,
  type RateLimitHeaders,
  type TeamSpec,
  type TeamWithKeys,
  type TestServer,
} from '../../../test/support/server/serverTestSupport';

/** A team of its own for each test: the windows count per team, so tests cannot disturb each other. */
const LIVE = ['live'] as const;
const TEAMS = {
  minute: { plan: 'dev', rateMinute: 3, rateHour: 5, keys: LIVE },
  hour: { plan: 'dev', rateMinute: 10, rateHour: 3, keys: LIVE },
  takeover: { plan: 'dev', rateMinute: 3, rateHour: 5, keys: LIVE },
  mixed: { plan: 'dev', rateMinute: 4, rateHour: 100 },
  unauthenticated: { plan: 'dev', rateMinute: 2, rateHour: 100, keys: LIVE },
  busy: { plan: 'dev', rateMinute: 2, rateHour: 100, keys: LIVE },
  calm: { plan: 'dev', rateMinute: 2, rateHour: 100, keys: LIVE },
  noQuota: { plan: 'dev', rateMinute: 1, rateHour: 100, keys: LIVE },
  errors: { plan: 'dev', rateMinute: 100, rateHour: 1000, quotaLimit: 1, keys: LIVE },
} satisfies Record<string, TeamSpec>;

let server: TestServer;
let teams: Record<keyof typeof TEAMS, TeamWithKeys>;

beforeAll(async () => {
  server = await startTestServer();
  teams = await teamsWithKeys(cli(server.dataDir), TEAMS);
});

afterAll(async () => {
  await server.dispose();
});

afterEach(() => {
  vi.useRealTimers();
});

const body = { template: tagTemplate(), data: { title: 'Rate' }, format: 'zpl', delivery: 'inline' };
const nowSeconds = (): number => Date.now() / 1000;

function expectAllowed(response: ApiResponse): RateLimitHeaders {
  expect(response.status, response.text).toBe(200);
  return rateLimitHeaders(response);
}

function expectRateLimited(response: ApiResponse): { headers: RateLimitHeaders; retryAfter: number } {
  const error = expectError(response, 429, 'RATE_LIMITED');
  expect(error.error).toBe('rate limit exceeded');
  const retryAfter = response.headers.get('Retry-After');
  // Whole seconds, at least 1.
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  return { headers: rateLimitHeaders(response), retryAfter: Number(retryAfter) };
}

describe('the minute window', () => {
  it('counts down X-RateLimit-Remaining, then answers 429 RATE_LIMITED with Retry-After until the window resets', async () => {
    const { live } = teams.minute;
    const seen: RateLimitHeaders[] = [];
    for (let i = 0; i < 3; i++) seen.push(expectAllowed(await render(server, live, body)));
    expect(seen.map(({ limit, remaining }) => ({ limit, remaining }))).toEqual([
      { limit: 3, remaining: 2 },
      { limit: 3, remaining: 1 },
      { limit: 3, remaining: 0 },
    ]);
    // Reset is Unix epoch seconds: within the minute from the first request.
    for (const { reset } of seen) {
      expect(reset).toBeGreaterThanOrEqual(Math.floor(nowSeconds()));
      expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds()) + 60);
    }

    const before = nowSeconds();
    const { headers, retryAfter } = expectRateLimited(await render(server, live, body));
    const after = nowSeconds();
    expect(headers).toMatchObject({ limit: 3, remaining: 0 });
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Retry-After (from the moment of the answer) and Reset (an epoch second) point at the same moment.
    expect(headers.reset).toBeGreaterThanOrEqual(Math.floor(before + retryAfter) - 1);
    expect(headers.reset).toBeLessThanOrEqual(Math.ceil(after + retryAfter) + 1);
    // Still refused on the next try.
    expectRateLimited(await render(server, live, body));
  });
});

describe('the hour window', () => {
  it('is what the headers describe when it is closer to exhaustion, and refuses with a Retry-After of up to an hour', async () => {
    const { live } = teams.hour;
    const first = expectAllowed(await render(server, live, body));
    expect(first).toMatchObject({ limit: 3, remaining: 2 });
    expect(first.reset).toBeGreaterThan(nowSeconds() + 3500);
    expect(first.reset).toBeLessThanOrEqual(Math.ceil(nowSeconds()) + 3600);
    expect(expectAllowed(await render(server, live, body))).toMatchObject({ limit: 3, remaining: 1 });
    expect(expectAllowed(await render(server, live, body))).toMatchObject({ limit: 3, remaining: 0 });
    const { headers, retryAfter } = expectRateLimited(await render(server, live, body));
    expect(headers).toMatchObject({ limit: 3, remaining: 0 });
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('takes over once the minute window has reset: a request refused by the minute was not counted against the hour', async () => {
    const { live } = teams.takeover;
    for (let i = 0; i < 3; i++) expectAllowed(await render(server, live, body));
    expect(expectRateLimited(await render(server, live, body)).retryAfter).toBeLessThanOrEqual(60);

    // The limiter's windows run on the process clock: move it past the minute (only Date; timers and I/O stay real).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    // Minute: 2 left; hour: 4 of 5 used (the refused request did not count), so 1 left: the hour is closest.
    expect(expectAllowed(await render(server, live, body))).toMatchObject({ limit: 5, remaining: 1 });
    expect(expectAllowed(await render(server, live, body))).toMatchObject({ limit: 5, remaining: 0 });
    const { headers, retryAfter } = expectRateLimited(await render(server, live, body));
    expect(headers).toMatchObject({ limit: 5, remaining: 0 });
    expect(retryAfter).toBeGreaterThan(3400);
    expect(retryAfter).toBeLessThanOrEqual(3600 - 60);
  });
});

describe('what counts', () => {
  it('every render request of the team: live and test keys alike, rejected requests included', async () => {
    const { live, test } = teams.mixed;
    expect(expectAllowed(await render(server, live, body)).remaining).toBe(3);
    expect(expectAllowed(await render(server, test, body)).remaining).toBe(2);
    // A bad request and an unknown template still count, and still carry the headers.
    const bad = await render(server, live, { ...body, format: 'svg' });
    expectError(bad, 400, 'BAD_REQUEST');
    expect(rateLimitHeaders(bad)).toMatchObject({ limit: 4, remaining: 1 });
    const missing = await render(server, test, { templateId: 'nope', data: {}, format: 'pdf' });
    expectError(missing, 404, 'NOT_FOUND');
    expect(rateLimitHeaders(missing)).toMatchObject({ limit: 4, remaining: 0 });
    expectRateLimited(await render(server, test, body));
    expectRateLimited(await render(server, live, body));
  });

  it('not a request without a valid key: 401 carries no rate limit headers and uses nothing of any team', async () => {
    const { live } = teams.unauthenticated;
    for (const key of [undefined, `svc_sk_live_${'x'.repeat(43)}`]) {
      const response = await render(server, key, body);
      expectError(response, 401, 'AUTH_REQUIRED');
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'])
        expect(response.headers.get(name)).toBeNull();
    }
    expect(expectAllowed(await render(server, live, body)).remaining).toBe(1);
  });

  it('per team: one team at its limit leaves another untouched', async () => {
    const { busy, calm } = teams;
    expectAllowed(await render(server, busy.live, body));
    expectAllowed(await render(server, busy.live, body));
    expectRateLimited(await render(server, busy.live, body));
    expect(expectAllowed(await render(server, calm.live, body))).toMatchObject({ limit: 2, remaining: 1 });
  });

  it('a rate-limited request renders nothing and uses no quota', async () => {
    const { live } = teams.noQuota;
    expectAllowed(await render(server, live, body));
    expectRateLimited(await render(server, live, { ...body, delivery: 'url' }));
    const usage = await call(server, '/v1/usage', { key: live });
    expect(usage.json()).toMatchObject({ renders: { live: 1, test: 0 } });
  });
});

describe('headers on every /v1/render answer (rule 2), errors included', () => {
  it('413, 502 and 429 QUOTA_EXCEEDED carry them too', async () => {
    const { live } = teams.errors;
    const tooLarge = await render(server, live, { ...body, data: { padding: 'x'.repeat(1_100_000) } });
    expectError(tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    expect(rateLimitHeaders(tooLarge)).toMatchObject({ limit: 100, remaining: 99 });
    const template = {
      ...tagTemplate(),
      elements: [
        {
          id: 'code',
          type: 'barcode',
          symbology: 'ean8',
          position: { mode: 'absolute', x: '1mm', y: '1mm' },
          width: '30mm',
          height: '10mm',
          content: { expression: 'data.missing' },
        },
      ],
    };
    const failed = await render(server, live, { template, data: {}, format: 'png' });
    expectError(failed, 502, 'RENDER_ERROR');
    expect(rateLimitHeaders(failed).remaining).toBe(98);
    expectAllowed(await render(server, live, body));
    const overQuota = await render(server, live, body);
    expectError(overQuota, 429, 'QUOTA_EXCEEDED');
    expect(rateLimitHeaders(overQuota)).toMatchObject({ limit: 100, remaining: 96 });
  });
});
