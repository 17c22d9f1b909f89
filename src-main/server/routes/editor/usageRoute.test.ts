// GET /api/usage: the /v1 usage object of the workspace team plus every day of the chart, zeros included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, EditorUsage } from '@shared/api/editorApi';
import {
  api,
  smallTemplate,
  startEditorServer,
  type EditorServer,
} from '../../../../test/support/server/editorTestSupport';

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = Date.parse('2025-06-15T12:00:00Z');
let server: EditorServer;
beforeAll(async () => {
  server = await startEditorServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

async function renderWith(key: string): Promise<void> {
  const answer = await api(server, '/v1/render', {
    auth: 'none',
    headers: { Authorization: `Bearer ${key}` },
    json: { template: smallTemplate(), data: {}, format: 'zpl', delivery: 'inline' },
  });
  expect(answer.status, answer.text).toBe(200);
}

describe('GET /api/usage', () => {
  it('answers the period, renders, quota and plan as /v1/usage does, and renders per day for the last N days', async () => {
    const live = (await api(server, '/api/keys', { json: { mode: 'live' } })).json<CreatedApiKey>().key;
    const test = (await api(server, '/api/keys', { json: { mode: 'test' } })).json<CreatedApiKey>().key;
    clock -= 2 * DAY_MS;
    await renderWith(live);
    clock += 2 * DAY_MS;
    await renderWith(live);
    await renderWith(live);
    await renderWith(test);

    const answer = await api(server, '/api/usage?days=7');
    expect(answer.status).toBe(200);
    const usage = answer.json<EditorUsage>();
    const v1 = (await api(server, '/v1/usage', { auth: 'none', headers: { Authorization: `Bearer ${live}` } })).json();
    const { perDay, ...rest } = usage;
    expect(rest).toEqual(v1);
    expect(rest).toMatchObject({
      plan: 'enterprise',
      renders: { live: 3, test: 1 },
      quota: { limit: -1, remaining: -1, hardCap: false },
    });
    expect(perDay).toEqual([
      { day: '2025-06-09', live: 0, test: 0 },
      { day: '2025-06-10', live: 0, test: 0 },
      { day: '2025-06-11', live: 0, test: 0 },
      { day: '2025-06-12', live: 0, test: 0 },
      { day: '2025-06-13', live: 1, test: 0 },
      { day: '2025-06-14', live: 0, test: 0 },
      { day: '2025-06-15', live: 2, test: 1 },
    ]);
  });

  it('shows 30 days by default and refuses a day count outside 1..366', async () => {
    expect((await api(server, '/api/usage')).json<EditorUsage>().perDay).toHaveLength(30);
    expect((await api(server, '/api/usage?days=1')).json<EditorUsage>().perDay).toEqual([
      { day: '2025-06-15', live: 2, test: 1 },
    ]);
    for (const days of ['0', '367', 'seven', '1.5']) {
      const answer = await api(server, `/api/usage?days=${days}`);
      expect(answer.status, days).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
