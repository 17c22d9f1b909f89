// Printer truth for barcodes: at 203, 300 and 600 dpi the PNG, the PDF (through pdftoppm) and the ZPL (read back by the reader) draw every linear symbology with the same bar edges, and scan alike.
import { describe, expect, it } from 'vitest';
import type { ZplDpi } from '../../render/outputFormats';
import { layoutLabel } from '../../layout/layoutLabel';
import { LayoutMemo } from '../../layout/layoutMemo';
import { parseTemplate } from '../../model/template';
import { renderLabel } from '../../render/renderLabel';
import { pointsToDots } from '../../units/length';
import {
  barcode,
  barEdges,
  decodedText,
  expectEdgesWithinOneDot,
  fonts,
  linearOf,
  outputs,
  template,
} from '../../../test/support/engine/barcodeOutputsTestSupport';
import type { Symbology } from './barcodeSchema';

const DPIS = [203, 300, 600] as const satisfies readonly ZplDpi[];

/** A value of each of the first linear symbologies; the carriers' and health care's are in symbologies.test.ts. */
const VALUES: Partial<Record<Symbology, string>> = {
  code128: 'LS-12345',
  'gs1-128': '(01)09521234543213(10)AB',
  ean13: '590123412345',
  ean8: '9638507',
  upca: '03600029145',
  upce: '0123456',
  code39: 'ABC-123',
  code93: 'ABC-123',
  interleaved2of5: '12345678',
  itf14: '1540014128876',
};
const LINEAR = Object.keys(VALUES) as Symbology[];

/** Every linear symbology in a 1.8 in box, one under the other, the human-readable line on; ITF with a ratio of 2.5. */
const ALL_LINEAR = template(
  2.5,
  4.5,
  LINEAR.map((symbology, index) =>
    barcode(
      symbology,
      symbology,
      VALUES[symbology] ?? '',
      { x: 0.3 + (index % 2) * 0.2, y: 0.15 + index * 0.42, width: 1.8, height: 0.35 },
      symbology === 'itf14' ? { ratio: 2.5 } : {},
    ),
  ),
);

describe.each(DPIS)('every linear symbology at %i dpi', (dpi) => {
  it('has the same bar edges, to the dot, in the PNG, the PDF and the ZPL, and scans alike in the PNG and the ZPL', async () => {
    const drawn = await outputs(ALL_LINEAR, dpi);
    expect(drawn.laidOut.warnings).toEqual([]);
    // ^BY stops at 10 dots: at 203 and 300 dpi every symbol is the printer's own command; at 600 the short ones (EAN-8,
    // UPC-E) take more and go as graphics of the layout, which must agree just the same.
    if (dpi !== 600) expect(drawn.zpl).not.toContain('^GFA');
    for (const symbology of LINEAR) {
      const edges = barEdges(drawn, symbology, dpi);
      expectEdgesWithinOneDot(edges.png, edges.expected, `${symbology} png`);
      expectEdgesWithinOneDot(edges.pdf, edges.expected, `${symbology} pdf`);
      expectEdgesWithinOneDot(edges.zpl, edges.expected, `${symbology} zpl`);
      const { element } = linearOf(drawn.laidOut, symbology);
      const fromPng = await decodedText(drawn.png, element, dpi);
      expect(fromPng, `${symbology} decoded from the png`).toHaveLength(1);
      expect(await decodedText(drawn.zplRead, element, dpi), `${symbology} decoded from the zpl`).toEqual(fromPng);
    }
  });
});

describe('module width', () => {
  const box = { x: 0.2, y: 0.2, width: 3.5, height: 0.8 };

  it.each(['A1', 'LS-0000000001', 'ORDER-12345'])('"3dots" is ^BY3 whatever the data (%s)', async (value) => {
    const input = template(4, 1.2, [barcode('code', 'code128', value, box, { moduleWidth: '3dots', showText: false })]);
    const zpl = new TextDecoder().decode((await renderLabel(input, {}, { format: 'zpl', zplDpi: 203, fonts })).bytes);
    expect(zpl).toMatch(/\^BY3\^BCN,/);
  });

  it('rounds a length to the nearest whole dot of the target: 0.375 mm is 3 dots at 203 dpi, 4 at 300', () => {
    const input = parseTemplate(
      template(4, 1.2, [barcode('code', 'code128', 'LS-1', box, { moduleWidth: '0.375mm' })]),
    );
    expect(linearOf(layoutLabel(input, {}, { fonts, targetDpi: 203 }), 'code').symbol.moduleDots).toBe(3);
    expect(linearOf(layoutLabel(input, {}, { fonts, targetDpi: 300 }), 'code').symbol.moduleDots).toBe(4);
  });

  it('prints a box-filling code128 in a 3.5 in box at 203 dpi as wide as its PNG', async () => {
    const drawn = await outputs(
      template(4, 1.2, [barcode('code', 'code128', 'LS1234567890GB', box, { showText: false })]),
      203,
    );
    const edges = barEdges(drawn, 'code', 203);
    const width = (runs: [number, number][]) => (runs.at(-1)?.[1] ?? 0) - (runs[0]?.[0] ?? 0);
    expect(width(edges.zpl)).toBe(width(edges.png));
    // The largest whole-dot module that fits: wider than 3 in, at most the box.
    expect(width(edges.png)).toBeGreaterThan(3 * 203);
    expect(width(edges.png)).toBeLessThanOrEqual(Math.round(3.5 * 203));
    expectEdgesWithinOneDot(edges.zpl, edges.expected, 'zpl');
    expectEdgesWithinOneDot(edges.pdf, edges.expected, 'pdf');
  });

  it('warns BARCODE_TOO_WIDE, naming the element, when the data does not fit the box at the asked module', () => {
    const input = parseTemplate(
      template(4, 1.2, [
        barcode('sku', 'code128', 'A MUCH LONGER VALUE 1234567890', { ...box, width: 1 }, { moduleWidth: '3dots' }),
      ]),
    );
    const label = layoutLabel(input, {}, { fonts, targetDpi: 203 });
    expect(label.warnings).toEqual([
      expect.objectContaining({
        code: 'BARCODE_TOO_WIDE',
        elementId: 'sku',
        message: expect.stringContaining('"sku"'),
      }),
    ]);
    expect(linearOf(label, 'sku').symbol.moduleDots).toBe(3);
  });
});

