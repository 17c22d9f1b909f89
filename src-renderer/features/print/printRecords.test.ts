import { utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { parseRecordsFile, printPlan, recordFields } from './printRecords';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('print records from a file', () => {
  it('reads CSV with a header row: quoted fields, commas and line breaks inside quotes, a BOM, blank lines', () => {
    const csv =
      '\uFEFFname,address,qty\r\n"Lovelace, Ada","12 St James\'s Square\nLondon",2\r\n\r\nGrace Hopper,"Arlington, ""VA""",\r\n';
    expect(parseRecordsFile('parcels.CSV', bytes(csv))).toEqual({
      columns: ['name', 'address', 'qty'],
      records: [
        { name: 'Lovelace, Ada', address: "12 St James's Square\nLondon", qty: '2' },
        { name: 'Grace Hopper', address: 'Arlington, "VA"', qty: '' },
      ],
    });
  });

  it('reads files as the CLI does: a semicolon CSV in Windows-1252 with a dotted header, and a workbook with codes as digits', () => {
    // "Müller" in Windows-1252: ü is the single byte 0xFC.
    const european = Uint8Array.from([...bytes('shipTo.name;sku\r\nM'), 0xfc, ...bytes('ller;00042\r\n')]);
    expect(parseRecordsFile('wave.csv', european)).toEqual({
      columns: ['shipTo.name', 'sku'],
      records: [{ shipTo: { name: 'Müller' }, sku: '00042' }],
    });
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['Customer', 'EAN'],
        ['Ada', 4006381333931],
      ]),
      'Wave',
    );
    const workbook = new Uint8Array(write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(parseRecordsFile('wave.xlsx', workbook)).toEqual({
      columns: ['Customer', 'EAN'],
      records: [{ Customer: 'Ada', EAN: '4006381333931' }],
    });
  });

  it('says what is wrong with a CSV file', () => {
    expect(() => parseRecordsFile('bad.csv', bytes('name\n"unclosed\n'))).toThrow(/^bad\.csv: not valid CSV: .*quote/i);
    expect(() => parseRecordsFile('twice.csv', bytes('name,name\nAda,Grace\n'))).toThrow(
      'twice.csv: column "name" appears twice in the header row',
    );
  });

  it('reads a JSON array of records, and refuses anything else', () => {
    expect(
      parseRecordsFile('records.json', bytes('\uFEFF[{"name": "Ada", "qty": 2}, {"name": "Grace", "sku": "1"}]')),
    ).toEqual({
      columns: ['name', 'qty', 'sku'],
      records: [
        { name: 'Ada', qty: 2 },
        { name: 'Grace', sku: '1' },
      ],
    });
    // Not every record an object: nothing to map; the print's own check says which record is wrong.
    expect(parseRecordsFile('records.json', bytes('[{"name": "Ada"}, 7]'))).toEqual({ records: [{ name: 'Ada' }, 7] });
    expect(() => parseRecordsFile('records.json', bytes('{"name": "Ada"}'))).toThrow(
      'records.json must hold a JSON array of records',
    );
    expect(() => parseRecordsFile('records.dat', bytes('name,sku\nAda,1'))).toThrow(
      /^records\.dat is not valid JSON .*a sheet or CSV file needs a name ending in \.xlsx, .*\.csv/s,
    );
  });

  it('lists the fields of all records in the order they first appear', () => {
    expect(recordFields([{ name: 'Ada', sku: '1' }, { qty: 2, name: 'Grace' }, 'not a record'])).toEqual([
      'name',
      'sku',
      'qty',
    ]);
    expect(recordFields([])).toEqual([]);
  });
});

describe('print plan', () => {
  it('counts labels after each record’s quantity, times the copies', () => {
    const records = [
      { name: 'Ada', qty: '2' },
      { name: 'Grace', qty: '' },
      { name: 'Alan', qty: 3 },
    ];
    expect(printPlan(records, undefined, 1)).toMatchObject({ ok: true, labelCount: 3, totalLabels: 3 });
    expect(printPlan(records, 'qty', 2)).toEqual({ ok: true, records, labelCount: 6, totalLabels: 12 });
  });

  it('names the record and field the server would refuse, before anything is sent', () => {
    expect(printPlan([{ qty: '1' }, { qty: 'two' }], 'qty', 1)).toEqual({
      ok: false,
      problem: 'record 2: qty: quantity must be a whole number from 1 to 1000, got "two"',
    });
    expect(printPlan([{ name: 'Ada' }, ['not', 'an', 'object']], undefined, 1)).toEqual({
      ok: false,
      problem: 'record 2: must be a JSON object',
    });
    expect(printPlan([], undefined, 1)).toEqual({ ok: false, problem: 'records: must hold at least one record' });
    expect(
      printPlan(
        Array.from({ length: 1001 }, () => ({})),
        undefined,
        1,
      ),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/at most 1000 records/) });
  });

  it('keeps copies and labels within the print limits', () => {
    expect(printPlan([{}], undefined, 0)).toEqual({
      ok: false,
      problem: 'Copies must be a whole number from 1 to 1000.',
    });
    expect(printPlan([{}], undefined, 1.5)).toMatchObject({ ok: false });
    expect(printPlan([{}], undefined, 1000)).toMatchObject({ ok: true, totalLabels: 1000 });
    expect(printPlan([{ qty: 500 }, { qty: 500 }], 'qty', 10)).toMatchObject({ ok: true, totalLabels: 10_000 });
    expect(printPlan([{ qty: 500 }, { qty: 501 }], 'qty', 10)).toEqual({
      ok: false,
      problem: '10010 labels: a print sends at most 10000 (labels × copies).',
    });
  });
});
