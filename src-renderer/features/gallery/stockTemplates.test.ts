import { describe, expect, it } from 'vitest';
import { validateTemplate } from '@shared/model/template';
import { LABEL_STOCKS } from '@shared/stocks/labelStocks';
import {
  blankTemplate,
  defaultSafeMargin,
  groupStocks,
  stockSize,
  stockTitle,
  templateForStock,
  type Stock,
} from './stockTemplates';

const zebra46 = LABEL_STOCKS.find((stock) => stock.id === 'zebra-4x6') as Stock;
const avery5162 = LABEL_STOCKS.find((stock) => stock.code === '5162') as Stock;

describe('a template from a stock', () => {
  it('has the stock’s size in its unit, a safe margin and no elements', () => {
    expect(templateForStock(zebra46)).toEqual({
      formatVersion: 1,
      meta: { name: 'Zebra 4 x 6 in', description: 'Zebra 4 x 6 in: Direct thermal roll 4 × 6 in, 4 × 6 in' },
      dimensions: { width: '4in', height: '6in', safeMargin: '0.08in' },
      elements: [],
    });
    const brother = LABEL_STOCKS.find((stock) => stock.code === 'DK-11201') as Stock;
    expect(templateForStock(brother, 'Address').dimensions).toEqual({
      width: '29mm',
      height: '90mm',
      safeMargin: '2mm',
    });
    expect(templateForStock(brother, 'Address').meta.name).toBe('Address');
  });

  it('keeps a sheet stock’s layout on the page, so its PDF prints N-up', () => {
    const avery5160 = LABEL_STOCKS.find((stock) => stock.code === '5160') as Stock;
    expect(templateForStock(avery5160).dimensions.sheet).toEqual({
      pageWidth: '8.5in',
      pageHeight: '11in',
      columns: 3,
      rows: 10,
      marginTop: '0.5in',
      marginLeft: '0.188in',
      gapX: '0.125in',
      gapY: '0in',
    });
    expect(templateForStock(zebra46).dimensions.sheet).toBeUndefined();
  });

  it('rounds thirds to the unit’s precision', () => {
    expect(templateForStock(avery5162).dimensions.height).toBe('1.333in');
  });

  it('is valid for every stock in the catalogue', () => {
    for (const stock of LABEL_STOCKS) {
      const result = validateTemplate(templateForStock(stock));
      expect(result.ok, `${stock.id}: ${JSON.stringify(!result.ok && result.errors)}`).toBe(true);
    }
  });

  it('keeps the safe margin within a tenth of the shorter side', () => {
    expect(defaultSafeMargin(12, 50, 'mm')).toBe('1.2mm');
    expect(defaultSafeMargin(0.5, 1.875, 'in')).toBe('0.05in');
    expect(blankTemplate('  ', 50, 30, 'mm').meta.name).toBe('Untitled label');
  });
});

describe('the stock list', () => {
  it('groups by vendor in catalogue order and filters on every word', () => {
    const all = groupStocks(LABEL_STOCKS, '');
    expect(all.map((group) => group.vendor)).toEqual(['Zebra', 'Dymo', 'Brother', 'Avery', 'Herma']);
    expect(all.reduce((sum, group) => sum + group.stocks.length, 0)).toBe(LABEL_STOCKS.length);
    expect(groupStocks(LABEL_STOCKS, 'avery 5160').flatMap((group) => group.stocks.map((stock) => stock.code))).toEqual(
      ['5160'],
    );
    expect(groupStocks(LABEL_STOCKS, 'ZEBRA 4 × 6').flatMap((group) => group.stocks.map((stock) => stock.id))).toEqual([
      'zebra-4x6',
    ]);
    expect(groupStocks(LABEL_STOCKS, 'zebra 4x6').flatMap((group) => group.stocks.map((stock) => stock.id))).toEqual([
      'zebra-4x6',
    ]);
    expect(groupStocks(LABEL_STOCKS, 'continuous 62').map((group) => group.vendor)).toEqual(['Brother']);
    expect(groupStocks(LABEL_STOCKS, 'no such stock')).toEqual([]);
  });

  it('finds a size under every vendor, whatever units it is sold in and turned either way', () => {
    const ids = (filter: string) =>
      groupStocks(LABEL_STOCKS, filter).flatMap((group) => group.stocks.map((stock) => stock.id));
    const fourBySix = ids('4x6');
    expect(fourBySix).toEqual(expect.arrayContaining(['zebra-4x6', 'dymo-1744907', 'brother-dk-11241']));
    expect(fourBySix).not.toContain('brother-dk-11247');
    for (const spelling of ['4 × 6 in', '6x4', '102 x 152 mm', '101,6x152,4mm', '4x6"'])
      expect(ids(spelling), spelling).toEqual(fourBySix);
    // The continuous 102 mm tape, cut at 152 mm, is a 4 × 6 as well.
    expect(ids('brother 4x6')).toEqual(['brother-dk-11241', 'brother-dk-22243']);
    // Without a unit, sides above 20 are millimetres; Zebra's 4 × 2.5 in (101.6 × 63.5 mm) is within the tolerance too.
    expect(ids('62x100')).toEqual(expect.arrayContaining(['brother-dk-11202', 'zebra-4x2-5']));
    expect(ids('62x100')).not.toContain('brother-dk-11209');
  });

  it('names stocks without repeating Zebra’s size', () => {
    expect(stockTitle(zebra46)).toBe('Direct thermal roll 4 × 6 in');
    expect(stockTitle(avery5162)).toBe('5162 Address labels, 14 per sheet');
    expect(stockSize(avery5162)).toBe('4 × 1.333 in');
  });
});
