// `labelsmith render --records` as a real process: CSV (quoted commas, UTF-8, quantities) and JSON records, progress, errors.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../test/support/store/storeTestSupport';
import { progressLine } from './progressLine';

let cli = '';
let dir = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
  dir = mkdtempSync(join(tmpdir(), 'labelsmith-records-'));
  writeFileSync(
    join(dir, 'template.json'),
    JSON.stringify({
      formatVersion: 1,
      meta: { name: 'csv' },
      dimensions: { width: '60mm', height: '20mm' },
      elements: [
        {
          id: 'name',
          type: 'text',
          position: { mode: 'absolute', x: '1mm', y: '1mm' },
          width: '58mm',
          height: '8mm',
          contentExpression: 'name',
          style: { fontFamily: 'Printer 0', fontSize: '10pt' },
        },
      ],
    }),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const fieldData = (zpl: string): (string | undefined)[] =>
  (zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? []).map((label) => /\^FD(.*)\^FS/.exec(label)?.[1]);

describe('labelsmith render --records', () => {
  it('renders a CSV file with a header row, quoted commas, UTF-8 and a quantity column, one label per copy in order', async () => {
    // A spreadsheet's export: BOM, CRLF, a quoted field with a comma and a doubled quote.
    writeFileSync(join(dir, 'people.csv'), '\uFEFFname,qty\r\n"Müller, Jürgen",2\r\n"Say ""hi""",\r\nZoë 東京,1\r\n');
    const result = await run([
      'render',
      '--template',
      'template.json',
      '--records',
      'people.csv',
      '--quantity-field',
      'qty',
      '--format',
      'zpl',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(fieldData(result.stdout)).toEqual(['Müller, Jürgen', 'Müller, Jürgen', 'Say "hi"', 'Zoë 東京']);
  });

  it('renders a JSON array of records to a multi-page PDF file', async () => {
    writeFileSync(join(dir, 'records.json'), JSON.stringify([{ name: 'Page one' }, { name: 'Page two' }]));
    const result = await run([
      'render',
      '--template',
      'template.json',
      '--records',
      'records.json',
      '--format',
      'pdf',
      '--out',
      'out.pdf',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(execFileSync('pdfinfo', [join(dir, 'out.pdf')]).toString()).toMatch(/^Pages:\s+2$/m);
    expect(
      execFileSync('pdftotext', ['-f', '2', '-l', '2', join(dir, 'out.pdf'), '-'])
        .toString()
        .trim(),
    ).toBe('Page two');
  });

  it('lays a sheet template’s records N-up from --sheet-start, and refuses a start past the sheet', async () => {
    const sheet = {
      pageWidth: '210mm',
      pageHeight: '297mm',
      columns: 2,
      rows: 2,
      marginTop: '10mm',
      marginLeft: '10mm',
      gapX: '5mm',
      gapY: '5mm',
    };
    const template = {
      formatVersion: 1,
      meta: { name: 'sheet' },
      dimensions: { width: '60mm', height: '20mm', sheet },
      elements: [
        {
          id: 'name',
          type: 'text',
          position: { mode: 'absolute', x: '1mm', y: '1mm' },
          width: '58mm',
          height: '8mm',
          contentExpression: 'name',
        },
      ],
    };
    writeFileSync(join(dir, 'sheet.json'), JSON.stringify(template));
    writeFileSync(join(dir, 'three.json'), JSON.stringify([{ name: 'First' }, { name: 'Second' }, { name: 'Third' }]));
    const result = await run([
      'render',
      '--template',
      'sheet.json',
      '--records',
      'three.json',
      '--format',
      'pdf',
      '--sheet-start',
      '4',
      '--out',
      'sheet.pdf',
    ]);
    expect(result.code, result.stderr).toBe(0);
    // The first label takes the last of four positions, the other two start the next sheet.
    expect(execFileSync('pdfinfo', [join(dir, 'sheet.pdf')]).toString()).toMatch(/^Pages:\s+2$/m);
    expect(
      execFileSync('pdftotext', ['-f', '2', '-l', '2', join(dir, 'sheet.pdf'), '-'])
        .toString()
        .split(/\s+/)
        .filter(Boolean),
    ).toEqual(['Second', 'Third']);
    const refused = await run([
      'render',
      '--template',
      'sheet.json',
      '--records',
      'three.json',
      '--format',
      'pdf',
      '--sheet-start',
      '5',
      '--out',
      'refused.pdf',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('sheetStart 5 is past the 4 labels of a sheet: start at 1 to 4');
  });

  it('prints plain progress lines on stderr for a long run when stderr is not a terminal', async () => {
    writeFileSync(
      join(dir, 'many.json'),
      JSON.stringify(Array.from({ length: 500 }, (_, index) => ({ name: `n${index}` }))),
    );
    const result = await run([
      'render',
      '--template',
      'template.json',
      '--records',
      'many.json',
      '--format',
      'zpl',
      '--out',
      'many.zpl',
    ]);
    expect(result.code).toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines.at(-1)).toBe('rendered 500/500 labels');
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(lines.every((line) => /^rendered \d+\/500 labels$/.test(line))).toBe(true);
  });

  it('refuses a bad quantity naming the record, and both --data and --records', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'name,qty\na,1\nb,lots\n');
    const bad = await run([
      'render',
      '--template',
      'template.json',
      '--records',
      'bad.csv',
      '--quantity-field',
      'qty',
      '--format',
      'zpl',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /record 2: qty: quantity must be a whole number from 1 to 1000, got "lots" \(BAD_REQUEST\)/,
    );
    const both = await run([
      'render',
      '--template',
      'template.json',
      '--records',
      'bad.csv',
      '--data',
      'records.json',
      '--format',
      'zpl',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/either --data or --records/);
  });
});

describe('progressLine', () => {
  it('rewrites one line in place on a terminal and ends it when done; stays silent for short runs', () => {
    let written = '';
    const report = progressLine({ isTTY: true, write: (text: string) => ((written += text), true) });
    for (let done = 1; done <= 1000; done++) report(done, 1000);
    expect(written.startsWith('\rrendered 1/1000 labels\rrendered 10/1000 labels')).toBe(true);
    expect(written.endsWith('\rrendered 1000/1000 labels\n')).toBe(true);
    // One write per percent, 0 through 100.
    expect(written.split('\r')).toHaveLength(102);
    written = '';
    report(200, 200);
    expect(written).toBe('');
  });
});
