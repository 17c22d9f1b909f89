// Printer truth for barcodes: at 203, 300 and 600 dpi the PNG, the PDF (through pdftoppm) and the ZPL (read back by the reader) draw every linear symbology with the same bar edges, and scan alike.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '../../../src-main/fonts/bundledFonts';
import { rasterizeSvg } from '../../emit/png/rasterize';
import { labelToSvg } from '../../emit/svg/emitSvg';
import type { LaidOutLabel, LaidOutOf, LinearSymbol } from '../../layout/laidOutLabel';
import { layoutLabel } from '../../layout/layoutLabel';
import { LayoutMemo } from '../../layout/layoutMemo';
import { parseTemplate } from '../../model/template';
import { PixelBudget } from '../../render/pixelBudget';
import { renderLabel } from '../../render/renderLabel';
import type { ZplDpi } from '../../render/outputFormats';
import { readZpl } from '../../read/zpl/readZpl';
import type { ZplDpmm } from '../../read/zpl/zplField';
import { pointsToDots } from '../../units/length';
import { isDark, renderPdf, type Raster } from '../rasterTestSupport';
import { decode, ZXING_FORMATS } from './barcodeTestSupport';
import { SYMBOLOGIES, TWO_D_SYMBOLOGIES, type Symbology } from './barcodeSchema';

const fonts = bundledFonts();
const DPIS = [203, 300, 600] as const satisfies readonly ZplDpi[];
const DPMM: Record<ZplDpi, ZplDpmm> = { 203: 8, 300: 12, 600: 24 };

/** A value of each linear symbology; SYMBOLOGIES is the list, so a new linear one fails here until it has a value. */
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
const LINEAR = SYMBOLOGIES.filter((symbology) => !TWO_D_SYMBOLOGIES.has(symbology));

type Fields = Record<string, unknown>;

function barcode(id: string, symbology: Symbology, value: string, at: { x: number; y: number; width: number; height: number }, fields: Fields = {}): Fields {
  return {
    id,
    type: 'barcode',
    symbology,
    content: { text: value },
    position: { mode: 'absolute', x: `${at.x}in`, y: `${at.y}in` },
    width: `${at.width}in`,
    height: `${at.height}in`,
    ...fields,
  };
}

function template(width: number, height: number, elements: Fields[]): Fields {
  return { formatVersion: 1, meta: { name: 'barcode sizing' }, dimensions: { width: `${width}in`, height: `${height}in` }, elements };
}

/** Every linear symbology in a 1.8 in box, one under the other, the human-readable line on; ITF with a ratio of 2.5. */
const ALL_LINEAR = template(
  2.5,
  4.5,
  LINEAR.map((symbology, index) => barcode(symbology, symbology, VALUES[symbology] ?? '', { x: 0.3 + (index % 2) * 0.2, y: 0.15 + index * 0.42, width: 1.8, height: 0.35 }, symbology === 'itf14' ? { ratio: 2.5 } : {})),
);

function pngRaster(bytes: Uint8Array): Raster {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
}

/** The ZPL as the printer would take it, read back by the repo's reader and drawn one pixel a dot. */
function zplReadBack(zpl: Uint8Array, dpi: ZplDpi, widthDots: number, heightDots: number): { raster: Raster; label: LaidOutLabel } {
  const read = readZpl(new TextDecoder().decode(zpl), { dpmm: DPMM[dpi], widthDots, heightDots, budget: new PixelBudget(64_000_000), fonts });
  const label = read.labels[0]?.label;
  if (!label) throw new Error('the reader found no label');
  return { raster: rasterizeSvg(labelToSvg(label, fonts, { width: String(widthDots), height: String(heightDots) }), widthDots), label };
}

interface Outputs {
  laidOut: LaidOutLabel;
  zpl: string;
  png: Raster;
  pdf: Raster;
  zplRead: Raster;
}

/** The label laid out for `dpi` and rendered three ways through renderLabel, as /v1/render would for that printer. */
async function outputs(input: Fields, dpi: ZplDpi): Promise<Outputs> {
  const laidOut = layoutLabel(parseTemplate(input), {}, { fonts, targetDpi: dpi });
  const [png, pdf, zpl] = await Promise.all(
    (['png', 'pdf', 'zpl'] as const).map(async (format) => (await renderLabel(input, {}, { format, dpi, zplDpi: dpi, fonts })).bytes),
  );
  // pdftoppm runs in its own process while the PNG is decoded and the ZPL read back.
  const pdfRaster = renderPdf(Buffer.from(pdf ?? new Uint8Array()), dpi);
  const pngImage = pngRaster(png ?? new Uint8Array());
  const zplRead = zplReadBack(zpl ?? new Uint8Array(), dpi, pngImage.width, pngImage.height).raster;
  return { laidOut, zpl: new TextDecoder().decode(zpl), png: pngImage, pdf: await pdfRaster, zplRead };
}

function linearOf(label: LaidOutLabel, id: string): { element: LaidOutOf<'barcode'>; symbol: LinearSymbol } {
  const element = label.elements.find((candidate) => candidate.id === id);
  if (element?.type !== 'barcode' || element.symbol.kind !== 'linear') throw new Error(`no linear barcode "${id}"`);
  return { element, symbol: element.symbol };
}

