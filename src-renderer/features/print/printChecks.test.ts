import { beforeAll, describe, expect, it } from 'vitest';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import { browserFonts } from '../../../test/support/engine/engineTestSupport';
import { validateTemplate } from '@shared/model/template';
import { renderLabels } from '@shared/render/renderBatch';
import { checkRecords, listedWarnings, type PrintTarget } from './printChecks';

/** The warnings the dialog lists for these records (numbered from 1). */
function printWarnings(
  templateInput: unknown,
  records: readonly unknown[],
  fonts: FontRegistry,
  printer: PrintTarget | undefined,
) {
  const validation = validateTemplate(templateInput);
  if (!validation.ok) return [];
  return listedWarnings(
    checkRecords(
      validation.template,
      records,
      records.map((_, index) => index + 1),
      fonts,
      printer,
      0,
      records.length,
    ).warnings,
  );
}

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await browserFonts();
});

const at = (x: number, y: number, width: number, height: number) => ({
  position: { mode: 'absolute', x: `${x}mm`, y: `${y}mm` },
  width: `${width}mm`,
  height: `${height}mm`,
});
const template = {
  formatVersion: 1,
  meta: { name: 't' },
  dimensions: { width: '60mm', height: '30mm' },
  elements: [
    {
      id: 'name',
      type: 'text',
      ...at(0.5, 2, 30, 5),
      content: { expression: 'data.name' },
      style: { fontSize: '10pt' },
    },
    // 167 modules in 20 mm: whole-dot modules of 1 dot at 203 dpi (too narrow), 2 at 600 (enough dots, still too small to scan).
    {
      id: 'code',
      type: 'barcode',
      symbology: 'code128',
      ...at(20, 12, 20, 10),
      content: { text: 'ABCDEFGHIJKL' },
      showText: false,
    },
  ],
};
const records = [
  { name: 'Ann' },
  { name: 'A name far too long for the little box it has' },
  { name: 'Bo' },
  { name: 'Another name much too long for it' },
];

describe('warnings in the print dialog', () => {
  it('are laid out for the chosen printer: its resolution and its unprintable margin', () => {
    const at203 = printWarnings(template, records.slice(0, 1), fonts, { dpi: 203, unprintableMargin: null });
    expect(at203.map((warning) => warning.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^barcode "code" has modules of [01]\.\d\d dots at 203 dpi/)]),
    );
    const at600 = printWarnings(template, records.slice(0, 1), fonts, { dpi: 600, unprintableMargin: '1mm' });
    expect(at600).toEqual([
      {
        elementIds: ['name'],
        record: 1,
        message: expect.stringMatching(/^text "name" is within the printer's unprintable margin of 1\.00 mm/),
      },
      {
        elementIds: ['code'],
        record: 1,
        message: expect.stringMatching(/^barcode "code" has an X-dimension of 0\.\d+ mm/),
      },
    ]);
  });

  it('name the first record of a design warning once, and each record whose text does not fit', () => {
    const warnings = printWarnings(template, records, fonts, { dpi: 600, unprintableMargin: '1mm' });
    expect(warnings.map((warning) => [warning.record, warning.elementIds])).toEqual([
      [1, ['name']],
      [1, ['code']],
      [2, ['name']],
      [4, ['name']],
    ]);
    expect(warnings[2]?.message).toMatch(/do not fit the box/);
  });

  it('are none without a valid template', () => {
    expect(printWarnings({ formatVersion: 1 }, records, fonts, undefined)).toEqual([]);
  });
});

describe('records the job would refuse', () => {
  const failing = {
    ...template,
    elements: [template.elements[0], { ...template.elements[1], content: { expression: 'data.code' } }],
  };
  const batch = [
    { name: 'a', code: 'A1' },
    { name: 'b', code: '' },
    { name: 'c', code: 'C3' },
    { name: 'd', code: '' },
  ];

  it('are named with the message the print job itself gives, by their record numbers', async () => {
    const validation = validateTemplate(failing);
    if (!validation.ok) throw new Error('the template is valid');
    // Records 3, 5, 8 and 9 of a sheet, as the range "3,5,8-9" chose them.
    const found = checkRecords(
      validation.template,
      batch,
      [3, 5, 8, 9],
      fonts,
      { dpi: 203, unprintableMargin: null },
      0,
      batch.length,
    );
    expect(found.unprintable.map((record) => record.number)).toEqual([5, 9]);
    // The job's batch render refuses the same record with the same words.
    const refused = await renderLabels(failing, batch.slice(1, 2), { format: 'zpl', fonts, firstRecordNumber: 5 }).then(
      () => 'rendered',
      (error: unknown) => (error as Error).message,
    );
    expect(found.unprintable[0]?.message).toBe(refused);
    expect(refused).toMatch(/^record 5: barcode "code"/);
  });

  it('are checked in slices: a slice covers only its records', () => {
    const validation = validateTemplate(failing);
    if (!validation.ok) throw new Error('the template is valid');
    const numbers = [1, 2, 3, 4];
    const first = checkRecords(validation.template, batch, numbers, fonts, undefined, 0, 2);
    const second = checkRecords(validation.template, batch, numbers, fonts, undefined, 2, 4);
    expect([
      first.unprintable.map((record) => record.number),
      second.unprintable.map((record) => record.number),
    ]).toEqual([[2], [4]]);
  });
});
