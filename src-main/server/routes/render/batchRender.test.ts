// POST /v1/render with records against a real server: batch outputs, url and inline delivery, quota and rate counting (both per label).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cli,
  dotsFor,
  expectError,
  expectRenderResult,
  rateLimitHeaders,
  render,
  startTestServer,
  tagTemplate,
  teamsWithKeys,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

const run = promisify(execFile);
const RATE = { rateMinute: 10_000, rateHour: 100_000 };

let server: TestServer;
let teams: Record<'main' | 'capped' | 'rate', TeamWithKeys>;

beforeAll(async () => {
  server = await startTestServer();
  teams = await teamsWithKeys(cli(server.dataDir), {
    main: { plan: 'enterprise', ...RATE },
    capped: { plan: 'dev', quotaLimit: 5, keys: ['live'], ...RATE },
    rate: { plan: 'enterprise', rateMinute: 50, rateHour: 1_000, keys: ['live'] },
  });
});

afterAll(async () => {
  await server.dispose();
});

const template = tagTemplate('Batch tag');
const records = [{ title: 'First label' }, { title: 'Second label' }, { title: 'Third label' }];

async function usage(key: string): Promise<{ renders: { live: number; test: number }; quota: { remaining: number } }> {
  return (await call(server, '/v1/usage', { key })).json();
}

