// renderLabels label by label: counters numbering every label (copies too), and shared layouts that change no byte.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { renderLabels } from './renderBatch';
import { renderLabel } from './renderLabel';
import { uniqueDesignWarnings } from '../layout/designWarnings';

const fonts = bundledFonts();
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const text = (id: string, y: string, fields: Record<string, unknown>): Record<string, unknown> => ({
  id,
  type: 'text',
  position: { mode: 'absolute', x: '2mm', y },
  width: '60mm',
  height: '6mm',
  // The printer's font: the ZPL holds each value as field data, in order.
  style: { fontFamily: 'Printer 0', fontSize: '10pt' },
  ...fields,
});

const numbered = {
  formatVersion: 1,
  meta: { name: 'numbered' },
  dimensions: { width: '70mm', height: '30mm' },
  elements: [
    text('serial', '2mm', { contentExpression: '"S" + counter("parcel", {start: 500, step: 5, pad: 6})' }),
    text('name', '10mm', { contentExpression: 'name' }),
  ],
};

/** Each label's field data, in order. */
const fieldData = (zpl: string): string[] => [...zpl.matchAll(/\^FD([^^]*)\^FS/g)].map((match) => match[1] ?? '');

describe('counters in a batch', () => {
  it('gives every label the next value, copies of a record included, from the reserved first value', async () => {
    const records = [{ name: 'Ann', qty: 2 }, { name: 'Bo' }, { name: 'Cy', qty: 3 }];
    const env = { now: () => new Date(0), counters: { parcel: 1200 } };
    const batch = await renderLabels(numbered, records, { format: 'zpl', fonts, env, quantityField: 'qty' });
    expect(batch.labelCount).toBe(6);
    expect(fieldData(decode(batch.bytes))).toEqual([
      'S001200',
      'Ann',
      'S001205',
      'Ann',
      'S001210',
      'Bo',
      'S001215',
      'Cy',
      'S001220',
      'Cy',
      'S001225',
      'Cy',
    ]);
  });

  it('counts from the start option when nothing was reserved (the CLI, previews)', async () => {
    const batch = await renderLabels(numbered, [{ name: 'Ann' }, { name: 'Bo' }], { format: 'zpl', fonts });
    expect(fieldData(decode(batch.bytes))).toEqual(['S000500', 'Ann', 'S000505', 'Bo']);
  });
});

describe('layouts shared across a batch', () => {
  /** Values that repeat (the sender, a status that takes two values), values that do not, a text too long for its box. */
  const mixed = {
    formatVersion: 1,
    meta: { name: 'mixed' },
    dimensions: { width: '70mm', height: '40mm' },
    elements: [
      text('from', '2mm', { content: { text: 'FROM Labelsmith Supplies' } }),
      text('status', '9mm', {
        contentExpression: 'upper(status)',
        style: { fontFamily: 'Printer 0', fontSize: '10pt', fontWeight: 'bold' },
      }),
      text('name', '16mm', {
        contentExpression: 'name',
        style: { fontFamily: 'Printer 0', fontSize: '10pt', overflow: 'wrap' },
      }),
      {
        id: 'code',
        type: 'barcode',
        symbology: 'code128',
        position: { mode: 'absolute', x: '2mm', y: '24mm' },
        width: '60mm',
        height: '12mm',
        contentExpression: 'code',
        condition: 'code',
      },
      { id: 'frame', type: 'rect', position: { mode: 'absolute', x: '0mm', y: '0mm' }, width: '70mm', height: '40mm' },
    ],
  };
  const long = 'A name far too long for one line of sixty millimetres at ten points, so the layout truncates it';
  const records = [
    { status: 'express', name: 'Ann', code: 'A1' },
    { status: 'standard', name: long, code: 'B22' },
    { status: 'express', name: 'Ann', code: '' },
    { status: 'standard', name: long, code: 'B22' },
  ];

  it('give the same bytes and warnings as each label rendered alone', async () => {
    const batch = await renderLabels(mixed, records, { format: 'zpl', fonts });
    const alone = await Promise.all(records.map((record) => renderLabel(mixed, record, { format: 'zpl', fonts })));
    expect(decode(batch.bytes)).toBe(alone.map((output) => decode(output.bytes)).join(''));
    // A design warning (the frame's outline in the barcode's quiet zone) comes once, with the first record that shows it.
    expect(batch.warnings).toEqual(
      uniqueDesignWarnings(
        alone.flatMap((output, record) => output.warnings.map((warning) => ({ ...warning, record: record + 1 }))),
      ),
    );
    expect(
      batch.warnings
        .filter((warning) => warning.code === 'BARCODE_QUIET_ZONE_OVERLAP')
        .map((warning) => warning.record),
    ).toEqual([1]);
    expect(
      batch.warnings.filter((warning) => warning.code === 'TEXT_TRUNCATED').map((warning) => warning.record),
    ).toEqual([2, 4]);
  });
});
