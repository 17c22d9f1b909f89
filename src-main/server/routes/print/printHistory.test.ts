// Print history on a real server with fake printers on loopback: GET /v1/print-jobs (filters, pages), reprints with the same serials, cancel, counter values given back, and all of it after a restart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { printJobPageSchema, printJobSchema, type PrintJob, type PrintJobPage } from '@shared/api/printRequest';
import type { FakeZplPrinter } from '../../../../test/support/printing/fakeZplPrinter';
import { closedPort, fakePrinter, rawPrinterWire } from '../../../../test/support/printing/printingTestSupport';
import { zplLabelRanges } from '../../../printing/printJobDocument';
import { OUTPUT_AREAS } from '../../../store/outputStore';
import {
  call,
  cli,
  cliJson,
  expectError,
  makeDataDir,
  removeDataDir,
  render,
  startTestServer,
  tagTemplate,
  teamsWithKeys,
  type ApiResponse,
  type TeamWithKeys,
  type TestServer,
  printJobState,
  waitForPrintJob,
} from '../../../../test/support/server/serverTestSupport';

/** Fast retries, and enough of them (about 5 s) that a test can cancel a job while it retries. */
const QUEUE = {
  retry: { maxAttempts: 8, baseDelayMs: 200, maxDelayMs: 800 },
  driver: { connectTimeoutMs: 1000, answerTimeoutMs: 500, idleTimeoutMs: 1000 },
  pollMs: 50,
};
/** The printers below: 2 x 1 in media at 203 dpi. */
const SETTINGS = '^XA^PW406^LL203^XZ\n';

/** A parcel label numbered by the team's "parcel" counter: SN and 7 digits. */
const PARCEL = {
  formatVersion: 1,
  meta: { name: 'Parcel' },
  dimensions: { width: '50mm', height: '25mm' },
  elements: [
    {
      id: 'serial',
      type: 'text',
      position: { mode: 'absolute', x: '2mm', y: '2mm' },
      width: '45mm',
      height: '6mm',
      contentExpression: '"SN" + counter("parcel", {start: 1000, pad: 7})',
      style: { fontFamily: 'Printer 0', fontSize: '10pt' },
    },
    {
      id: 'name',
      type: 'text',
      position: { mode: 'absolute', x: '2mm', y: '10mm' },
      width: '45mm',
      height: '6mm',
      contentExpression: 'name',
      style: { fontFamily: 'Printer 0', fontSize: '10pt' },
    },
  ],
};
const serials = (zpl: string): number[] => [...zpl.matchAll(/\^FDSN(\d{7})\^FS/g)].map((match) => Number(match[1]));
const names = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `Box ${index + 1}` }));

let dataDir: string;
let server: TestServer;
let teams: { acme: TeamWithKeys; other: TeamWithKeys; lister: TeamWithKeys };
/** The first test's done job of 5 parcels, reprinted again after the restart. */
let parcels: { job: PrintJob; port: number; document: Buffer };
let cancelledJob: PrintJob;

beforeAll(async () => {
  dataDir = await makeDataDir();
  server = await startTestServer({ dataDir, printQueue: QUEUE });
  const admin = cli(dataDir);
  const limits = { rateMinute: 10_000, rateHour: 100_000 };
  teams = await teamsWithKeys(admin, { acme: limits, other: limits, lister: limits });
  await admin.importTemplate(teams.acme.team.id, PARCEL, { slug: 'parcel' });
  await admin.importTemplate(teams.lister.team.id, tagTemplate('Shelf tag'), { slug: 'tag' });
});

afterAll(async () => {
  await server.close();
  await removeDataDir(dataDir);
});

async function addPrinter(team: TeamWithKeys, port: number): Promise<string> {
  const args = [
    'printer',
    'add',
    '--team',
    team.team.id,
    '--name',
    `Dock ${port}`,
    '--kind',
    'raw',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--dpi',
    '203',
    '--media',
    '2x1in',
  ];
  return (await cliJson(dataDir, z.looseObject({ id: z.string() }), args)).id;
}

