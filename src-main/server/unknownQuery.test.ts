// Query parameters a /v1 route does not take are refused with 400 naming them and the ones it takes, never ignored: a typo must not widen an answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cli, expectError, startTestServer, tagTemplate, teamWithKeys, type TeamWithKeys, type TestServer } from './serverTestSupport';

let server: TestServer;
let team: TeamWithKeys;

beforeAll(async () => {
  server = await startTestServer();
  team = await teamWithKeys(cli(server.dataDir), { name: 'Acme' });
  await cli(server.dataDir).importTemplate(team.team.id, tagTemplate(), { slug: 'tag' });
});

afterAll(async () => {
  await server?.dispose();
});

describe('query parameters of /v1 routes', () => {
  it('refuses a misspelt print-job filter, naming it and the filters there are, instead of listing every job', async () => {
    const answer = await call(server, '/v1/print-jobs?printerId=p1', { key: team.live });
    const error = expectError(answer, 400, 'BAD_REQUEST');
    expect(error.error).toContain('"printerId"');
    expect(error.error).toContain('printer, status, template, from, to, limit, cursor');
    expect(error.details).toEqual({ unknown: ['printerId'], known: ['printer', 'status', 'template', 'from', 'to', 'limit', 'cursor'] });
    expect((await call(server, '/v1/print-jobs?printer=p1&limit=5', { key: team.live })).status).toBe(200);
  });

  it('names every unknown parameter of a route at once', async () => {
    const error = expectError(await call(server, '/v1/templates?libary=shipping&sort=name', { key: team.live }), 400, 'BAD_REQUEST');
    expect(error.details).toEqual({ unknown: ['libary', 'sort'], known: ['library'] });
    expect((await call(server, '/v1/templates?library=shipping', { key: team.live })).status).toBe(200);
  });

  it('refuses any parameter on routes that take none', async () => {
    for (const path of ['/v1/usage', '/v1/printers', '/v1/images', '/v1/templates/tag/content', '/v1/templates/tag/versions']) {
      const error = expectError(await call(server, `${path}?verbose=1`, { key: team.live }), 400, 'BAD_REQUEST');
      expect(error.error).toMatch(/takes no query parameters$/);
      expect((await call(server, path, { key: team.live })).status).toBe(200);
    }
  });

  it('asks for the key before it reads the query', async () => {
    expectError(await call(server, '/v1/print-jobs?printerId=p1'), 401, 'AUTH_REQUIRED');
  });
});
