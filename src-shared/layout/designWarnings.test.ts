import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { parseTemplate } from '../model/template';
import { renderLabels } from '../render/renderBatch';
import { toPoints, type LengthUnit } from '../units/length';
import { designWarnings, uniqueDesignWarnings } from './designWarnings';
import type { RenderWarning } from './laidOutLabel';
import { layoutLabel } from './layoutLabel';

const fonts = bundledFonts();

/** A box in mm. */
const at = (x: number, y: number, width: number, height: number) => ({
  position: { mode: 'absolute', x: `${x}mm`, y: `${y}mm` },
  width: `${width}mm`,
  height: `${height}mm`,
});
const text = (id: string, box: ReturnType<typeof at>, value: string, style: object = {}) => ({
  id,
  type: 'text',
  ...box,
  content: { text: value },
  style: { fontSize: '10pt', ...style },
});
const barcode = (id: string, symbology: string, box: ReturnType<typeof at>, value: string, extra: object = {}) => ({
  id,
  type: 'barcode',
  symbology,
  ...box,
  content: { text: value },
  showText: false,
  ...extra,
});
const rect = (id: string, box: ReturnType<typeof at>, style: object = {}) => ({ id, type: 'rect', ...box, style });
const templateOf = (elements: unknown[], size = { width: '60mm', height: '40mm' }) => ({
  formatVersion: 1,
  meta: { name: 't' },
  dimensions: size,
  elements,
});

function check(
  elements: unknown[],
  options: { dpi?: number; margin?: string; unit?: LengthUnit } = {},
): RenderWarning[] {
  const targetDpi = options.dpi ?? 203;
  const label = layoutLabel(parseTemplate(templateOf(elements)), {}, { fonts, targetDpi });
  return designWarnings(label, fonts, {
    targetDpi,
    unprintableMargin: options.margin === undefined ? undefined : toPoints(options.margin),
    unit: options.unit,
  });
}

const codes = (warnings: RenderWarning[]) => warnings.map((warning) => [warning.code, warning.elementId]);