async function readyPrinter(team: TeamWithKeys): Promise<{ fake: FakeZplPrinter; printerId: string }> {
  const fake = await fakePrinter();
  return { fake, printerId: await addPrinter(team, fake.port) };
}

function accepted(response: ApiResponse): PrintJob {
  expect(response.status, response.text).toBe(202);
  const job = printJobSchema.parse(response.json());
  expect(response.headers.get('Location')).toBe(`${server.url}/v1/print-jobs/${job.id}`);
  return job;
}

const print = (key: string, body: unknown) => call(server, '/v1/print', { method: 'POST', key, json: body });
const reprint = (key: string | undefined, id: string, body?: unknown) =>
  call(
    server,
    `/v1/print-jobs/${id}/reprint`,
    body === undefined ? { method: 'POST', key } : { method: 'POST', key, json: body },
  );
const cancel = (key: string, id: string) => call(server, `/v1/print-jobs/${id}/cancel`, { method: 'POST', key });

const jobState = (key: string, id: string): Promise<PrintJob> => printJobState(server, key, id);
const waitForJob = (key: string, id: string, until?: (job: PrintJob) => boolean): Promise<PrintJob> =>
  waitForPrintJob(server, key, id, until);

async function listJobs(key: string, query = ''): Promise<PrintJobPage> {
  const response = await call(server, `/v1/print-jobs${query}`, { key });
  expect(response.status, response.text).toBe(200);
  return printJobPageSchema.parse(response.json());
}

/** The serial the next live label of the team gets: a test key's render shows it without taking it. */
async function nextSerial(team: TeamWithKeys): Promise<number> {
  const response = await render(server, team.test, {
    templateId: 'parcel',
    data: { name: 'peek' },
    format: 'zpl',
    delivery: 'inline',
  });
  expect(response.status, response.text).toBe(200);
  const [serial] = serials(response.text);
  if (serial === undefined) throw new Error(`no serial in ${response.text}`);
  return serial;
}

/** The labels the printer took, connection by connection, without the ~HS status queries. */
const jobTexts = (fake: FakeZplPrinter): string[] =>
  fake.connections.map((connection) => connection.bytes.toString('latin1')).filter((text) => text !== '~HS');

/** The wire of the chosen labels (1-based) of a kept ZPL document, as the queue sends them to a raw printer in one chunk. */
function wireOf(document: Buffer, numbers: number[]): string {
  const ranges = zplLabelRanges(document);
  const labels = numbers.map((number) => {
    const [start, end] = ranges[number - 1] ?? [0, 0];
    return document.subarray(start, end).toString('latin1');
  });
  return SETTINGS + (rawPrinterWire(labels.join(''), 50)[0] ?? '');
}

