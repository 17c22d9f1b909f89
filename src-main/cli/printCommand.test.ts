import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { printJobSchema } from '@shared/api/printRequest';
import type { FakeZplPrinter } from '../../test/support/printing/fakeZplPrinter';
import { closedPort, fakePrinter, rawPrinterWire, TAG } from '../../test/support/printing/printingTestSupport';
import { startTestServer } from '../../test/support/server/serverTestSupport';
import { bundleForNode, queryDatabase, tempDataDir } from '../../test/support/store/storeTestSupport';
import { runNodeScript, type ProcessRun } from '../../test/support/cli/runProcess';

/** The printers below: 2 x 1 in media at 203 dpi, darkness 20, speed 4. */
const SETTINGS = '^XA~SD20^PR4^PW406^LL203^XZ\n';

/** The test tag under another name: its title prints in font 0, so each label's title is found in the ZPL. */
const TEMPLATE = { ...TAG, meta: { name: 'Parcel' } };

let cli = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
});

function run(args: string[]): Promise<ProcessRun> {
  return runNodeScript(cli, args);
}

async function json(args: string[]): Promise<Record<string, unknown>> {
  const result = await run(args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** A data directory with a team, the template as a file and as the team's template "parcel", and files in a scratch folder. */
async function setUp(): Promise<{
  d: string[];
  dataDir: string;
  team: string;
  file(name: string, content: string): string;
}> {
  const dataDir = tempDataDir();
  const scratch = tempDataDir();
  const d = ['--data-dir', dataDir];
  const file = (name: string, content: string): string => {
    const path = join(scratch, name);
    writeFileSync(path, content);
    return path;
  };
  const team = String((await json(['team', 'create', '--name', 'Acme', '--plan', 'pro', ...d])).id);
  await json([
    'template',
    'import',
    '--team',
    team,
    '--file',
    file('template.json', JSON.stringify(TEMPLATE)),
    '--slug',
    'parcel',
    ...d,
  ]);
  return { d, dataDir, team, file };
}

async function addPrinter(d: string[], team: string, port: number, name = 'Dock'): Promise<string> {
  const args = [
    'printer',
    'add',
    '--team',
    team,
    '--name',
    name,
    '--kind',
    'raw',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
  ];
  return String(
    (await json([...args, '--dpi', '203', '--media', '2x1in', '--darkness', '20', '--speed', '4', ...d])).id,
  );
}

function labelConnections(fake: FakeZplPrinter): string[] {
  return fake.connections.map((connection) => connection.bytes.toString()).filter((bytes) => bytes !== '~HS');
}

describe('labelsmith print', () => {
  it('prints a template file with a data file through the queue, and prints the finished job', async () => {
    const { d, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    const template = file('t.json', JSON.stringify(TEMPLATE));
    const data = file('d.json', JSON.stringify({ title: 'Parcel 1' }));
    const job = printJobSchema.parse(
      await json(['print', '--printer', printer, '--template', template, '--data', data, ...d]),
    );
    expect(job).toMatchObject({
      status: 'done',
      printerId: printer,
      format: 'zpl',
      labelCount: 1,
      copies: 1,
      labelsSent: 1,
    });
    const zpl = await run(['render', '--template', template, '--data', data, '--format', 'zpl', '--zpl-dpi', '203']);
    expect(zpl.stdout).toContain('^FDParcel 1^FS');
    expect(labelConnections(fake)).toEqual([SETTINGS + zpl.stdout]);
  });

  it('prints CSV records by template id with quantities and copies, reporting progress on stderr', async () => {
    const { d, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    const rows = Array.from({ length: 125 }, (_, index) => `Parcel ${index + 1},${index === 0 ? 2 : ''}`);
    const records = file('records.csv', ['title,qty', ...rows].join('\n'));
    const result = await run([
      'print',
      '--printer',
      printer,
      '--template-id',
      'parcel',
      '--records',
      records,
      '--quantity-field',
      'qty',
      '--copies',
      '2',
      ...d,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(printJobSchema.parse(JSON.parse(result.stdout))).toMatchObject({
      status: 'done',
      labelCount: 126,
      copies: 2,
      totalLabels: 252,
      labelsSent: 252,
    });
    // Not a terminal: a plain line per tenth of the labels sent, the last one at the end.
    expect(result.stderr.split('\n').filter(Boolean).at(-1)).toBe('sent 252/252 labels');
    expect(result.stderr).toMatch(/^sent 50\/252 labels\n/);
    const batch = await run([
      'render',
      '--template',
      file('t.json', JSON.stringify(TEMPLATE)),
      '--records',
      records,
      '--quantity-field',
      'qty',
      '--format',
      'zpl',
    ]);
    const sent = labelConnections(fake);
    expect(sent).toHaveLength(6);
    expect(sent.every((chunk) => chunk.startsWith(SETTINGS))).toBe(true);
    expect(sent.map((chunk) => chunk.slice(SETTINGS.length))).toEqual(rawPrinterWire(batch.stdout + batch.stdout, 50));
  });

  it('prints records 2 to 3 of an .xlsx sheet with a value set for all, warning before printing of a field record 3 leaves empty', async () => {
    const { d, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['title', 'ean'],
        ['One', 4006381333931],
        ['Two', 9780201379624],
        ['', 4006381333932],
        ['Four', 1],
      ]),
      'Wave',
    );
    const records = join(tempDataDir(), 'wave.xlsx');
    writeFileSync(records, write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const template = file(
      'lot.json',
      JSON.stringify({
        ...TEMPLATE,
        elements: [
          { ...TEMPLATE.elements[0], content: { expression: "data.title + ' ' + data.ean + ' ' + data.lot" } },
        ],
      }),
    );
    const result = await run([
      'print',
      '--printer',
      printer,
      '--template',
      template,
      '--records',
      records,
      '--sheet',
      'Wave',
      '--range',
      '2-3',
      '--set',
      'lot=L9',
      ...d,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('warning: record 3: element "title": field "title" is not filled (FIELD_MISSING)\n');
    expect(printJobSchema.parse(JSON.parse(result.stdout))).toMatchObject({
      status: 'done',
      labelCount: 2,
      labelsSent: 2,
    });
    expect(
      labelConnections(fake)
        .join('')
        .match(/\^FD.*?\^FS/g),
    ).toEqual(['^FDTwo 9780201379624 L9^FS', '^FD 4006381333932 L9^FS']);
  });

  it('exits 1 with the reason when the printer fails the job, after printing the failed job', async () => {
    const { d, team, file } = await setUp();
    const port = await closedPort();
    const printer = await addPrinter(d, team, port, 'Gone');
    const result = await run([
      'print',
      '--printer',
      printer,
      '--template-id',
      'parcel',
      '--data',
      file('d.json', '{"title": "x"}'),
      '--max-attempts',
      '1',
      ...d,
    ]);
    expect(result.code).toBe(1);
    const job = printJobSchema.parse(JSON.parse(result.stdout));
    expect(job).toMatchObject({ status: 'failed', labelsSent: 0, error: { code: 'PRINTER_UNREACHABLE' } });
    // The job's error is the one API clients read: the printer's name, not its address.
    expect(result.stderr).toBe(
      'error: printer "Gone": connection refused by the printer: is the printer on and listening on that port? (gave up after 1 attempt) (PRINTER_UNREACHABLE)\n',
    );
  });

  it('refuses bad arguments and input with exit 2 and a message, without queueing or sending anything', async () => {
    const { d, dataDir, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    const data = file('d.json', '{"title": "x"}');
    const base = ['print', '--printer', printer, ...d];
    const cases: [string[], RegExp][] = [
      [['--data', data], /give either --template or --template-id/],
      [['--template-id', 'parcel', '--template', data, '--data', data], /give either --template or --template-id/],
      [['--template-id', 'parcel'], /give either --data or --records/],
      [['--template-id', 'parcel', '--data', data, '--records', data], /give either --data or --records/],
      [['--template-id', 'parcel', '--data', data, '--quantity-field', 'qty'], /--quantity-field needs --records/],
      [['--template-id', 'parcel', '--data', data, '--copies', '0'], /--copies: must be a whole number of at least 1/],
      [['--template-id', 'parcel', '--data', data, '--copies', '1001'], /--copies: must be at most 1000/],
      [['--template-id', 'parcel', '--records', data], /--records: must be a sheet, a CSV file or a JSON array/],
      [['--template-id', 'parcel', '--data', data, '--range', '2-3'], /--range needs --records/],
      [['--zpl', data, '--sheet', 'Wave'], /--zpl prints raw ZPL: give it without/],
      [['--template-id', 'parcel', '--data', join(dataDir, 'missing.json')], /cannot read data file/],
      [['--template-id', 'nope', '--data', data], /there is no template "nope"/],
      [
        ['--template', file('bad.json', '{"formatVersion": 1}'), '--data', data],
        /invalid template \(INVALID_TEMPLATE\)/,
      ],
      [
        [
          '--template-id',
          'parcel',
          '--records',
          file('r.json', JSON.stringify(Array.from({ length: 1000 }, () => ({})))),
          '--copies',
          '11',
        ],
        /copies: labels × copies must be at most 10000/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await run([...base, ...args]);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result).toMatchObject({ code: 2, stdout: '' });
    }
    const unknownPrinter = await run(['print', '--printer', 'nope', '--template-id', 'parcel', '--data', data, ...d]);
    expect(unknownPrinter).toMatchObject({ code: 2, stdout: '' });
    expect(unknownPrinter.stderr).toMatch(/there is no printer "nope"/);
    expect(await queryDatabase(dataDir, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM print_jobs`)).toEqual([
      { n: 0 },
    ]);
    expect(fake.connections).toEqual([]);
  });

  it('sends its own job once while a server runs its queue on the same data directory', async () => {
    const { d, dataDir, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    const server = await startTestServer({ dataDir, printQueue: { pollMs: 10 } });
    try {
      const records = file(
        'r.json',
        JSON.stringify(Array.from({ length: 120 }, (_, index) => ({ title: `Parcel ${index + 1}` }))),
      );
      const job = printJobSchema.parse(
        await json(['print', '--printer', printer, '--template-id', 'parcel', '--records', records, ...d]),
      );
      expect(job).toMatchObject({ status: 'done', labelsSent: 120 });
      const sent = labelConnections(fake).join('');
      for (let index = 1; index <= 120; index += 1) expect(sent.split(`^FDParcel ${index}^FS`)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

describe('labelsmith print: versions, mappings, prompts and reprints', () => {
  /** The parcel template showing `text`, published (or republished) as the team's next version of "parcel". */
  async function publish(
    d: string[],
    team: string,
    file: (name: string, content: string) => string,
    expression: string,
    extra: Record<string, unknown> = {},
  ) {
    const content = { ...TEMPLATE, ...extra, elements: [{ ...TEMPLATE.elements[0], content: { expression } }] };
    await json([
      'template',
      'import',
      '--team',
      team,
      '--file',
      file('v.json', JSON.stringify(content)),
      '--slug',
      'parcel',
      '--publish',
      ...d,
    ]);
  }
  const fieldData = (fake: FakeZplPrinter) =>
    labelConnections(fake)
      .join('')
      .match(/\^FD.*?\^FS/g);

  it('prints a published version with --template-version, the draft without it; an unknown version exits 2', async () => {
    const { d, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    await publish(d, team, file, "'v1 ' + data.title");
    await publish(d, team, file, "'v2 ' + data.title");
    const data = file('d.json', '{"title": "box"}');
    const first = printJobSchema.parse(
      await json([
        'print',
        '--printer',
        printer,
        '--template-id',
        'parcel',
        '--template-version',
        '1',
        '--data',
        data,
        ...d,
      ]),
    );
    expect(first).toMatchObject({ status: 'done', templateVersion: 1 });
    const latest = printJobSchema.parse(
      await json(['print', '--printer', printer, '--template-id', 'parcel', '--data', data, ...d]),
    );
    expect(latest).toMatchObject({ status: 'done', templateVersion: null });
    expect(fieldData(fake)).toEqual(['^FDv1 box^FS', '^FDv2 box^FS']);

    const missing = await run([
      'print',
      '--printer',
      printer,
      '--template-id',
      'parcel',
      '--template-version',
      '3',
      '--data',
      data,
      ...d,
    ]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('TEMPLATE_VERSION_NOT_FOUND')]);
    const withFile = await run([
      'print',
      '--printer',
      printer,
      '--template',
      file('t.json', JSON.stringify(TEMPLATE)),
      '--template-version',
      '1',
      '--data',
      data,
      ...d,
    ]);
    expect([withFile.code, withFile.stderr]).toEqual([
      2,
      'error: --template-version needs --template-id (a template file has no versions)\n',
    ]);
    expect(labelConnections(fake)).toHaveLength(2);
  });

  it('fills fields from the saved column mapping and by name, --map overriding; prompted fields take --set or their default', async () => {
    const { d, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    await publish(d, team, file, "data.title + '/' + data.shipTo.city + '/' + data.lot + '/' + data.boxes", {
      meta: { name: 'Parcel', columnMap: { title: 'Product' } },
      prompts: [
        { name: 'lot', label: 'Lot number', default: 'L-0' },
        { name: 'boxes', label: 'Boxes', type: 'number', default: '1' },
      ],
    });
    const records = file('wave.csv', 'Product;Ship-to City;Other\nTea;Oslo;Rice\nCoffee;Bergen;Beans\n');
    const base = ['print', '--printer', printer, '--template-id', 'parcel', '--records', records, ...d];
    expect(await json(base)).toMatchObject({ status: 'done', labelCount: 2 });
    expect(
      await json([...base, '--map', 'title=Other', '--set', 'lot=L-77', '--set', 'boxes=3', '--range', '2']),
    ).toMatchObject({ labelCount: 1 });
    expect(fieldData(fake)).toEqual(['^FDTea/Oslo/L-0/1^FS', '^FDCoffee/Bergen/L-0/1^FS', '^FDBeans/Bergen/L-77/3^FS']);

    const wrong = await run([...base, '--set', 'boxes=many']);
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      'error: record 1: prompted field "boxes" (Boxes): must be a number, got "many" (BAD_REQUEST)\n',
    ]);
  });

  it('job reprint prints chosen labels again with their serials; the counter does not move', async () => {
    const { d, team, file } = await setUp();
    const fake = await fakePrinter();
    const printer = await addPrinter(d, team, fake.port);
    const serial = file(
      'serial.json',
      JSON.stringify({
        ...TEMPLATE,
        elements: [
          { ...TEMPLATE.elements[0], content: { expression: 'data.title + \' #\' + counter("parcel", {start: 101})' } },
        ],
      }),
    );
    const records = file('r.json', JSON.stringify([{ title: 'A' }, { title: 'B' }, { title: 'C' }]));
    const job = printJobSchema.parse(
      await json(['print', '--printer', printer, '--template', serial, '--records', records, ...d]),
    );
    expect(fieldData(fake)).toEqual(['^FDA #101^FS', '^FDB #102^FS', '^FDC #103^FS']);

    const reprint = printJobSchema.parse(await json(['job', 'reprint', job.id, '--labels', '3,1', ...d]));
    expect(reprint).toMatchObject({
      status: 'done',
      reprintOf: job.id,
      reprintLabels: '1,3',
      labelCount: 2,
      labelsSent: 2,
    });
    expect(fieldData(fake)?.slice(3)).toEqual(['^FDA #101^FS', '^FDC #103^FS']);
    const next = printJobSchema.parse(
      await json([
        'print',
        '--printer',
        printer,
        '--template',
        serial,
        '--data',
        file('d.json', '{"title": "D"}'),
        ...d,
      ]),
    );
    expect(next.status).toBe('done');
    expect(fieldData(fake)?.at(-1)).toBe('^FDD #104^FS');

    const pastEnd = await run(['job', 'reprint', job.id, '--labels', '4', ...d]);
    expect([pastEnd.code, pastEnd.stderr]).toEqual([
      2,
      expect.stringContaining("label 4 is past the job's last label (3"),
    ]);
  });
});
