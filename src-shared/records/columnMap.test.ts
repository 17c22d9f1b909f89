import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../model/template';
import { effectiveColumnMap, normaliseName, suggestColumn, templateFields } from './columnMap';

const text = (id: string, expression: string) => ({
  id,
  type: 'text',
  position: { mode: 'absolute', x: '1mm', y: '1mm' },
  width: '20mm',
  height: '5mm',
  content: { expression },
});

describe('column mapping', () => {
  it('suggests columns whose names match a field apart from case, spaces and punctuation', () => {
    expect(normaliseName(' Ship-To Name ')).toBe('shiptoname');
    const columns = ['Ship To Name', 'Article No', 'Name', 'LOT'];
    expect(suggestColumn('shipTo.name', columns)).toBe('Ship To Name');
    expect(suggestColumn('article_no', columns)).toBe('Article No');
    expect(suggestColumn('lot', columns)).toBe('LOT');
    expect(suggestColumn('customer.name', columns)).toBe('Name');
    expect(suggestColumn('sku', columns)).toBeUndefined();
    // A column named exactly as the field needs no mapping.
    expect(suggestColumn('Name', columns)).toBeUndefined();
  });

  it('lists the fields elements show, prompted fields left out', () => {
    const template = parseTemplate({
      formatVersion: 1,
      meta: { name: 't' },
      dimensions: { width: '50mm', height: '30mm' },
      elements: [text('a', "data.name + ' ' + data.lot"), text('b', 'data.shipTo.city')],
      prompts: [{ name: 'lot', label: 'Lot' }],
    });
    expect(templateFields(template)).toEqual(['name', 'shipTo.city']);
  });

  it('takes overrides first, then the saved mapping where the sheet has its column, then suggestions', () => {
    const columns = ['Full Name', 'Town', 'City', 'Article No'];
    const map = effectiveColumnMap({
      fields: ['name', 'city', 'articleNo', 'sku'],
      columns,
      saved: { name: 'Customer', city: 'Town' },
      overrides: [['sku', 'Article No']],
    });
    expect(map).toEqual([
      ['sku', 'Article No'],
      ['city', 'Town'],
      ['articleNo', 'Article No'],
    ]);
  });
});