describe('design warnings', () => {
  it('flag an element reaching past the label, and one wholly off it', () => {
    const warnings = check([text('late', at(45, 5, 30, 8), 'A line that runs off'), rect('gone', at(70, 5, 10, 10))]);
    expect(codes(warnings)).toEqual([
      ['ELEMENT_OUTSIDE_LABEL', 'late'],
      ['ELEMENT_OUTSIDE_LABEL', 'gone'],
    ]);
    expect(warnings[0]?.message).toMatch(/past the label's right edge by \d+\.\d\d mm/);
    expect(warnings[1]?.message).toMatch(/entirely outside the label/);
  });

  it('judge text by its ink, not its box: a short text in an oversized box is on the label', () => {
    expect(check([text('short', at(5, 5, 200, 8), 'Hi')])).toEqual([]);
  });

  it('turn the element with its rotation', () => {
    // 40 mm wide, turned upright about its centre at y = 10 mm: it reaches 10 mm above the label.
    const upright = text('upright', at(10, 6, 40, 8), 'MMMMMMMMMMMMMMMM', { fontSize: '14pt' });
    expect(check([upright])).toEqual([]);
    expect(codes(check([{ ...upright, rotation: 90 }]))).toEqual([['ELEMENT_OUTSIDE_LABEL', 'upright']]);
  });

  it("flag what reaches into the printer's unprintable margin, only when there is one", () => {
    const edge = rect('edge', at(0.5, 10, 20, 10), { stroke: '#000000', strokeWidth: '0.5mm' });
    const inside = rect('inside', at(30, 10, 20, 10), { stroke: '#000000', strokeWidth: '0.5mm' });
    expect(check([edge, inside])).toEqual([]);
    const warnings = check([edge, inside], { margin: '1.5mm' });
    expect(codes(warnings)).toEqual([['ELEMENT_IN_UNPRINTABLE_MARGIN', 'edge']]);
    expect(warnings[0]?.message).toMatch(/margin of 1\.50 mm at the left edge/);
  });

  it("flag text in a code128's quiet zone of 10 modules, not text beyond it", () => {
    // "ABC" in code128 is 68 modules: 0.5 mm each in a 34 mm box, so the quiet zone is 5 mm each side.
    const code = barcode('code', 'code128', at(10, 5, 34, 15), 'ABC');
    const near = text('near', at(46, 8, 10, 6), 'QTY');
    const far = text('far', at(44 + 5.5, 8, 10, 6), 'QTY');
    const warnings = check([code, near]);
    expect(warnings.map((warning) => [warning.code, warning.elementIds])).toEqual([
      ['BARCODE_QUIET_ZONE_OVERLAP', ['near', 'code']],
    ]);
    expect(warnings[0]?.message).toMatch(/code128 needs 5\.\d\d mm of clear space/);
    expect(check([code, far])).toEqual([]);
  });

  it("use each symbology's own quiet zone: EAN-13 needs 11 modules on the left and 7 on the right", () => {
    // 95 modules of 0.4 mm: 4.4 mm clear on the left, 2.8 mm on the right.
    // 254 dpi is 10 dots a mm: 4 dots are exactly 0.4 mm. Without quietZone the bars fill the box.
    const code = barcode('ean', 'ean13', at(15, 5, 38, 15), '5901234123457', { quietZone: false });
    const right = text('right', at(53 + 3.2, 8, 6, 6), 'X');
    const left = text('left', at(15 - 3.2 - 6, 8, 6, 6), 'X', { textAlign: 'right' });
    const quietZone = (warnings: RenderWarning[]) =>
      codes(warnings.filter((warning) => warning.code === 'BARCODE_QUIET_ZONE_OVERLAP'));
    expect(quietZone(check([code, right], { dpi: 254 }))).toEqual([]);
    expect(quietZone(check([code, left], { dpi: 254 }))).toEqual([['BARCODE_QUIET_ZONE_OVERLAP', 'left']]);
  });

  it("flag a frame whose outline crosses a barcode's quiet zone, not one with clear space, nor text inside a frame", () => {
    const code = barcode('code', 'code128', at(12, 8, 34, 15), 'ABC');
    const tight = rect('tight', at(10, 6, 38, 19), { stroke: '#000000', strokeWidth: '0.5mm' });
    const roomy = rect('roomy', at(2, 2, 54, 26), { stroke: '#000000', strokeWidth: '0.5mm' });
    expect(codes(check([code, tight]))).toEqual([['BARCODE_QUIET_ZONE_OVERLAP', 'tight']]);
    expect(check([roomy, code])).toEqual([]);
    const framed = [
      rect('frame', at(2, 26, 40, 12), { stroke: '#000000', strokeWidth: '0.5mm', fill: '#eeeeee' }),
      text('inside', at(4, 28, 36, 8), 'Handle with care'),
    ];
    expect(check(framed)).toEqual([]);
  });

  it('flag two texts whose glyphs cross, not texts stacked line under line', () => {
    const first = text('first', at(5, 5, 40, 8), 'Ship to');
    const over = text('over', at(8, 6, 40, 8), 'Ship to');
    const warnings = check([first, over]);
    expect(warnings.map((warning) => [warning.code, warning.elementId, warning.elementIds])).toEqual([
      ['TEXT_OVERLAP', 'over', ['first', 'over']],
    ]);
    // Boxes that overlap by their leading only: the glyphs do not meet.
    const below = text('below', at(5, 9.5, 40, 8), 'Acme Corp');
    expect(check([first, below])).toEqual([]);
  });

  it('flag modules under 2 dots at the target resolution', () => {
    // 35 characters in 20 mm: about 0.05 mm modules, under one dot at 203 dpi.
    const dense = barcode('dense', 'code128', at(5, 5, 20, 10), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345678');
    const byCode = check([dense]).filter((warning) => warning.code === 'BARCODE_MODULE_TOO_NARROW');
    expect(byCode).toHaveLength(1);
    expect(byCode[0]?.message).toMatch(/modules of [01]\.\d\d dots at 203 dpi/);
    // 0.5 mm modules are 4 dots at 203 dpi.
    expect(check([barcode('roomy', 'code128', at(10, 5, 34, 15), 'ABC')])).toEqual([]);
  });

  it("flag an X-dimension under the symbology's minimum: EAN-13 0.264 mm, GS1-128 0.495 mm", () => {
    // 95 modules in 20 mm: 0.21 mm.
    const small = check([barcode('ean', 'ean13', at(20, 5, 20, 15), '5901234123457')], { dpi: 600 });
    expect(codes(small)).toEqual([['BARCODE_X_DIMENSION_TOO_SMALL', 'ean']]);
    expect(small[0]?.message).toMatch(/X-dimension of 0\.\d+ mm, under the 0\.264 mm ean13 needs/);
    expect(check([barcode('ean', 'ean13', at(15, 5, 38, 15), '5901234123457')], { dpi: 600 })).toEqual([]);
    // (01)09501101530003 in GS1-128: 0.4 mm modules are too small for a logistics label.
    const gs1 = barcode('sscc', 'gs1-128', at(4, 5, 40, 15), '(01)09501101530003');
    expect(check([gs1], { dpi: 600 }).map((warning) => warning.code)).toEqual(['BARCODE_X_DIMENSION_TOO_SMALL']);
  });

  it("give lengths in the template's unit", () => {
    const code = barcode('code', 'code128', at(10, 5, 34, 15), 'ABC');
    const near = text('near', at(46, 8, 10, 6), 'QTY');
    const edge = rect('edge', at(0.5, 10, 20, 10), { stroke: '#000000', strokeWidth: '0.5mm' });
    const messages = check([code, near, edge], { margin: '1.5mm', unit: 'in' }).map((warning) => warning.message);
    expect(messages).toContainEqual(expect.stringMatching(/margin of 0\.059 in at the left edge/));
    expect(messages).toContainEqual(expect.stringMatching(/code128 needs 0\.19\d in of clear space/));
    const small = check([barcode('ean', 'ean13', at(20, 5, 20, 15), '5901234123457')], { dpi: 600, unit: 'in' });
    expect(small[0]?.message).toMatch(/X-dimension of 0\.00\d\d in, under the 0\.0104 in ean13 needs/);
  });

  it('are none for a tidy label', () => {
    const tidy = [
      rect('frame', at(1, 1, 58, 38), { stroke: '#000000', strokeWidth: '0.3mm' }),
      text('title', at(4, 3, 50, 8), 'Parcel 1 of 2', { fontWeight: 'bold' }),
      text('to', at(4, 11, 50, 6), 'Acme Corp, 1 Main St'),
      barcode('code', 'code128', at(10, 19, 34, 15), 'ABC', { showText: true }),
    ];
    expect(check(tidy, { margin: '0.5mm' })).toEqual([]);
  });
});

describe('design warnings of a batch', () => {
  it('come once per element with the first record that shows them, while record warnings stay per record', async () => {
    const template = templateOf([
      text('off', at(50, 5, 30, 8), 'Always off the edge'),
      {
        id: 'name',
        type: 'text',
        ...at(5, 20, 20, 4),
        content: { expression: 'data.name' },
        style: { fontSize: '10pt' },
      },
    ]);
    const records = [
      { name: 'Ann' },
      { name: 'A name much too long for its little box' },
      { name: 'Another name far too long for the box' },
    ];
    const batch = await renderLabels(template, records, { format: 'zpl', fonts });
    expect(batch.warnings.map((warning) => [warning.code, warning.elementId, warning.record])).toEqual([
      ['ELEMENT_OUTSIDE_LABEL', 'off', 1],
      ['TEXT_TRUNCATED', 'name', 2],
      ['TEXT_TRUNCATED', 'name', 3],
    ]);
  });

  it('keep the first of each design warning per element set', () => {
    const warnings = [
      { code: 'TEXT_OVERLAP', message: 'a', elementId: 'b', elementIds: ['a', 'b'], record: 1 },
      { code: 'TEXT_OVERLAP', message: 'a', elementId: 'c', elementIds: ['a', 'c'], record: 1 },
      { code: 'TEXT_OVERLAP', message: 'a', elementId: 'b', elementIds: ['a', 'b'], record: 2 },
      { code: 'FONT_FALLBACK', message: 'f', elementId: 'b', record: 1 },
      { code: 'FONT_FALLBACK', message: 'f', elementId: 'b', record: 2 },
    ];
    expect(uniqueDesignWarnings(warnings).map((warning) => [warning.code, warning.elementId, warning.record])).toEqual([
      ['TEXT_OVERLAP', 'b', 1],
      ['TEXT_OVERLAP', 'c', 1],
      ['FONT_FALLBACK', 'b', 1],
      ['FONT_FALLBACK', 'b', 2],
    ]);
  });
});
