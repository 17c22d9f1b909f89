// POST /v1/print, GET /v1/print-jobs/{id}, GET /v1/printers(/{id}/status) on a real server, printing to the fake ZPL printer.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { printerListSchema, printerStatusSchema, printJobSchema, type PrintJob } from '@shared/api/printRequest';
import { pdfInfo, pdfWords, type PdfWord } from '../../../../test/support/engine/pdfTestSupport';
import { fakeLp } from '../../../../test/support/printing/fakeLp';
import type {
  FakeConnection,
  FakePrinterState,
  FakeZplPrinter,
} from '../../../../test/support/printing/fakeZplPrinter';
import {
  closedPort,
  fakePrinter,
  printedLabels,
  rawPrinterWire,
} from '../../../../test/support/printing/printingTestSupport';
import { OUTPUT_AREAS } from '../../../store/outputStore';
import { countRows } from '../../../../test/support/store/storeTestSupport';
import {
  barcodeTemplate,
  call,
  cli,
  cliJson,
  expectError,
  expectRenderResult,
  rateLimitHeaders,
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

/** Fast retries and short timeouts, so faults become failed jobs in a second or two. */
const QUEUE = {
  retry: { maxAttempts: 4, baseDelayMs: 200, maxDelayMs: 800 },
  driver: { connectTimeoutMs: 1000, answerTimeoutMs: 300, idleTimeoutMs: 1000 },
  pollMs: 50,
};
/** The printers below: 2 x 1 in media at 203 dpi, darkness 20, speed 4. */
const SETTINGS = '^XA~SD20^PR4^PW406^LL203^XZ\n';

let server: TestServer;
let teams: {
  acme: TeamWithKeys;
  other: TeamWithKeys;
  metered: TeamWithKeys;
  limited: TeamWithKeys;
  statusLimited: TeamWithKeys;
};
/** A folder LABELSMITH_DEVICE_PATTERN admits, for the server and the CLI (both read this process's environment). */
let deviceDir: string;

beforeAll(async () => {
  deviceDir = mkdtempSync(join(tmpdir(), 'labelsmith-devices-'));
  process.env.LABELSMITH_DEVICE_PATTERN = `${deviceDir}/.*`;
  server = await startTestServer({ printQueue: QUEUE });
  const admin = cli(server.dataDir);
  teams = await teamsWithKeys(admin, {
    acme: { rateMinute: 10_000, rateHour: 100_000 },
    other: { rateMinute: 10_000, rateHour: 100_000 },
    metered: { plan: 'dev', quotaLimit: 10, rateMinute: 1000, rateHour: 1000 },
    limited: { plan: 'dev', rateMinute: 3 },
    statusLimited: { plan: 'dev', rateMinute: 2 },
  });
  await admin.importTemplate(teams.acme.team.id, tagTemplate('Shelf tag'), { slug: 'tag' });
});

afterAll(async () => {
  await server.dispose();
  delete process.env.LABELSMITH_DEVICE_PATTERN;
  rmSync(deviceDir, { recursive: true, force: true });
});

let printerNumber = 0;

/** `labelsmith printer add` for a raw printer at 127.0.0.1:port; returns its id. */
/** `extra`: more `printer add` options. */
async function addPrinter(team: TeamWithKeys, port: number, extra: string[] = []): Promise<string> {
  printerNumber += 1;
  const args = [
    'printer',
    'add',
    '--team',
    team.team.id,
    '--name',
    `Dock ${printerNumber}`,
    '--kind',
    'raw',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
  ];
  const added = await cliJson(server.dataDir, z.looseObject({ id: z.string() }), [
    ...args,
    '--dpi',
    '203',
    '--media',
    '2x1in',
    '--darkness',
    '20',
    '--speed',
    '4',
    ...extra,
  ]);
  return added.id;
}

async function printerFor(
  team: TeamWithKeys,
  state: FakePrinterState = 'ready',
): Promise<{ fake: FakeZplPrinter; printerId: string }> {
  const fake = await fakePrinter();
  fake.setState(state);
  return { fake, printerId: await addPrinter(team, fake.port) };
}

function print(key: string | undefined, body: unknown): Promise<ApiResponse> {
  return call(server, '/v1/print', { method: 'POST', key, json: body });
}

function accepted(response: ApiResponse): PrintJob {
  expect(response.status, response.text).toBe(202);
  const job = printJobSchema.parse(response.json());
  expect(response.headers.get('Location')).toBe(`${server.url}/v1/print-jobs/${job.id}`);
  return job;
}

const jobState = (key: string, id: string): Promise<PrintJob> => printJobState(server, key, id);
const waitForJob = (key: string, id: string, until?: (job: PrintJob) => boolean): Promise<PrintJob> =>
  waitForPrintJob(server, key, id, until);

/** What the queue sent as labels: every connection but the ~HS status queries. */
function jobConnections(fake: FakeZplPrinter): FakeConnection[] {
  return fake.connections.filter((connection) => connection.bytes.toString('latin1') !== '~HS');
}

function statusQueries(fake: FakeZplPrinter): number {
  return fake.connections.length - jobConnections(fake).length;
}

/** The ZPL /v1/render makes of the same input at the printers' 203 dpi (with the test key: outside the quota). */
async function renderedZpl(team: TeamWithKeys, input: Record<string, unknown>): Promise<string> {
  const response = await render(server, team.test, { ...input, format: 'zpl', zplDpi: 203, delivery: 'inline' });
  expect(response.status, response.text).toBe(200);
  return response.text;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('POST /v1/print', () => {
  it('answers 202 with the queued job, then prints it exactly once: the settings format and the rendered ZPL', async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    const response = await print(teams.acme.live, { templateId: 'tag', data: { title: 'Espresso' }, printerId });
    const job = accepted(response);
    expect(response.headers.get('X-RateLimit-Remaining')).toMatch(/^\d+$/);
    expect(job).toEqual({
      id: job.id,
      status: 'queued',
      printerId,
      format: 'zpl',
      labelCount: 1,
      copies: 1,
      totalLabels: 1,
      labelsSent: 0,
      attempts: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: job.createdAt,
      warnings: [],
      templateId: expect.any(String),
      reprintable: true,
      countersReturned: false,
      templateVersion: 1,
    });

    const done = await waitForJob(teams.acme.live, job.id);
    expect(done).toMatchObject({ status: 'done', labelsSent: 1, attempts: 0 });
    expect(done).not.toHaveProperty('error');
    const zpl = await renderedZpl(teams.acme, { templateId: 'tag', data: { title: 'Espresso' } });
    expect(zpl).toContain('^FDEspresso^FS');
    // ~HS first, then one connection with the whole job, ended by us: nothing sent twice.
    expect(fake.connections[0]?.bytes.toString()).toBe('~HS');
    expect(
      jobConnections(fake).map((connection) => ({ text: connection.bytes.toString(), ended: connection.ended })),
    ).toEqual([{ text: SETTINGS + zpl, ended: true }]);
    // Done, the document stays 7 days for reprints (see printHistory.test.ts); the row stays too.
    expect(readdirSync(join(server.dataDir, OUTPUT_AREAS.printDocuments))).toContain(`${job.id}.zpl`);
    expect(done).toMatchObject({ reprintable: true, reprintableUntil: expect.any(String) });
    expect(await server.store.printJobs.get(job.id)).toMatchObject({ status: 'done', labelsSent: 1, claim: null });
  });

  it("sends the printer's media handling in the settings format ahead of the labels: ^MT ^MM ^MN ^LT ^LS", async () => {
    const fake = await fakePrinter();
    const media = [
      '--media-type',
      'thermal-transfer',
      '--print-mode',
      'cutter',
      '--media-sensing',
      'continuous',
      '--top-offset',
      '-1mm',
      '--left-offset',
      '0.5mm',
    ];
    const printerId = await addPrinter(teams.acme, fake.port, media);
    const job = accepted(
      await print(teams.acme.live, { templateId: 'tag', data: { title: 'Cut me' }, printerId, copies: 2 }),
    );
    expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({ status: 'done', labelsSent: 2 });
    const zpl = await renderedZpl(teams.acme, { templateId: 'tag', data: { title: 'Cut me' } });
    // -1 mm is 8 dot rows up; 0.5 mm right is ^LS-4 (^LS shifts left) at 203 dpi. The labels themselves are unchanged.
    const settings = '^XA~SD20^PR4^MTT^MMC^MNN^PW406^LL203^LT-8^LS-4^XZ\n';
    expect(jobConnections(fake).map((connection) => connection.bytes.toString())).toEqual(
      rawPrinterWire(zpl + zpl, 50).map((wire) => settings + wire),
    );
  });

  it('prints a batch with copies as whole copies one after another, and counts labels × copies', async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    const records = [{ title: 'A', qty: 2 }, { title: 'B' }, { title: 'C' }];
    const job = accepted(
      await print(teams.acme.live, { template: tagTemplate(), records, quantityField: 'qty', printerId, copies: 2 }),
    );
    expect(job).toMatchObject({ labelCount: 4, copies: 2, totalLabels: 8 });
    expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({ status: 'done', labelsSent: 8 });
    const batch = await renderedZpl(teams.acme, { template: tagTemplate(), records, quantityField: 'qty' });
    expect(occurrences(batch, '^XZ')).toBe(4);
    // One chunk: both copies' labels as one stored format and 8 recalls.
    expect(jobConnections(fake).map((connection) => connection.bytes.toString())).toEqual(
      rawPrinterWire(batch + batch, 50).map((wire) => SETTINGS + wire),
    );
  });

  it('sends a 1,000-record batch complete and in order, in chunks of whole labels', async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    const records = Array.from({ length: 1000 }, (_, index) => ({
      title: `Parcel ${String(index + 1).padStart(4, '0')}`,
    }));
    const job = accepted(await print(teams.acme.live, { templateId: 'tag', records, printerId }));
    expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({
      status: 'done',
      labelsSent: 1000,
      totalLabels: 1000,
    });
    const chunks = jobConnections(fake);
    // 50 labels per chunk, each chunk its own connection with the settings ahead of it, each checked with ~HS first.
    expect(chunks).toHaveLength(20);
    expect(statusQueries(fake)).toBe(20);
    for (const chunk of chunks) {
      expect(chunk.ended).toBe(true);
      expect(chunk.bytes.toString().startsWith(SETTINGS)).toBe(true);
      expect(printedLabels(chunk.bytes.toString())).toBe(50);
    }
    const sent = chunks.map((chunk) => chunk.bytes.toString().slice(SETTINGS.length));
    expect(sent).toEqual(rawPrinterWire(await renderedZpl(teams.acme, { templateId: 'tag', records }), 50));
  });

  it.each([
    ['paperOut', 'PAPER_OUT', 'paper out'],
    ['headOpen', 'HEAD_OPEN', 'head open'],
  ] as const)(
    'retries a printer reporting %s, then fails the job with that reason and sends nothing',
    async (state, code, words) => {
      const { fake, printerId } = await printerFor(teams.acme, state);
      const job = accepted(await print(teams.acme.live, { templateId: 'tag', data: { title: 'x' }, printerId }));
      const retrying = await waitForJob(teams.acme.live, job.id, (current) => current.lastError !== undefined);
      expect(retrying).toMatchObject({
        status: 'sending',
        labelsSent: 0,
        lastError: { code, message: expect.stringContaining(words) },
        nextAttemptAt: expect.any(String),
      });
      expect(retrying.attempts).toBeGreaterThanOrEqual(1);
      const failed = await waitForJob(teams.acme.live, job.id);
      expect(failed).toMatchObject({
        status: 'failed',
        labelsSent: 0,
        error: { code, message: expect.stringMatching(new RegExp(`reports ${words}.*gave up after 4 attempts`)) },
      });
      expect(failed).not.toHaveProperty('lastError');
      // One ~HS per attempt, and no label.
      expect(statusQueries(fake)).toBe(4);
      expect(jobConnections(fake)).toEqual([]);
    },
  );

  it('prints once the fault is cleared while it retries', async () => {
    const { fake, printerId } = await printerFor(teams.acme, 'paperOut');
    const job = accepted(
      await print(teams.acme.live, { templateId: 'tag', data: { title: 'after paper' }, printerId }),
    );
    await waitForJob(teams.acme.live, job.id, (current) => current.lastError?.code === 'PAPER_OUT');
    fake.setState('ready');
    expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({ status: 'done', labelsSent: 1, attempts: 0 });
    const zpl = await renderedZpl(teams.acme, { templateId: 'tag', data: { title: 'after paper' } });
    expect(jobConnections(fake).map((connection) => connection.bytes.toString())).toEqual([SETTINGS + zpl]);
  });

  it('sends a job again whole after the printer closed the connection mid-job: the label arrives once', async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    fake.closeAfterBytes(40);
    const job = accepted(await print(teams.acme.live, { templateId: 'tag', data: { title: 'cut short' }, printerId }));
    // Once the first attempt was cut, the printer is back for the retry.
    await waitForJob(teams.acme.live, job.id, (current) => current.lastError?.code === 'PRINTER_INTERRUPTED');
    fake.closeAfterBytes(null);
    expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({ status: 'done', labelsSent: 1 });
    const zpl = await renderedZpl(teams.acme, { templateId: 'tag', data: { title: 'cut short' } });
    const sent = jobConnections(fake).map((connection) => connection.bytes.toString());
    expect(sent).toEqual([(SETTINGS + zpl).slice(0, 40), SETTINGS + zpl]);
    expect(occurrences(sent.join(''), zpl)).toBe(1);
  });

  it('fails the job with a timeout when the printer never answers ~HS', async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    fake.silent(true);
    const job = accepted(await print(teams.acme.live, { templateId: 'tag', data: { title: 'x' }, printerId }));
    const failed = await waitForJob(teams.acme.live, job.id);
    expect(failed.error).toEqual({
      code: 'PRINTER_TIMEOUT',
      message: expect.stringMatching(/timed out after 0\.3 s waiting for ~HS answer \(gave up after 4 attempts\)$/),
    });
    expect(jobConnections(fake)).toEqual([]);
  });

  it('fails the job with a clear reason when nothing listens at the printer’s address', async () => {
    const port = await closedPort();
    const printerId = await addPrinter(teams.acme, port);
    const job = accepted(await print(teams.acme.live, { templateId: 'tag', data: { title: 'x' }, printerId }));
    const failed = await waitForJob(teams.acme.live, job.id);
    // Named, never located: API clients see the printer's name, not its host or port.
    expect(failed.error).toEqual({
      code: 'PRINTER_UNREACHABLE',
      message: expect.stringMatching(
        /^printer "Dock \d+": connection refused by the printer: is the printer on and listening on that port\? \(gave up after 4 attempts\)$/,
      ),
    });
    expect(JSON.stringify(failed)).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${port}`));
  });

  it('fails the job without writing a byte when a device printer’s path became a regular file (PRINTER_NOT_A_DEVICE)', async () => {
    const path = join(deviceDir, 'lp0');
    // Added while nothing was there (an unplugged printer at an admitted path), then a file takes its place.
    const added = await cliJson(server.dataDir, z.looseObject({ id: z.string() }), [
      'printer',
      'add',
      '--team',
      teams.acme.team.id,
      '--name',
      'USB 0',
      '--kind',
      'device',
      '--device',
      path,
    ]);
    writeFileSync(path, 'alias ll="ls -l"\n');
    const { mtimeMs } = statSync(path);
    const job = accepted(
      await print(teams.acme.live, { templateId: 'tag', data: { title: 'x' }, printerId: added.id }),
    );
    const failed = await waitForJob(teams.acme.live, job.id);
    expect(failed).toMatchObject({ status: 'failed', labelsSent: 0 });
    expect(failed.error).toEqual({
      code: 'PRINTER_NOT_A_DEVICE',
      message:
        'printer "USB 0": the printer\'s path is a regular file, not a character device: nothing is written to it',
    });
    expect(readFileSync(path, 'utf8')).toBe('alias ll="ls -l"\n');
    expect(statSync(path).mtimeMs).toBe(mtimeMs);
    const status = printerStatusSchema.parse(
      (await call(server, `/v1/printers/${added.id}/status`, { key: teams.acme.live })).json(),
    );
    expect(status).toMatchObject({
      reachable: false,
      error: 'printer "USB 0": the printer\'s path is a regular file, not a character device: nothing is written to it',
    });
  });

  it('prints a sheet stock N-up to a PDF queue from the asked label position: Avery 5160, 35 labels from position 7', async () => {
    const lp = fakeLp();
    process.env.LABELSMITH_LP = lp.path;
    try {
      const added = await cliJson(server.dataDir, z.looseObject({ id: z.string() }), [
        'printer',
        'add',
        '--team',
        teams.acme.team.id,
        '--name',
        'Office',
        '--kind',
        'system',
        '--queue',
        'Office',
      ]);
      const sheet = {
        pageWidth: '8.5in',
        pageHeight: '11in',
        columns: 3,
        rows: 10,
        marginTop: '0.5in',
        marginLeft: '0.1875in',
        gapX: '0.125in',
      };
      const template = {
        ...tagTemplate('Address', { width: '2.625in', height: '1in' }),
        dimensions: { width: '2.625in', height: '1in', sheet },
      };
      const records = Array.from({ length: 35 }, (_, index) => ({ title: `Parcel${index + 1}` }));
      const refused = await print(teams.acme.live, { template, records, printerId: added.id, sheetStart: 31 });
      expect(expectError(refused, 400, 'BAD_REQUEST').error).toBe(
        'sheetStart 31 is past the 30 labels of a sheet: start at 1 to 30',
      );
      const job = accepted(await print(teams.acme.live, { template, records, printerId: added.id, sheetStart: 7 }));
      expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({
        status: 'done',
        format: 'pdf',
        labelCount: 35,
      });
      const [pdf = Buffer.alloc(0)] = lp.jobs();
      expect(await pdfInfo(pdf)).toMatch(/Pages:\s+2\n[\s\S]*Page size:\s+612 x 792 pts \(letter\)/);
      const words = await pdfWords(pdf);
      expect(words.map((word) => word.text)).toEqual(records.map((record) => record.title));
      // Label 1 in position 7 (third row, first column), label 25 in the next sheet's first position, label 35 in its 11th.
      const at = (word: PdfWord | undefined) => [
        word?.page,
        Math.floor(((word?.x ?? 0) - 13.5) / 198),
        Math.floor(((word?.y ?? 0) - 36) / 72),
      ];
      expect([at(words[0]), at(words[23]), at(words[24]), at(words[34])]).toEqual([
        [1, 0, 2],
        [1, 2, 9],
        [2, 0, 0],
        [2, 1, 3],
      ]);
    } finally {
      delete process.env.LABELSMITH_LP;
      lp.remove();
    }
  });

  it('fails a pending job whose printer was removed, and never contacts that printer again', async () => {
    const { fake, printerId } = await printerFor(teams.acme, 'paperOut');
    const job = accepted(await print(teams.acme.live, { templateId: 'tag', data: { title: 'x' }, printerId }));
    await waitForJob(teams.acme.live, job.id, (current) => current.lastError !== undefined);
    // As `labelsmith printer remove` does, at once: the job is between two attempts now, with more than a second left.
    await server.store.transaction((trx) => trx.printers.remove(printerId));
    const contacts = fake.connections.length;
    expect((await waitForJob(teams.acme.live, job.id)).error).toEqual({
      code: 'PRINTER_REMOVED',
      message: `printer ${printerId} was removed before the job was sent`,
    });
    expect(fake.connections).toHaveLength(contacts);
  });

  it('refuses bad requests with 400 naming the field, before anything is rendered, stored or sent', async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    const data = { title: 'x' };
    const cases: [unknown, string][] = [
      [{ templateId: 'tag', data }, 'printerId'],
      [{ templateId: 'tag', data, printerId: 7 }, 'printerId'],
      [{ templateId: 'tag', data, printerId, copies: 0 }, 'copies'],
      [{ templateId: 'tag', data, printerId, copies: 1001 }, 'copies'],
      [{ templateId: 'tag', data, printerId, copies: 1.5 }, 'copies'],
      [{ templateId: 'tag', records: Array.from({ length: 1000 }, () => data), printerId, copies: 11 }, 'copies'],
      [{ templateId: 'tag', printerId }, 'data'],
      [{ data, printerId }, 'templateId'],
      [{ templateId: 'tag', data, quantityField: 'qty', printerId }, 'quantityField'],
      [{ templateId: 'tag', records: [data, 'not an object'], printerId }, 'records[1]'],
    ];
    const jobsBefore = await countRows(server.store, 'print_jobs');
    for (const [body, path] of cases) {
      const error = expectError(await print(teams.acme.live, body), 400, 'BAD_REQUEST');
      expect(
        (error.details?.errors as { path: string }[] | undefined)?.map((problem) => problem.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const invalid = expectError(
      await print(teams.acme.live, { template: { formatVersion: 1 }, data, printerId }),
      400,
      'INVALID_TEMPLATE',
    );
    expect(invalid.details?.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'meta' })]));
    const unprintable = expectError(
      await print(teams.acme.live, { template: barcodeTemplate(), data: { title: 'x', ean: 'not digits' }, printerId }),
      400,
      'INVALID_BARCODE_DATA',
    );
    expect(unprintable.details).toMatchObject({ elementId: 'ean' });
    expectError(
      await call(server, '/v1/print', {
        method: 'POST',
        key: teams.acme.live,
        body: 'not json',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
      'BAD_REQUEST',
    );
    expect(await countRows(server.store, 'print_jobs')).toBe(jobsBefore);
    expect(fake.connections).toEqual([]);
  });

  it('answers 404 for unknown templates and printers, another team’s printer included; 401 without a key; 403 for a demo key’s inline template', async () => {
    const { fake, printerId } = await printerFor(teams.other);
    const data = { title: 'x' };
    expectError(await print(teams.acme.live, { templateId: 'tag', data, printerId }), 404, 'NOT_FOUND');
    expectError(
      await print(teams.acme.live, { templateId: 'tag', data, printerId: 'no-such-printer' }),
      404,
      'NOT_FOUND',
    );
    expectError(await print(teams.other.live, { templateId: 'tag', data, printerId }), 404, 'NOT_FOUND');
    expectError(await print(undefined, { templateId: 'tag', data, printerId }), 401, 'AUTH_REQUIRED');
    const demo = await cliJson(server.dataDir, z.looseObject({ key: z.string() }), [
      'key',
      'create',
      '--team',
      teams.other.team.id,
      '--mode',
      'live',
      '--demo',
    ]);
    expectError(await print(demo.key, { template: tagTemplate(), data, printerId }), 403, 'FORBIDDEN');
    expect(fake.connections).toEqual([]);
  });
});

describe('design warnings of print jobs', () => {
  it("lists them in the job before it is sent, the printer's unprintable margin included; /v1/render knows no margin", async () => {
    const fake = await fakePrinter();
    printerNumber += 1;
    const args = [
      'printer',
      'add',
      '--team',
      teams.acme.team.id,
      '--name',
      `Dock ${printerNumber}`,
      '--kind',
      'raw',
      '--host',
      '127.0.0.1',
      '--port',
      String(fake.port),
    ];
    const { id: printerId } = await cliJson(server.dataDir, z.looseObject({ id: z.string() }), [
      ...args,
      '--unprintable-margin',
      '1.5mm',
    ]);
    const template = tagTemplate();
    // The title starts 0.5 mm from the left edge: inside the printer's 1.5 mm.
    const edge = {
      ...template,
      elements: [{ ...template.elements[0], position: { mode: 'absolute', x: '0.5mm', y: '2mm' } }],
    };
    const job = accepted(
      await print(teams.acme.live, { template: edge, records: [{ title: 'One' }, { title: 'Two' }], printerId }),
    );
    expect(job.warnings).toEqual([
      {
        code: 'ELEMENT_IN_UNPRINTABLE_MARGIN',
        elementId: 'title',
        record: 1,
        message: expect.stringMatching(/margin of 1\.50 mm at the left edge/),
      },
    ]);
    expect(await waitForJob(teams.acme.live, job.id)).toMatchObject({ status: 'done', warnings: job.warnings });
    const rendered = expectRenderResult(
      await render(server, teams.acme.live, { template: edge, data: { title: 'One' }, format: 'zpl' }),
    );
    expect(rendered.warnings).toEqual([]);
    const listed = printerListSchema.parse((await call(server, '/v1/printers', { key: teams.acme.live })).json());
    expect(listed.printers.find((printer) => printer.id === printerId)?.unprintableMargin).toBe('1.5mm');
  });
});

describe('GET /v1/print-jobs/{id}', () => {
  it('answers 404 for another team’s job and for unknown or malformed ids, 401 without a key', async () => {
    const { printerId } = await printerFor(teams.acme);
    const job = accepted(await print(teams.acme.live, { templateId: 'tag', data: { title: 'x' }, printerId }));
    expect((await jobState(teams.acme.test, job.id)).id).toBe(job.id);
    expectError(await call(server, `/v1/print-jobs/${job.id}`, { key: teams.other.live }), 404, 'NOT_FOUND');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job', '%2E%2E', 'x'.repeat(300)]) {
      expectError(await call(server, `/v1/print-jobs/${id}`, { key: teams.acme.live }), 404, 'NOT_FOUND');
    }
    expectError(await call(server, `/v1/print-jobs/${job.id}`), 401, 'AUTH_REQUIRED');
    await waitForJob(teams.acme.live, job.id);
  });
});

describe('rate limits and quota', () => {
  it('counts labels × copies as live renders when the job is accepted, refuses a job over a hard cap whole, leaves test keys outside the quota', async () => {
    const { fake, printerId } = await printerFor(teams.metered);
    const records = [{ title: 'a' }, { title: 'b' }, { title: 'c' }];
    const usage = async () =>
      (await call(server, '/v1/usage', { key: teams.metered.live })).json<{
        renders: { live: number; test: number };
        quota: { remaining: number };
      }>();
    const job = accepted(await print(teams.metered.live, { template: tagTemplate(), records, printerId, copies: 2 }));
    expect(await usage()).toMatchObject({ renders: { live: 6, test: 0 }, quota: { remaining: 4 } });
    // 5 more labels do not fit the 4 left: nothing of the job is rendered, stored, counted or sent.
    expectError(
      await print(teams.metered.live, {
        template: tagTemplate(),
        records: [...records, ...records.slice(0, 2)],
        printerId,
      }),
      429,
      'QUOTA_EXCEEDED',
    );
    const test = accepted(await print(teams.metered.test, { template: tagTemplate(), records, printerId, copies: 3 }));
    expect(await usage()).toMatchObject({ renders: { live: 6, test: 9 }, quota: { remaining: 4 } });
    await waitForJob(teams.metered.live, job.id);
    await waitForJob(teams.metered.test, test.id);
    expect(jobConnections(fake).map((connection) => printedLabels(connection.bytes.toString()))).toEqual([6, 9]);
    expect(await countRows(server.store, 'print_jobs', teams.metered.team.id)).toBe(2);
  });

  it('shares the minute window with /v1/render, sets the headers on every answer, and refuses with 429 when it is used up', async () => {
    const { printerId } = await printerFor(teams.limited);
    const body = { template: tagTemplate(), data: { title: 'x' }, printerId };
    expect(
      rateLimitHeaders(
        await render(server, teams.limited.test, { template: tagTemplate(), data: { title: 'x' }, format: 'zpl' }),
      ),
    ).toMatchObject({ limit: 3, remaining: 2 });
    const first = await print(teams.limited.test, body);
    const job = accepted(first);
    expect(rateLimitHeaders(first)).toMatchObject({ limit: 3, remaining: 1 });
    const refused = await print(teams.limited.test, { ...body, copies: 0 });
    expectError(refused, 400, 'BAD_REQUEST');
    expect(rateLimitHeaders(refused)).toMatchObject({ limit: 3, remaining: 0 });
    const limited = await print(teams.limited.test, body);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(rateLimitHeaders(limited)).toMatchObject({ limit: 3, remaining: 0 });
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Following a job is not a render: it stays possible.
    expect((await waitForJob(teams.limited.test, job.id)).status).toBe('done');
  });
});

describe('printer status calls and demo keys', () => {
  it('counts status calls in the team’s rate limit, with the headers, and refuses them with 429 once it is used up', async () => {
    const { fake, printerId } = await printerFor(teams.statusLimited);
    const first = await call(server, `/v1/printers/${printerId}/status`, { key: teams.statusLimited.live });
    expect(first.status, first.text).toBe(200);
    expect(rateLimitHeaders(first)).toMatchObject({ limit: 2, remaining: 1 });
    expect(
      rateLimitHeaders(
        await render(server, teams.statusLimited.test, {
          template: tagTemplate(),
          data: { title: 'x' },
          format: 'zpl',
        }),
      ),
    ).toMatchObject({ limit: 2, remaining: 0 });
    const limited = await call(server, `/v1/printers/${printerId}/status`, { key: teams.statusLimited.live });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Refused before the printer is asked: one ~HS, the first call's.
    expect(fake.connections.map((connection) => connection.bytes.toString())).toEqual(['~HS']);
  });

  it('refuses demo keys printing, printer status, the printer list and print jobs with 403', async () => {
    const { fake, printerId } = await printerFor(teams.other);
    const demo = (await cli(server.dataDir).createKey(teams.other.team.id, 'live', { demo: true })).key;
    const job = accepted(await print(teams.other.live, { template: tagTemplate(), data: { title: 'x' }, printerId }));
    const refusals = [
      await print(demo, { templateId: 'demo-tags:tag', data: { title: 'x' }, printerId }),
      await call(server, `/v1/printers/${printerId}/status`, { key: demo }),
      await call(server, '/v1/printers', { key: demo }),
      await call(server, `/v1/print-jobs/${job.id}`, { key: demo }),
    ];
    for (const refused of refusals)
      expect(expectError(refused, 403, 'FORBIDDEN').error).toMatch(/^demo keys cannot .*: use a live or test key$/);
    await waitForJob(teams.other.live, job.id);
    expect(statusQueries(fake)).toBe(1);
    expect(await countRows(server.store, 'print_jobs', teams.other.team.id)).toBe(1);
  });
});

describe('GET /v1/printers', () => {
  it('lists the team’s printers without how they are reached, and reads one’s live status without the printer’s password', async () => {
    const { fake, printerId } = await printerFor(teams.other, 'paperOut');
    const gone = await addPrinter(teams.other, await closedPort());
    const listed = await call(server, '/v1/printers', { key: teams.other.test });
    expect(listed.status).toBe(200);
    const { printers } = printerListSchema.parse(listed.json());
    const mine = printers.find((printer) => printer.id === printerId);
    expect(mine).toEqual({
      id: printerId,
      name: expect.stringMatching(/^Dock \d+$/),
      kind: 'raw',
      format: 'zpl',
      dpi: 203,
      media: { width: '2in', height: '1in' },
      darkness: 20,
      speed: 4,
      timeZone: null,
      allowConfigCommands: false,
      unprintableMargin: null,
      fonts: 'graphic',
      mediaType: null,
      printMode: null,
      mediaSensing: null,
      topOffset: null,
      leftOffset: null,
      createdAt: expect.any(String),
    });
    const fields = [
      'allowConfigCommands',
      'createdAt',
      'darkness',
      'dpi',
      'fonts',
      'format',
      'id',
      'kind',
      'leftOffset',
      'media',
      'mediaSensing',
      'mediaType',
      'name',
      'printMode',
      'speed',
      'timeZone',
      'topOffset',
      'unprintableMargin',
    ];
    expect(Object.keys(listed.json<{ printers: object[] }>().printers[0] ?? {}).sort()).toEqual(fields);
    expect(listed.text).not.toContain('127.0.0.1');
    expect(printers.map((printer) => printer.id)).toContain(gone);
    const acmeList = printerListSchema.parse((await call(server, '/v1/printers', { key: teams.acme.live })).json());
    expect(acmeList.printers.map((printer) => printer.id)).not.toContain(printerId);

    const status = await call(server, `/v1/printers/${printerId}/status`, { key: teams.other.live });
    expect(status.status, status.text).toBe(200);
    expect(printerStatusSchema.parse(status.json())).toMatchObject({
      id: printerId,
      reachable: true,
      state: { paperOut: true, headOpen: false, paused: false, labelsInBuffer: 0 },
    });
    expect(Object.keys(status.json<{ state: object }>().state)).not.toContain('password');
    expect(fake.connections.map((connection) => connection.bytes.toString())).toEqual(['~HS']);
    const unreachable = printerStatusSchema.parse(
      (await call(server, `/v1/printers/${gone}/status`, { key: teams.other.live })).json(),
    );
    expect(unreachable).toMatchObject({
      id: gone,
      reachable: false,
      state: null,
      error: expect.stringMatching(/^printer "Dock \d+": connection refused by the printer: /),
    });
    expect(JSON.stringify(unreachable)).not.toContain('127.0.0.1');

    expectError(await call(server, `/v1/printers/${printerId}/status`, { key: teams.acme.live }), 404, 'NOT_FOUND');
    expectError(await call(server, '/v1/printers/nope/status', { key: teams.acme.live }), 404, 'NOT_FOUND');
    expectError(await call(server, '/v1/printers'), 401, 'AUTH_REQUIRED');
  });
});

/** A shelf tag numbered by the team's "parcel" counter (SN and 6 digits) with the printer's local date and hour. */
function numberedTag() {
  const tag = tagTemplate('Numbered tag');
  const line = (id: string, y: string, contentExpression: string) => ({
    id,
    type: 'text',
    position: { mode: 'absolute', x: '2mm', y },
    width: '46mm',
    height: '5mm',
    contentExpression,
    style: { fontFamily: 'Printer 0', fontSize: '8pt' },
  });
  return {
    ...tag,
    elements: [
      ...tag.elements,
      line('serial', '12mm', '"SN" + counter("parcel", {start: 1, pad: 6})'),
      line('clock', '18mm', '"AT" + formatDate(now(), "YYYYMMDDHH")'),
    ],
  };
}

/** The serial numbers printed, in the order the printer received them. */
function printedSerials(fake: FakeZplPrinter): number[] {
  const sent = jobConnections(fake)
    .map((connection) => connection.bytes.toString())
    .join('');
  return [...sent.matchAll(/\^FDSN(\d{6})\^FS/g)].map((match) => Number(match[1]));
}

describe('counters, time zones and stored formats in print jobs', () => {
  it('gives two concurrent jobs of 500 labels 1,000 distinct consecutive serials; copies repeat their label, test keys take values too', async () => {
    const [first, second] = [await printerFor(teams.other), await printerFor(teams.other)];
    const records = (prefix: string) => Array.from({ length: 500 }, (_, index) => ({ title: `${prefix}${index}` }));
    const jobs = await Promise.all([
      print(teams.other.live, { template: numberedTag(), records: records('A'), printerId: first.printerId }),
      print(teams.other.live, { template: numberedTag(), records: records('B'), printerId: second.printerId }),
    ]);
    for (const job of jobs.map(accepted))
      expect(await waitForJob(teams.other.live, job.id)).toMatchObject({ status: 'done', labelsSent: 500 });
    const [a, b] = [printedSerials(first.fake), printedSerials(second.fake)];
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(Array.from({ length: 1000 }, (_, index) => index + 1));
    expect(a).toEqual(Array.from({ length: 500 }, (_, index) => (a[0] ?? NaN) + index));

    // Two copies of two labels: the copies carry their label's serial; a test key's job takes its values like a live one.
    const copies = await printerFor(teams.other);
    const job = accepted(
      await print(teams.other.test, {
        template: numberedTag(),
        records: [{ title: 'x' }, { title: 'y' }],
        printerId: copies.printerId,
        copies: 2,
      }),
    );
    await waitForJob(teams.other.test, job.id);
    expect(printedSerials(copies.fake)).toEqual([1001, 1002, 1001, 1002]);
    expect(await server.store.counters.peek(teams.other.team.id, { parcel: { start: 1, step: 1 } })).toEqual({
      parcel: 1003,
    });
  });

  it("renders now() and formatDate in the printer's time zone", async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    await cliJson(server.dataDir, z.looseObject({ id: z.string() }), [
      'printer',
      'set',
      printerId,
      '--time-zone',
      'Asia/Kathmandu',
    ]);
    const hourIn = (zone: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date());
      const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
      return `${part('year')}${part('month')}${part('day')}${part('hour')}`;
    };
    const before = hourIn('Asia/Kathmandu');
    const job = accepted(
      await print(teams.acme.live, { template: numberedTag(), data: { title: 'clock' }, printerId }),
    );
    await waitForJob(teams.acme.live, job.id);
    const after = hourIn('Asia/Kathmandu');
    const printed = /\^FDAT(\d{10})\^FS/.exec(
      jobConnections(fake)
        .map((connection) => connection.bytes.toString())
        .join(''),
    )?.[1];
    // UTC+5:45: no other zone of the test machine shares this hour and date at once.
    expect([before, after]).toContain(printed);
  });

  it('sends a batch to a raw printer as one stored format and a short recall per label, with every record once and in order', async () => {
    const { fake, printerId } = await printerFor(teams.acme);
    const records = Array.from({ length: 30 }, (_, index) => ({ title: `Bin ${String(index).padStart(2, '0')}` }));
    const job = accepted(await print(teams.acme.live, { templateId: 'tag', records, printerId }));
    await waitForJob(teams.acme.live, job.id);
    const [wire] = jobConnections(fake).map((connection) => connection.bytes.toString());
    expect(occurrences(wire ?? '', '^DFR:LSBATCH.ZPL')).toBe(1);
    expect(occurrences(wire ?? '', '^XFR:LSBATCH.ZPL')).toBe(30);
    expect([...(wire ?? '').matchAll(/Bin (\d\d)/g)].map((match) => Number(match[1]))).toEqual(
      records.map((_, index) => index),
    );
    const whole = await renderedZpl(teams.acme, { templateId: 'tag', records });
    expect((wire ?? '').length - SETTINGS.length).toBeLessThan(whole.length);
  });
});