describe('POST /v1/print-jobs/{id}/reprint', () => {
  it('prints exactly the chosen labels again, byte for byte with their serials, and the counter does not move', async () => {
    const { fake, printerId } = await readyPrinter(teams.acme);
    const first = await nextSerial(teams.acme);
    const job = accepted(await print(teams.acme.live, { templateId: 'parcel', records: names(5), printerId }));
    expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({
      status: 'done',
      labelsSent: 5,
      reprintable: true,
      countersReturned: false,
    });
    const document = readFileSync(join(dataDir, OUTPUT_AREAS.printDocuments, `${job.id}.zpl`));
    expect(serials(document.toString('latin1'))).toEqual([first, first + 1, first + 2, first + 3, first + 4]);
    expect(await nextSerial(teams.acme)).toBe(first + 5);
    parcels = { job, port: fake.port, document };

    const again = accepted(await reprint(teams.acme.live, job.id, { labels: '2-3' }));
    expect(again).toMatchObject({
      status: 'queued',
      reprintOf: job.id,
      reprintLabels: '2-3',
      labelCount: 2,
      copies: 1,
      templateId: job.templateId,
      printerId,
    });
    expect(await waitForJob(teams.acme.live, again.id)).toMatchObject({ status: 'done', labelsSent: 2 });
    // Labels 2 and 3 as the original document has them: the same serials, the same names, the same bytes.
    expect(jobTexts(fake).at(-1)).toBe(wireOf(document, [2, 3]));
    expect(
      serials(readFileSync(join(dataDir, OUTPUT_AREAS.printDocuments, `${again.id}.zpl`)).toString('latin1')),
    ).toEqual([first + 1, first + 2]);
    expect(await nextSerial(teams.acme)).toBe(first + 5);

    // No body: every label, in order; commas and overlaps name each label once.
    const all = accepted(await reprint(teams.acme.live, job.id));
    expect(all).toMatchObject({ reprintLabels: '1-5', labelCount: 5 });
    expect(await waitForJob(teams.acme.live, all.id)).toMatchObject({ status: 'done', labelsSent: 5 });
    expect(jobTexts(fake).at(-1)).toBe(wireOf(document, [1, 2, 3, 4, 5]));
    const some = accepted(await reprint(teams.acme.live, job.id, { labels: '5, 1,4-5' }));
    expect(some).toMatchObject({ reprintLabels: '1,4-5', labelCount: 3 });
    expect(await waitForJob(teams.acme.live, some.id)).toMatchObject({ status: 'done' });
    expect(jobTexts(fake).at(-1)).toBe(wireOf(document, [1, 4, 5]));
    expect(await nextSerial(teams.acme)).toBe(first + 5);
  });

  it('refuses labels the job does not have with 400 naming them, and other teams’ jobs with 404', async () => {
    const { job } = parcels;
    const bad = async (labels: unknown, words: string) => {
      const error = expectError(await reprint(teams.acme.live, job.id, { labels }), 400, 'BAD_REQUEST');
      expect(error.error).toContain(words);
      expect(error.details).toMatchObject({ errors: [{ path: 'labels' }] });
    };
    await bad('4-6', "label 6 is past the job's last label (5");
    await bad('9', "label 9 is past the job's last label (5");
    await bad('3-1', '"3-1" runs backwards');
    await bad('0', 'labels are numbered from 1');
    await bad('two', '"two" is not a label number');
    await bad('', 'name at least one label');
    await bad(3, 'labels must be text');
    expectError(await reprint(teams.other.live, job.id, { labels: '1' }), 404, 'NOT_FOUND');
    expectError(await reprint(teams.acme.live, '7b0e4a4e-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectError(await reprint(undefined, job.id), 401, 'AUTH_REQUIRED');
  });
});

describe('POST /v1/print-jobs/{id}/cancel', () => {
  it('stops a job retrying against a closed port: cancelled at once, its serials back, and no further connection', async () => {
    const port = await closedPort();
    const printerId = await addPrinter(teams.acme, port);
    const first = await nextSerial(teams.acme);
    const job = accepted(await print(teams.acme.live, { templateId: 'parcel', records: names(3), printerId }));
    expect(await nextSerial(teams.acme)).toBe(first + 3);
    await waitForJob(teams.acme.live, job.id, (current) => current.lastError?.code === 'PRINTER_UNREACHABLE');

    const response = await cancel(teams.acme.live, job.id);
    expect(response.status, response.text).toBe(200);
    expect(printJobSchema.parse(response.json())).toMatchObject({ id: job.id, status: 'cancelled', labelsSent: 0 });
    expect(response.json()).not.toHaveProperty('nextAttemptAt');
    // Nothing of it reached a printer and nobody took values since: they go back (at once, or once an attempt that was
    // in flight has been recorded), and the job can never be reprinted.
    cancelledJob = await waitForJob(teams.acme.live, job.id, (current) => current.countersReturned);
    expect(cancelledJob).toMatchObject({ status: 'cancelled', labelsSent: 0, reprintable: false });
    expect(await nextSerial(teams.acme)).toBe(first);
    expectError(await reprint(teams.acme.live, job.id), 409, 'CONFLICT');
    // Again: no error, the same job.
    expect((await cancel(teams.acme.live, job.id)).json()).toMatchObject({ id: job.id, status: 'cancelled' });
    expectError(await cancel(teams.other.live, job.id), 404, 'NOT_FOUND');

    // The printer comes on at that address: the printer's next job prints (the cancelled one no longer holds the
    // printer's turn), and the cancelled job never connects again: one ~HS and one job, the new one.
    const fake = await fakePrinter(port);
    const later = accepted(
      await print(teams.acme.live, { template: tagTemplate(), data: { title: 'Later' }, printerId }),
    );
    expect(await waitForJob(teams.acme.live, later.id)).toMatchObject({ status: 'done' });
    expect(fake.connections.map((connection) => connection.bytes.toString('latin1'))).toEqual([
      '~HS',
      expect.stringContaining('^FDLater^FS'),
    ]);
    expect(jobTexts(fake).join('')).not.toContain('SN');
    expect(await jobState(teams.acme.live, job.id)).toEqual(cancelledJob);

    expectError(await cancel(teams.acme.live, later.id), 409, 'CONFLICT');
  });

  it('gives a failed job’s serials back only when no later job took values since', async () => {
    const [deadA, deadC] = await Promise.all([closedPort(), closedPort()]);
    const [printerA, printerC] = [await addPrinter(teams.acme, deadA), await addPrinter(teams.acme, deadC)];
    const { printerId: ready } = await readyPrinter(teams.acme);
    const first = await nextSerial(teams.acme);
    const a = accepted(await print(teams.acme.live, { templateId: 'parcel', records: names(2), printerId: printerA }));
    const b = accepted(
      await print(teams.acme.live, { templateId: 'parcel', data: { name: 'Later' }, printerId: ready }),
    );
    expect(await waitForJob(teams.acme.live, b.id)).toMatchObject({ status: 'done' });
    // A failed having printed nothing, but B's value comes after its block: A's stay used.
    expect(await waitForJob(teams.acme.live, a.id)).toMatchObject({
      status: 'failed',
      labelsSent: 0,
      countersReturned: false,
      error: { code: 'PRINTER_UNREACHABLE' },
    });
    expect(await nextSerial(teams.acme)).toBe(first + 3);

    const c = accepted(await print(teams.acme.live, { templateId: 'parcel', records: names(4), printerId: printerC }));
    expect(await nextSerial(teams.acme)).toBe(first + 7);
    expect(await waitForJob(teams.acme.live, c.id)).toMatchObject({
      status: 'failed',
      countersReturned: true,
      reprintable: false,
    });
    expect(await nextSerial(teams.acme)).toBe(first + 3);
  });
});

describe('GET /v1/print-jobs', () => {
  let jobs: PrintJob[];
  let printers: string[];

  it('lists the team’s jobs newest first, by printer, status, template and time, a page at a time', async () => {
    const [one, two] = [await readyPrinter(teams.lister), await readyPrinter(teams.lister)];
    printers = [one.printerId, two.printerId];
    const inline = { template: tagTemplate(), data: { title: 'Inline' } };
    const saved = { templateId: 'tag', data: { title: 'Saved' } };
    const bodies = [
      { ...saved, printerId: one.printerId },
      { ...inline, printerId: one.printerId },
      { ...saved, printerId: two.printerId },
      { ...saved, printerId: one.printerId },
      { ...inline, printerId: two.printerId },
    ];
    jobs = [];
    for (const body of bodies) jobs.push(accepted(await print(teams.lister.live, body)));
    for (const job of jobs) await waitForJob(teams.lister.live, job.id);
    const ids = (page: PrintJobPage) => page.printJobs.map((job) => job.id);
    const [j1, j2, j3, j4, j5] = jobs.map((job) => job.id) as [string, string, string, string, string];

    // The earlier test's jobs of this team (on another printer) come before these in time.
    const mine = (page: PrintJobPage) => ids(page).filter((id) => jobs.some((job) => job.id === id));
    expect(mine(await listJobs(teams.lister.live))).toEqual([j5, j4, j3, j2, j1]);
    expect(ids(await listJobs(teams.lister.live, `?printer=${one.printerId}`))).toEqual([j4, j2, j1]);
    const tagId = jobs[0]?.templateId;
    expect(tagId).toEqual(expect.any(String));
    expect(ids(await listJobs(teams.lister.live, '?template=tag'))).toEqual([j4, j3, j1]);
    expect(ids(await listJobs(teams.lister.live, `?template=${tagId}&printer=${two.printerId}`))).toEqual([j3]);
    expect(ids(await listJobs(teams.lister.live, `?status=failed,cancelled&printer=${one.printerId}`))).toEqual([]);
    expect(ids(await listJobs(teams.lister.live, `?status=done&printer=${two.printerId}`))).toEqual([j5, j3]);
    const third = jobs[2]?.createdAt ?? '';
    expect(mine(await listJobs(teams.lister.live, `?from=${third}`))).toEqual([j5, j4, j3]);
    expect(mine(await listJobs(teams.lister.live, `?to=${third}`))).toEqual([j2, j1]);

    // Pages of 2 by cursor: every job once, newest first, then no next page.
    const seen: string[] = [];
    let query = `?printer=${one.printerId}&limit=2`;
    for (;;) {
      const page = await listJobs(teams.lister.live, query);
      expect(page.printJobs.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page));
      if (page.nextCursor === null) break;
      query = `?printer=${one.printerId}&limit=2&cursor=${page.nextCursor}`;
    }
    expect(seen).toEqual([j4, j2, j1]);

    // Another team sees none of them; the CLI lists the same page.
    expect(ids(await listJobs(teams.other.live, `?printer=${one.printerId}`))).toEqual([]);
    const fromCli = await cliJson(dataDir, printJobPageSchema, [
      'job',
      'list',
      '--printer',
      one.printerId,
      '--limit',
      '2',
    ]);
    expect(fromCli).toEqual(await listJobs(teams.lister.live, `?printer=${one.printerId}&limit=2`));
  });

  it('refuses malformed filters with 400 naming them', async () => {
    const bad = async (query: string, words: string) => {
      const error = expectError(
        await call(server, `/v1/print-jobs${query}`, { key: teams.lister.live }),
        400,
        'BAD_REQUEST',
      );
      expect(error.error).toContain(words);
    };
    await bad('?status=printed', 'status must be one or more of queued, sending, done, failed, cancelled');
    await bad('?from=yesterday', 'from must be an ISO 8601 date or time with a zone');
    await bad('?from=2026-11-26T08:00', 'from must be an ISO 8601');
    await bad('?from=2026-11-26&to=2026-11-25', 'to must be after from');
    await bad('?limit=0', 'limit must be between 1 and 200');
    await bad('?limit=201', 'limit must be between 1 and 200');
    await bad('?cursor=abc', 'cursor must be the nextCursor of an earlier page');
    expectError(await call(server, '/v1/print-jobs'), 401, 'AUTH_REQUIRED');
  });

  it('keeps the history, the cancelled job and the kept documents after a restart: a reprint then is the same bytes', async () => {
    const before = await listJobs(teams.lister.live, `?printer=${printers[0] ?? ''}`);
    await server.close();
    server = await startTestServer({ dataDir, printQueue: QUEUE });
    expect(await listJobs(teams.lister.live, `?printer=${printers[0] ?? ''}`)).toEqual(before);
    expect(await jobState(teams.acme.live, cancelledJob.id)).toEqual(cancelledJob);

    const first = await nextSerial(teams.acme);
    // The first test's printer, on again at its address (each test's fake printers stop after it).
    const printer = await fakePrinter(parcels.port);
    const again = accepted(await reprint(teams.acme.live, parcels.job.id, { labels: '4' }));
    expect(await waitForJob(teams.acme.live, again.id)).toMatchObject({
      status: 'done',
      reprintOf: parcels.job.id,
      reprintLabels: '4',
    });
    expect(jobTexts(printer)).toEqual([wireOf(parcels.document, [4])]);
    expect(serials(jobTexts(printer).join(''))).toEqual(serials(parcels.document.toString('latin1')).slice(3, 4));
    expect(await nextSerial(teams.acme)).toBe(first);
  });
});
