import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { validateTemplate } from '../model/template';
import { renderLabels } from '../render/renderBatch';
import { renderLabel } from '../render/renderLabel';
import { pdfInfo, pdfWords as words } from '../../test/support/engine/pdfTestSupport';
import { cellOrigin, checkSheet, sheetPages, sheetPlacement } from './sheetLayout';

const fonts = bundledFonts();
/** Avery 5160's published layout: 2.625 x 1 in labels, 3 across and 10 down a Letter page. */
const AVERY_5160 = {
  pageWidth: '8.5in',
  pageHeight: '11in',
  columns: 3,
  rows: 10,
  marginTop: '0.5in',
  marginLeft: '0.1875in',
  gapX: '0.125in',
};

const addressLabel = {
  formatVersion: 1,
  meta: { name: 'Address' },
  dimensions: { width: '2.625in', height: '1in', sheet: AVERY_5160 },
  elements: [
    {
      id: 'name',
      type: 'text',
      position: { mode: 'absolute', x: '0.1in', y: '0.3in' },
      width: '2.4in',
      height: '0.4in',
      contentExpression: 'name',
      style: { fontSize: '12pt' },
    },
  ],
};

describe('sheet layout', () => {
  it('fills the sheet across then down from the start cell, then whole sheets', () => {
    expect(sheetPages({ columns: 3, rows: 10 }, 35, 7)).toEqual([
      Array.from({ length: 24 }, (_, i) => i + 6),
      Array.from({ length: 11 }, (_, i) => i),
    ]);
    expect(sheetPages({ columns: 2, rows: 1 }, 3)).toEqual([[0, 1], [0]]);
    const sheet = sheetPlacement(AVERY_5160);
    expect(cellOrigin(sheet, { width: 189, height: 72 }, 4)).toEqual({ x: 13.5 + 189 + 9, y: 36 + 72 });
  });

  it('refuses a sheet its labels do not fit on, naming the side', () => {
    expect(checkSheet(AVERY_5160, { width: 189, height: 72 })).toEqual([]);
    expect(checkSheet({ ...AVERY_5160, columns: 4 }, { width: 189, height: 72 })).toEqual([
      { path: 'dimensions.sheet', message: '4 labels across reach 11.06 in, past the page width of 8.50 in' },
    ]);
    const result = validateTemplate({
      ...addressLabel,
      dimensions: { ...addressLabel.dimensions, sheet: { ...AVERY_5160, rows: 11 } },
    });
    expect(result.ok ? [] : result.errors).toEqual([
      { path: 'dimensions.sheet', message: '11 labels down reach 11.50 in, past the page height of 11.00 in' },
    ]);
  });

  it('prints 35 labels N-up on Letter pages from the 7th cell: each name in its cell, two Letter pages', async () => {
    const records = Array.from({ length: 35 }, (_, index) => ({ name: `Label${index + 1}` }));
    const pdf = await renderLabels(addressLabel, records, { format: 'pdf', fonts, sheetStart: 7 });
    const found = await words(pdf.bytes);
    const sheet = sheetPlacement(AVERY_5160);
    expect(found.map((word) => word.text)).toEqual(records.map((record) => record.name));
    found.forEach((word, index) => {
      const [page, cell] = index < 24 ? [1, index + 6] : [2, index - 24];
      const origin = cellOrigin(sheet, { width: 189, height: 72 }, cell);
      expect(word.page, word.text).toBe(page);
      // The text's box is 0.1 in (7.2 pt) into the label; the glyphs start a little inside it.
      expect(word.x - origin.x, word.text).toBeGreaterThan(7);
      expect(word.x - origin.x, word.text).toBeLessThan(9);
      expect(word.y - origin.y, word.text).toBeGreaterThan(21.6);
      expect(word.y - origin.y, word.text).toBeLessThan(21.6 + 28.8);
    });
    const stdout = await pdfInfo(pdf.bytes);
    expect(stdout).toMatch(/Pages:\s+2\n/);
    expect(stdout).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it('puts one label of a render in its start cell on a whole sheet; zpl stays the one label', async () => {
    const one = await renderLabel(addressLabel, { name: 'Single' }, { format: 'pdf', fonts, sheetStart: 30 });
    const [word] = await words(one.bytes);
    const origin = cellOrigin(sheetPlacement(AVERY_5160), { width: 189, height: 72 }, 29);
    expect(word?.x).toBeGreaterThan(origin.x);
    expect(word?.y).toBeGreaterThan(origin.y);
    const zpl = new TextDecoder().decode(
      (await renderLabel(addressLabel, { name: 'Single' }, { format: 'zpl', fonts })).bytes,
    );
    expect(zpl).toContain('^PW533');
  });
});