describe('quiet zone as a width', () => {
  /** A code 128 with 5 mm each side, an EAN-13 with 12 modules and a QR code with 2 mm all round, each in its box. */
  const ZONED = template(3, 2.5, [
    barcode('code', 'code128', 'LS-12345', { x: 0.2, y: 0.2, width: 2.6, height: 0.5 }, { quietZone: '5mm' }),
    barcode('ean', 'ean13', '590123412345', { x: 0.2, y: 0.9, width: 2.6, height: 0.6 }, { quietZone: '12modules' }),
    barcode('qr', 'qrcode', 'LS-12345', { x: 0.2, y: 1.6, width: 0.8, height: 0.8 }, { quietZone: '2mm' }),
  ]);

  it.each([
    [203, 40, 16],
    [300, 59, 24],
  ] as const)(
    'at %i dpi keeps 5 mm as %i dots and 2 mm as %i: every output draws the bars after it, and each scans from its box alone',
    async (dpi, fiveMm, twoMm) => {
      const drawn = await outputs(ZONED, dpi);
      expect(drawn.laidOut.warnings).toEqual([]);
      const dots = (points: number) => Math.round(pointsToDots(points, dpi));
      const code = linearOf(drawn.laidOut, 'code');
      expect([dots(code.symbol.quietZone?.left ?? 0), dots(code.symbol.quietZone?.right ?? 0)]).toEqual([
        fiveMm,
        fiveMm,
      ]);
      expect(dots(code.symbol.x) - dots(code.element.box.x)).toBeGreaterThanOrEqual(fiveMm);
      expect(
        dots(code.element.box.x + code.element.box.width) - dots(code.symbol.x + code.symbol.width),
      ).toBeGreaterThanOrEqual(fiveMm);
      const ean = linearOf(drawn.laidOut, 'ean');
      expect(dots(ean.symbol.quietZone?.left ?? 0)).toBe(12 * ean.symbol.moduleDots);
      const qr = drawn.laidOut.elements.find((element) => element.id === 'qr');
      if (qr?.type !== 'barcode' || qr.symbol.kind !== 'matrix') throw new Error('no QR code laid out');
      expect(dots(qr.symbol.quietZone?.left ?? 0)).toBe(twoMm);

      for (const id of ['code', 'ean']) {
        const edges = barEdges(drawn, id, dpi);
        expectEdgesWithinOneDot(edges.png, edges.expected, `${id} png`);
        expectEdgesWithinOneDot(edges.pdf, edges.expected, `${id} pdf`);
        expectEdgesWithinOneDot(edges.zpl, edges.expected, `${id} zpl`);
      }
      // Cut out at the box's own edges: the only light around the symbols is the zone the layout kept.
      for (const [element, value] of [
        [code.element, 'LS-12345'],
        [ean.element, '5901234123457'],
        [qr, 'LS-12345'],
      ] as const) {
        for (const [output, raster] of [
          ['png', drawn.png],
          ['pdf', drawn.pdf],
          ['zpl', drawn.zplRead],
        ] as const) {
          expect(await decodedText(raster, element, dpi, 0), `${element.id} from the ${output}`).toEqual([value]);
        }
      }
    },
  );
});

describe('ratio', () => {
  it('writes code 39 wide bars at the ratio in ^BY, and the reader draws the same bars', async () => {
    const input = template(4, 1.2, [
      barcode(
        'code',
        'code39',
        'RATIO-25',
        { x: 0.2, y: 0.2, width: 3.5, height: 0.8 },
        { ratio: 2.5, moduleWidth: '2dots', showText: false },
      ),
    ]);
    const drawn = await outputs(input, 203);
    // 2.5 × 2 dots: wide bars are 5 dots.
    expect(drawn.zpl).toMatch(/\^BY2,2\.5\^B3N,/);
    const edges = barEdges(drawn, 'code', 203);
    expect(new Set(edges.expected.map(([start, end]) => end - start))).toEqual(new Set([2, 5]));
    expectEdgesWithinOneDot(edges.zpl, edges.expected, 'zpl');
    expect(await decodedText(drawn.zplRead, linearOf(drawn.laidOut, 'code').element, 203)).toEqual(['RATIO-25']);
  });
});

describe('layouts shared by a batch', () => {
  it('keeps each resolution its own bars when one memo serves layouts for two', () => {
    const input = parseTemplate(
      template(4, 1.2, [barcode('code', 'code128', 'SAME VALUE', { x: 0.2, y: 0.2, width: 3.5, height: 0.8 })]),
    );
    const memo = new LayoutMemo();
    const at203 = linearOf(layoutLabel(input, {}, { fonts, memo, targetDpi: 203 }), 'code').symbol;
    const at600 = linearOf(layoutLabel(input, {}, { fonts, memo, targetDpi: 600 }), 'code').symbol;
    expect([at203.dpi, at600.dpi]).toEqual([203, 600]);
    expect(linearOf(layoutLabel(input, {}, { fonts, memo, targetDpi: 203 }), 'code').symbol).toBe(at203);
  });
});