async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'labelsmith-batch-http-'));
  try {
    const file = join(dir, 'batch.pdf');
    await writeFile(file, bytes);
    const pages = Number(/^Pages:\s+(\d+)/m.exec((await run('pdfinfo', [file])).stdout)?.[1]);
    const texts: string[] = [];
    for (let page = 1; page <= pages; page++)
      texts.push((await run('pdftotext', ['-f', String(page), '-l', String(page), file, '-'])).stdout.trim());
    return texts;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('batches through POST /v1/render', () => {
  it('url delivery stores one PDF with a page per record, answers labelCount and counts N live renders', async () => {
    const before = await usage(teams.main.live);
    const result = expectRenderResult(await render(server, teams.main.live, { template, records, format: 'pdf' }));
    expect(result).toMatchObject({ status: 'complete', format: 'pdf', labelCount: 3, warnings: [] });
    const download = await call(server, new URL(result.url).pathname, { key: teams.main.live });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toMatch(/^application\/pdf/);
    expect(download.body.byteLength).toBe(result.sizeBytes);
    expect(await pdfPageTexts(download.body)).toEqual(['First label', 'Second label', 'Third label']);
    expect((await usage(teams.main.live)).renders.live).toBe(before.renders.live + 3);
  });

  it('a PNG batch is stored and served as a zip of one PNG per label', async () => {
    const result = expectRenderResult(
      await render(server, teams.main.live, { template, records, quantityField: 'copies', format: 'png', dpi: 100 }),
    );
    const download = await call(server, new URL(result.url).pathname, { key: teams.main.live });
    expect(download.headers.get('Content-Type')).toBe('application/zip');
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="label-${result.id}.zip"`);
    const files = unzipSync(download.body);
    expect(Object.keys(files)).toEqual(['label-0001.png', 'label-0002.png', 'label-0003.png']);
    for (const png of Object.values(files)) {
      expect(PNG.sync.read(Buffer.from(png))).toMatchObject({ width: dotsFor(50, 100), height: dotsFor(25, 100) });
    }
  });

  it('inline delivery answers the ZPL document with quantities expanded, counted in renders.test for a test key', async () => {
    const before = await usage(teams.main.test);
    const response = await render(server, teams.main.test, {
      template,
      records: [
        { title: 'One', copies: 2 },
        { title: 'Two', copies: '' },
      ],
      quantityField: 'copies',
      format: 'zpl',
      delivery: 'inline',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect((response.text.match(/\^XA[\s\S]*?\^XZ/g) ?? []).map((label) => /\^FD(.*)\^FS/.exec(label)?.[1])).toEqual([
      'One',
      'One',
      'Two',
    ]);
    const after = await usage(teams.main.test);
    expect(after.renders).toEqual({ live: before.renders.live, test: before.renders.test + 3 });
  });

  it('counts each label of a batch against the rate limit; a batch admitted with requests left may use up the window', async () => {
    const batchOf = (labels: number) => ({
      template,
      records: Array.from({ length: labels }, () => ({ title: 'x' })),
      format: 'zpl',
    });
    const first = rateLimitHeaders(
      await render(server, teams.rate.live, { template, data: { title: 'x' }, format: 'zpl' }),
    );
    const second = rateLimitHeaders(await render(server, teams.rate.live, batchOf(20)));
    expect(second.remaining).toBe(first.remaining - 20);
    // 29 of the minute's 50 left: the batch of 40 is admitted whole, and the window is used up.
    const third = await render(server, teams.rate.live, batchOf(40));
    expect(expectRenderResult(third)).toMatchObject({ labelCount: 40 });
    expect(rateLimitHeaders(third).remaining).toBe(0);
    const refused = await render(server, teams.rate.live, { template, data: { title: 'x' }, format: 'zpl' });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('a hard cap admits a whole batch or none of it', () => {
  it('refuses a batch that does not fit with QUOTA_EXCEEDED, usage unchanged, and admits one that does', async () => {
    const { live } = teams.capped;
    expectRenderResult(await render(server, live, { template, records, format: 'zpl' }));
    expect((await usage(live)).renders.live).toBe(3);
    const refused = await render(server, live, { template, records, format: 'zpl' });
    expect(expectError(refused, 429, 'QUOTA_EXCEEDED').error).toBe('monthly render quota exceeded');
    expect((await usage(live)).renders.live).toBe(3);
    const fits = expectRenderResult(
      await render(server, live, { template, records: records.slice(0, 1), quantityField: 'n', format: 'zpl' }),
    );
    expect(fits).toMatchObject({ labelCount: 1 });
    expectRenderResult(
      await render(server, live, { template, records: [{ title: 'last', n: 1 }], quantityField: 'n', format: 'zpl' }),
    );
    expect(await usage(live)).toMatchObject({ renders: { live: 5 }, quota: { remaining: 0 } });
  });
});

describe('batch request errors', () => {
  const refused = async (body: Record<string, unknown>, path: string, message: RegExp): Promise<void> => {
    const error = expectError(
      await render(server, teams.main.live, { template, format: 'zpl', ...body }),
      400,
      'BAD_REQUEST',
    );
    expect(error.error).toMatch(message);
    expect(error.details?.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  };

  it('needs data or records', async () => {
    await refused({}, 'data', /data or records is required/);
  });

  it('refuses records that are not an array of objects, naming the record', async () => {
    await refused({ records: { title: 'a' } }, 'records', /records must be an array of objects/);
    await refused({ records: [{ title: 'a' }, 'b'] }, 'records[1]', /a record must be a JSON object/);
  });

  it('refuses more than 1,000 records and more than 5,000 labels', async () => {
    await refused({ records: Array.from({ length: 1_001 }, () => ({})) }, 'records', /at most 1000 records/);
    await refused(
      { records: Array.from({ length: 6 }, () => ({ n: 1_000 })), quantityField: 'n' },
      'records',
      /at most 5000 labels/,
    );
  });

  it('refuses a bad quantity naming the record and field', async () => {
    await refused(
      { records: [{ n: 1 }, { n: 'two' }], quantityField: 'n' },
      'records[1].n',
      /^record 2: n: quantity must be a whole number/,
    );
  });

  it('costs nothing when refused', async () => {
    const before = await usage(teams.main.live);
    await render(server, teams.main.live, { template, format: 'zpl', records: [{ n: 0 }], quantityField: 'n' });
    expect((await usage(teams.main.live)).renders).toEqual(before.renders);
  });
});

describe('prompted fields', () => {
  /** The tag showing title and lot, with "lot" a prompted field (default L-0) and "count" a number prompt. */
  const prompted = {
    ...template,
    elements: [{ ...template.elements[0], content: { expression: "data.title + ' ' + data.lot + ' ' + data.count" } }],
    prompts: [
      { name: 'lot', label: 'Lot number', default: 'L-0' },
      { name: 'count', label: 'Count', type: 'number', default: '1' },
    ],
  };
  const fieldData = (text: string): (string | undefined)[] =>
    (text.match(/\^XA[\s\S]*?\^XZ/g) ?? []).map((label) => /\^FD(.*)\^FS/.exec(label)?.[1]);
  const inline = (body: Record<string, unknown>) =>
    render(server, teams.main.test, { template: prompted, format: 'zpl', delivery: 'inline', ...body });

  it('gives data to every record of a batch, over their own values; a prompted field left out takes its default', async () => {
    const response = await inline({ records: [{ title: 'One', lot: 'own' }, { title: 'Two' }], data: { lot: 'L-77' } });
    expect(response.status, response.text).toBe(200);
    expect(fieldData(response.text)).toEqual(['One L-77 1', 'Two L-77 1']);
    const defaults = await inline({ data: { title: 'Solo', count: '12' } });
    expect(fieldData(defaults.text)).toEqual(['Solo L-0 12']);
  });

  it('refuses a value of the wrong type naming the prompted field, and the record in a batch', async () => {
    const single = expectError(await inline({ data: { title: 'x', count: 'many' } }), 400, 'BAD_REQUEST');
    expect(single.error).toBe('prompted field "count" (Count): must be a number, got "many"');
    const batch = expectError(
      await inline({ records: [{ title: 'a' }, { title: 'b', count: 'x' }] }),
      400,
      'BAD_REQUEST',
    );
    expect(batch.error).toBe('record 2: prompted field "count" (Count): must be a number, got "x"');
  });

  it('refuses a template whose prompt default is not of its type, or that names a field twice', async () => {
    const bad = {
      ...prompted,
      prompts: [
        { name: 'lot', label: 'Lot' },
        { name: 'lot', label: 'Again', type: 'date', default: '26.11.2026' },
      ],
    };
    const error = expectError(
      await render(server, teams.main.test, { template: bad, data: {}, format: 'zpl' }),
      400,
      'INVALID_TEMPLATE',
    );
    expect(error.details?.errors).toEqual([
      { path: 'prompts[1].name', message: 'duplicate prompt "lot"' },
      { path: 'prompts[1].default', message: 'must be a date as YYYY-MM-DD, got "26.11.2026"' },
    ]);
  });
});
