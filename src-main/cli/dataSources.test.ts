// `labelsmith render --records` on sheets and CSV files written by a spreadsheet library: codes, dates, separators, encodings, ranges, mappings.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utils, write, type WorkSheet } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../test/support/store/storeTestSupport';
import { runNodeScript } from '../../test/support/cli/runProcess';

let cli = '';
let dir = '';

/** One text element per expression, so each label's ^FD lines are its fields in order. */
function template(...expressions: string[]): string {
  const elements = expressions.map((contentExpression, index) => ({
    id: `f${index + 1}`,
    type: 'text',
    position: { mode: 'absolute', x: '1mm', y: `${1 + index * 6}mm` },
    width: '78mm',
    height: '5mm',
    contentExpression,
    // The printer's font 0: its lines are ^FD fields to read back (other fonts print as graphics).
    style: { fontFamily: 'Printer 0', fontSize: '8pt' },
  }));
  const path = join(dir, `template-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      formatVersion: 1,
      meta: { name: 'sheet' },
      dimensions: { width: '80mm', height: `${2 + expressions.length * 6}mm` },
      elements,
    }),
  );
  return path;
}

beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
  dir = mkdtempSync(join(tmpdir(), 'labelsmith-sources-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each label's field data, in order. */
const labels = (zpl: string): string[][] =>
  (zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? []).map((label) =>
    [...label.matchAll(/\^FD(.*?)\^FS/g)].map((match) => match[1] ?? ''),
  );

async function render(
  records: string,
  expressions: string[],
  ...options: string[]
): Promise<{ labels: string[][]; stderr: string; code: number | null }> {
  const result = await runNodeScript(cli, [
    'render',
    '--template',
    template(...expressions),
    '--records',
    records,
    '--format',
    'zpl',
    ...options,
  ]);
  return { labels: labels(result.stdout), stderr: result.stderr, code: result.code };
}

/** A workbook written by the spreadsheet library, as Excel or LibreOffice would save it. */
function workbook(name: string, bookType: 'xlsx' | 'ods', sheets: Record<string, WorkSheet>): string {
  const book = utils.book_new();
  for (const [sheetName, sheet] of Object.entries(sheets)) utils.book_append_sheet(book, sheet, sheetName);
  const path = join(dir, name);
  writeFileSync(path, write(book, { type: 'buffer', bookType }) as Buffer);
  return path;
}

/** The orders sheet: a 13-digit code in a General cell, a date in the default and in a custom format, a zero-padded number. */
function ordersSheet(): WorkSheet {
  const sheet = utils.aoa_to_sheet(
    [
      ['ean', 'shipped', 'due', 'shipTo.name', 'shipTo.city', 'bin'],
      [4006381333931, new Date(Date.UTC(2026, 2, 5)), new Date(Date.UTC(2026, 11, 24)), 'Müller GmbH', 'Köln', 42],
      [9780201379624, new Date(Date.UTC(2026, 2, 6)), new Date(Date.UTC(2027, 0, 2)), 'Ørsted A/S', 'Aarhus', 7],
    ],
    { cellDates: true },
  );
  for (const address of ['C2', 'C3']) (sheet[address] as { z?: string }).z = 'dd/mm/yyyy';
  for (const address of ['F2', 'F3']) (sheet[address] as { z?: string }).z = '00000';
  return sheet;
}

describe('labelsmith render --records from sheets', () => {
  it('reads a chosen sheet of an .xlsx: codes as digits, dates and numbers in their own formats, dotted headers as nested fields', async () => {
    const path = workbook('orders.xlsx', 'xlsx', {
      Notes: utils.aoa_to_sheet([['ean'], ['not this sheet']]),
      Orders: ordersSheet(),
    });
    const result = await render(path, ['ean', 'due', 'shipTo.name + ", " + shipTo.city', 'bin'], '--sheet', 'Orders');
    expect(result.stderr).toBe('');
    expect(result.labels).toEqual([
      ['4006381333931', '24/12/2026', 'Müller GmbH, Köln', '00042'],
      ['9780201379624', '02/01/2027', 'Ørsted A/S, Aarhus', '00007'],
    ]);
    expect(result.code).toBe(0);
  });

  it('reads a chosen sheet of an .ods: codes as digits, dotted headers as nested fields', async () => {
    const path = workbook('orders.ods', 'ods', {
      Notes: utils.aoa_to_sheet([['ean'], ['not this sheet']]),
      Orders: ordersSheet(),
    });
    const result = await render(path, ['ean', 'shipTo.name + ", " + shipTo.city'], '--sheet', 'Orders');
    expect(result.stderr).toBe('');
    expect(result.labels).toEqual([
      ['4006381333931', 'Müller GmbH, Köln'],
      ['9780201379624', 'Ørsted A/S, Aarhus'],
    ]);
  });

  it('reads a date in the sheet’s default (locale) date format as ISO, and the first sheet when none is named', async () => {
    const path = workbook('dates.xlsx', 'xlsx', { Orders: ordersSheet(), Other: utils.aoa_to_sheet([['x']]) });
    const result = await render(path, ['shipped']);
    expect(result.labels).toEqual([['2026-03-05'], ['2026-03-06']]);
  });

  it('refuses an unknown sheet, listing the sheets', async () => {
    const path = workbook('two.xlsx', 'xlsx', { Orders: ordersSheet(), Notes: utils.aoa_to_sheet([['x']]) });
    const result = await render(path, ['ean'], '--sheet', 'Order');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no sheet "Order"; the sheets are "Orders", "Notes"');
  });

  it('takes the header from --header-row, skipping a title row above it', async () => {
    const path = workbook('titled.xlsx', 'xlsx', {
      Sheet1: utils.aoa_to_sheet([['Shipments March'], ['name', 'qty'], ['Ada', 1]]),
    });
    expect((await render(path, ['name'], '--header-row', '2')).labels).toEqual([['Ada']]);
  });
});

describe('labelsmith render --records from CSV', () => {
  it('detects a semicolon separator and Windows-1252 text (what European Excel saves)', async () => {
    const path = join(dir, 'excel-de.csv');
    writeFileSync(path, Buffer.from('Name;Stadt\r\nMüller, Jürgen;Köln\r\nWeiß;Straße 5\r\n', 'latin1'));
    const result = await render(path, ['Name', 'Stadt']);
    expect(result.labels).toEqual([
      ['Müller, Jürgen', 'Köln'],
      ['Weiß', 'Straße 5'],
    ]);
    expect(result.code).toBe(0);
  });

  it('detects a tab separator in UTF-8 with a BOM, with quoted cells holding the other separators', async () => {
    const path = join(dir, 'tabs.csv');
    writeFileSync(path, '\uFEFFname\tnote\n"Zoë; 東京"\t"a, b"\n');
    expect((await render(path, ['name', 'note'])).labels).toEqual([['Zoë; 東京', 'a, b']]);
  });
});

describe('labelsmith render --range, --map, --set and missing fields', () => {
  const csv = (): string => {
    const path = join(dir, 'people.csv');
    writeFileSync(path, 'Full Name,Town\nAda,Paris\nBo,\nCy,Rome\nDi,Oslo\n');
    return path;
  };

  it('renders exactly the records of --range, 1-based and inclusive', async () => {
    const result = await render(csv(), ['Town + "/" + data["Full Name"]'], '--range', '2-3');
    expect(result.labels).toEqual([['/Bo'], ['Rome/Cy']]);
  });

  it('fills fields from other columns with --map and gives values to every record with --set, dotted ones nested', async () => {
    const result = await render(
      csv(),
      ['name', 'lot', 'origin.site'],
      '--map',
      'name=Full Name',
      '--set',
      'lot=L-2026-11',
      '--set',
      'origin.site=Hall 3',
      '--range',
      '3-',
    );
    expect(result.labels).toEqual([
      ['Cy', 'L-2026-11', 'Hall 3'],
      ['Di', 'L-2026-11', 'Hall 3'],
    ]);
    const misspelt = await render(csv(), ['name'], '--map', 'name=Fullname');
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain('--map name=Fullname: no column "Fullname"');
  });

  it('warns of a field a record leaves empty, naming the record as the file numbers it (1-based, --range included) and the field', async () => {
    const all = await render(csv(), ['Town'], '--map', 'Town=Town');
    expect(all.stderr).toBe('warning: record 2: element "f1": field "Town" is not filled (FIELD_MISSING)\n');
    const ranged = await render(csv(), ['Town'], '--range', '2-4');
    expect(ranged.stderr).toBe('warning: record 2: element "f1": field "Town" is not filled (FIELD_MISSING)\n');
    expect(ranged.labels).toEqual([[], ['Rome'], ['Oslo']]);
  });

  it('names a bad record by its number in the file under --range too', async () => {
    const path = join(dir, 'quantities.csv');
    writeFileSync(path, 'name,qty\nAda,1\nBo,2\nCy,lots\n');
    const result = await render(path, ['name'], '--range', '2-3', '--quantity-field', 'qty');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: record 3: qty: quantity must be a whole number from 1 to 1000, got "lots" (BAD_REQUEST)',
    );
  });

  it('refuses a range past the last record and a malformed one', async () => {
    const past = await render(csv(), ['Town'], '--range', '3-9');
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('range 3-9 reaches past the last record (4)');
    expect((await render(csv(), ['Town'], '--range', '0-2')).stderr).toContain('record numbers start at 1');
  });
});
