// The stock catalogue: big enough, unique ids, sensible sizes, and sheet grids that fit on their page.
import { describe, expect, it } from 'vitest';
import { slugSchema } from '../api/slug';
import { LABEL_STOCKS } from './labelStocks';

/** Rounding in published fractions (1/3 in) may leave a grid a hair over its page; anything more is a wrong entry. */
const TOLERANCE = 1e-6;

describe('label stocks', () => {
  it('hold at least 60 stocks of every vendor the gallery names, with unique slug ids', () => {
    expect(LABEL_STOCKS.length).toBeGreaterThanOrEqual(60);
    const ids = LABEL_STOCKS.map((stock) => stock.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(slugSchema.safeParse(id).success, id).toBe(true);
    expect(new Set(LABEL_STOCKS.map((stock) => stock.vendor))).toEqual(
      new Set(['Zebra', 'Dymo', 'Brother', 'Avery', 'Herma']),
    );
  });

  it('have positive sizes, a product code and a name; round labels are no larger than their corners allow', () => {
    for (const stock of LABEL_STOCKS) {
      expect(stock.width, stock.id).toBeGreaterThan(0);
      expect(stock.height, stock.id).toBeGreaterThan(0);
      expect(stock.code, stock.id).not.toBe('');
      expect(stock.name, stock.id).not.toBe('');
      if (stock.cornerRadius !== undefined) {
        expect(stock.cornerRadius, stock.id).toBeGreaterThan(0);
        expect(stock.cornerRadius * 2, stock.id).toBeLessThanOrEqual(Math.min(stock.width, stock.height));
      }
      expect(stock.kind === 'sheet', stock.id).toBe(stock.sheet !== undefined);
    }
  });

  it('lay out every sheet inside its page, with whole positive counts and no negative margins or gaps', () => {
    for (const { id, width, height, sheet } of LABEL_STOCKS) {
      if (!sheet) continue;
      expect(Number.isInteger(sheet.columns) && sheet.columns > 0, id).toBe(true);
      expect(Number.isInteger(sheet.rows) && sheet.rows > 0, id).toBe(true);
      for (const length of [sheet.marginTop, sheet.marginLeft, sheet.gapX, sheet.gapY])
        expect(length, id).toBeGreaterThanOrEqual(0);
      const usedWidth = sheet.marginLeft + sheet.columns * width + (sheet.columns - 1) * sheet.gapX;
      const usedHeight = sheet.marginTop + sheet.rows * height + (sheet.rows - 1) * sheet.gapY;
      expect(usedWidth, id).toBeLessThanOrEqual(sheet.pageWidth + TOLERANCE);
      expect(usedHeight, id).toBeLessThanOrEqual(sheet.pageHeight + TOLERANCE);
    }
  });

  it('include the common sizes at their published dimensions', () => {
    const byId = new Map(LABEL_STOCKS.map((stock) => [stock.id, stock]));
    expect(byId.get('zebra-4x6')).toMatchObject({ width: 4, height: 6, units: 'in', kind: 'roll' });
    expect(byId.get('zebra-2-25x1-25')).toMatchObject({ width: 2.25, height: 1.25, units: 'in' });
    expect(byId.get('dymo-30252')).toMatchObject({ width: 1.125, height: 3.5, units: 'in' });
    expect(byId.get('dymo-99012')).toMatchObject({ width: 36, height: 89, units: 'mm' });
    expect(byId.get('brother-dk-11202')).toMatchObject({ width: 62, height: 100, units: 'mm' });
    expect(byId.get('brother-dk-22205')).toMatchObject({ width: 62, continuous: true });
    expect(byId.get('avery-5160')).toMatchObject({
      width: 2.625,
      height: 1,
      sheet: { columns: 3, rows: 10, pageWidth: 8.5, pageHeight: 11 },
    });
    expect(byId.get('avery-l7163')).toMatchObject({
      width: 99.1,
      height: 38.1,
      sheet: { columns: 2, rows: 7, pageWidth: 210, pageHeight: 297 },
    });
  });
});