/** Dark runs [start, end) along pixel row `row` between columns `from` and `to`. */
function darkRuns(raster: Raster, row: number, from: number, to: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = Math.max(0, from); x <= Math.min(raster.width, to); x++) {
    const dark = x < Math.min(raster.width, to) && isDark(raster, x, row);
    if (dark && start < 0) start = x;
    if (!dark && start >= 0) {
      runs.push([start, x]);
      start = -1;
    }
  }
  return runs;
}

/** The layout's bars in dots of `dpi`, and what each output drew across the bars. */
function barEdges(outputs: Outputs, id: string, dpi: number) {
  const { element, symbol } = linearOf(outputs.laidOut, id);
  const dots = (points: number) => pointsToDots(points, dpi);
  const expected = symbol.bars.map((bar): [number, number] => [Math.round(dots(bar.x)), Math.round(dots(bar.x + bar.width))]);
  // Near the top of the bars: a printer's EAN/UPC bars are shorter than the layout's by their guards' extension below.
  const row = Math.round(dots(symbol.y)) + 2;
  const [from, to] = [Math.floor(dots(element.box.x)) - 3, Math.ceil(dots(element.box.x + element.box.width)) + 3];
  return { expected, png: darkRuns(outputs.png, row, from, to), pdf: darkRuns(outputs.pdf, row, from, to), zpl: darkRuns(outputs.zplRead, row, from, to) };
}

function expectEdgesWithinOneDot(actual: [number, number][], expected: [number, number][], what: string): void {
  expect(actual.length, `${what}: bars`).toBe(expected.length);
  const worst = Math.max(0, ...actual.flatMap(([start, end], index) => [Math.abs(start - (expected[index]?.[0] ?? NaN)), Math.abs(end - (expected[index]?.[1] ?? NaN))]));
  expect(worst, `${what}: largest edge difference in dots`).toBeLessThanOrEqual(1);
}

/** The element's box (plus a margin for the quiet zone) cut out of a raster, for the decoder. */
function crop(raster: Raster, element: LaidOutOf<'barcode'>, dpi: number): Raster {
  const dots = (points: number) => Math.round(pointsToDots(points, dpi));
  const margin = dots(9);
  const left = Math.max(0, dots(element.box.x) - margin);
  const top = Math.max(0, dots(element.box.y) - margin);
  const width = Math.min(raster.width - left, dots(element.box.width) + 2 * margin);
  const height = Math.min(raster.height - top, dots(element.box.height) + 2 * margin);
  const rgba = new Uint8Array(width * height * 4).fill(255);
  for (let y = 0; y < height; y++) {
    const offset = ((top + y) * raster.width + left) * 4;
    rgba.set(raster.rgba.subarray(offset, offset + width * 4), y * width * 4);
  }
  return { width, height, rgba };
}

async function decodedText(raster: Raster, element: LaidOutOf<'barcode'>, dpi: number): Promise<string[]> {
  const results = await decode(crop(raster, element, dpi), [ZXING_FORMATS[element.symbology as Symbology]]);
  return results.map((result) => result.text);
}

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
    const input = parseTemplate(template(4, 1.2, [barcode('code', 'code128', 'LS-1', box, { moduleWidth: '0.375mm' })]));
    expect(linearOf(layoutLabel(input, {}, { fonts, targetDpi: 203 }), 'code').symbol.moduleDots).toBe(3);
    expect(linearOf(layoutLabel(input, {}, { fonts, targetDpi: 300 }), 'code').symbol.moduleDots).toBe(4);
  });

  it('prints a box-filling code128 in a 3.5 in box at 203 dpi as wide as its PNG', async () => {
    const drawn = await outputs(template(4, 1.2, [barcode('code', 'code128', 'LS1234567890GB', box, { showText: false })]), 203);
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
    const input = parseTemplate(template(4, 1.2, [barcode('sku', 'code128', 'A MUCH LONGER VALUE 1234567890', { ...box, width: 1 }, { moduleWidth: '3dots' })]));
    const label = layoutLabel(input, {}, { fonts, targetDpi: 203 });
    expect(label.warnings).toEqual([expect.objectContaining({ code: 'BARCODE_TOO_WIDE', elementId: 'sku', message: expect.stringContaining('"sku"') })]);
    expect(linearOf(label, 'sku').symbol.moduleDots).toBe(3);
  });
});

describe('ratio', () => {
  it('writes code 39 wide bars at the ratio in ^BY, and the reader draws the same bars', async () => {
    const input = template(4, 1.2, [barcode('code', 'code39', 'RATIO-25', { x: 0.2, y: 0.2, width: 3.5, height: 0.8 }, { ratio: 2.5, moduleWidth: '2dots', showText: false })]);
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
    const input = parseTemplate(template(4, 1.2, [barcode('code', 'code128', 'SAME VALUE', { x: 0.2, y: 0.2, width: 3.5, height: 0.8 })]));
    const memo = new LayoutMemo();
    const at203 = linearOf(layoutLabel(input, {}, { fonts, memo, targetDpi: 203 }), 'code').symbol;
    const at600 = linearOf(layoutLabel(input, {}, { fonts, memo, targetDpi: 600 }), 'code').symbol;
    expect([at203.dpi, at600.dpi]).toEqual([203, 600]);
    expect(linearOf(layoutLabel(input, {}, { fonts, memo, targetDpi: 203 }), 'code').symbol).toBe(at203);
  });
});
