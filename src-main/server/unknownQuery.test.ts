// Unknown query parameters on /v1 routes over HTTP: 400 BAD_REQUEST naming the parameter and the ones the route takes, never a silently unfiltered answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cli,
  expectError,
  makeDataDir,
  removeDataDir,
  startTestServer,
  tagTemplate,
  teamsWithKeys,
  type TeamWithKeys,
  type TestServer,
} from '../../test/support/server/serverTestSupport';

let dataDir: string;
let server: TestServer;
let acme: TeamWithKeys;

beforeAll(async () => {
  dataDir = await makeDataDir();
  server = await startTestServer({ dataDir });
  const admin = cli(dataDir);
  ({ acme } = await teamsWithKeys(admin, { acme: { rateMinute: 10_000, rateHour: 100_000 } }));
  await admin.importTemplate(acme.team.id, tagTemplate('Shelf tag'), { slug: 'tag' });
});

afterAll(async () => {
  await server.close();
  await removeDataDir(dataDir);
});

const PRINT_JOB_FILTERS = ['printer', 'status', 'template', 'from', 'to', 'limit', 'cursor'];

describe('unknown query parameters on /v1', () => {
  it('GET /v1/print-jobs?printerId=… is refused, naming printerId and the filters that exist', async () => {
    const body = expectError(
      await call(server, '/v1/print-jobs?printerId=prn_1&limit=5', { key: acme.live }),
      400,
      'BAD_REQUEST',
    );
    expect(body.error).toBe(
      `unknown query parameter "printerId": GET /v1/print-jobs takes only ${PRINT_JOB_FILTERS.join(', ')}`,
    );
    expect(body.details).toEqual({ unknown: ['printerId'], allowed: PRINT_JOB_FILTERS });
  });

  it('GET /v1/print-jobs with known filters still answers the filtered page', async () => {
    const answer = await call(server, '/v1/print-jobs?printer=prn_none&status=queued,done&limit=5', { key: acme.live });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json()).toEqual({ printJobs: [], nextCursor: null });
  });

  it('GET /v1/templates takes library only: a misspelt one is refused, the right one filters', async () => {
    const body = expectError(
      await call(server, '/v1/templates?libary=shipping', { key: acme.live }),
      400,
      'BAD_REQUEST',
    );
    expect(body.error).toBe('unknown query parameter "libary": GET /v1/templates takes only library');
    const team = await call(server, '/v1/templates', { key: acme.live });
    expect(team.status, team.text).toBe(200);
    expect(team.text).toContain('"name":"Shelf tag"');
    const library = await call(server, '/v1/templates?library=shipping', { key: acme.live });
    expect(library.status, library.text).toBe(200);
    expect(library.json()).toEqual({ templates: [] });
  });

  const noQuery = [
    '/v1/printers?status=online',
    '/v1/printers/prn_1/status?refresh=1',
    '/v1/usage?days=7',
    '/v1/templates/tag/versions?limit=1',
    '/v1/templates/tag/content?version=1',
    '/v1/templates/tag/versions/1/content?format=json',
    '/v1/print-jobs/job_1?expand=labels',
    '/v1/images?search=logo',
    '/v1/images/logo?size=small',
    '/v1/render-outputs/rnd_1?download=1',
  ];
  for (const path of noQuery) {
    it(`GET ${path} is refused: the route takes no query parameters`, async () => {
      const name = /\?(\w+)=/.exec(path)?.[1];
      const body = expectError(await call(server, path, { key: acme.live }), 400, 'BAD_REQUEST');
      expect(body.error).toBe(`unknown query parameter "${name}": GET ${path.split('?')[0]} takes no query parameters`);
      expect(body.details).toEqual({ unknown: [name], allowed: [] });
    });
  }

  it('POST /v1/render?format=pdf is refused (the format goes in the body); without the query it renders as before', async () => {
    const request = { templateId: 'tag', data: {}, format: 'zpl' };
    const body = expectError(
      await call(server, '/v1/render?format=pdf', { key: acme.live, json: request }),
      400,
      'BAD_REQUEST',
    );
    expect(body.error).toBe('unknown query parameter "format": POST /v1/render takes no query parameters');
    const rendered = await call(server, '/v1/render', { key: acme.live, json: request });
    expect(rendered.status, rendered.text).toBe(200);
    expect(rendered.json()).toMatchObject({ status: 'complete', format: 'zpl', labelCount: 1 });
  });

  it('POST /v1/print-jobs/:id/cancel?force=1 is refused, as are the other POST routes', async () => {
    const body = expectError(
      await call(server, '/v1/print-jobs/job_1/cancel?force=1', { key: acme.live, method: 'POST' }),
      400,
      'BAD_REQUEST',
    );
    expect(body.error).toBe(
      'unknown query parameter "force": POST /v1/print-jobs/job_1/cancel takes no query parameters',
    );
  });

  it('leaves the Labelary-compatible viewer alone: it takes what Labelary clients send', async () => {
    const answer = await call(server, '/v1/printers/8dpmm/labels/4x6/0/?client=labelary', {
      key: acme.live,
      body: '^XA^FO50,50^GB100,100,100^FS^XZ',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'image/png' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\/png/);
  });

  it('still answers 401 before looking at the query of a request without a key', async () => {
    expectError(await call(server, '/v1/print-jobs?printerId=prn_1'), 401, 'AUTH_REQUIRED');
  });
});
