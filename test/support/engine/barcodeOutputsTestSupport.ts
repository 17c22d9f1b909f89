// Test support: a label of barcodes rendered through renderLabel to PNG, PDF (through pdftoppm) and ZPL (read back by the reader) for one printer resolution, and the bars each drew.
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { rasterizeSvg } from '@shared/emit/png/rasterize';
import { labelToSvg } from '@shared/emit/svg/emitSvg';
import type { LaidOutLabel, LaidOutOf, LinearSymbol } from '@shared/layout/laidOutLabel';
import { layoutLabel } from '@shared/layout/layoutLabel';
import { parseTemplate } from '@shared/model/template';
import { PixelBudget } from '@shared/render/pixelBudget';
import { renderLabel } from '@shared/render/renderLabel';
import type { ZplDpi } from '@shared/render/outputFormats';
import { readZpl } from '@shared/read/zpl/readZpl';
import type { ZplDpmm } from '@shared/read/zpl/zplField';
import { pointsToDots } from '@shared/units/length';
import { isDark, renderPdf, type Raster } from './rasterTestSupport';
import { decode, zxingFormat } from './barcodeTestSupport';
import type { Symbology } from '@shared/elements/barcode/barcodeSchema';

export const fonts = bundledFonts();
const DPMM: Record<ZplDpi, ZplDpmm> = { 203: 8, 300: 12, 600: 24 };

export type Fields = Record<string, unknown>;

export function barcode(
  id: string,
  symbology: Symbology,
  value: string,
  at: { x: number; y: number; width: number; height: number },
  fields: Fields = {},
): Fields {
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

export function template(width: number, height: number, elements: Fields[]): Fields {
  return {
    formatVersion: 1,
    meta: { name: 'barcode sizing' },
    dimensions: { width: `${width}in`, height: `${height}in` },
    elements,
  };
}

export function pngRaster(bytes: Uint8Array): Raster {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
}

/** The ZPL as the printer would take it, read back by the repo's reader and drawn one pixel a dot. */
export function zplReadBack(
  zpl: Uint8Array,
  dpi: ZplDpi,
  widthDots: number,
  heightDots: number,
): { raster: Raster; label: LaidOutLabel; warnings: string[] } {
  const read = readZpl(new TextDecoder().decode(zpl), {
    dpmm: DPMM[dpi],
    widthDots,
    heightDots,
    budget: new PixelBudget(64_000_000),
    fonts,
  });
  const label = read.labels[0]?.label;
  if (!label) throw new Error('the reader found no label');
  const warnings = read.warnings.map((warning) => `${warning.code}: ${warning.message}`);
  return {
    raster: rasterizeSvg(labelToSvg(label, fonts, { width: String(widthDots), height: String(heightDots) }), widthDots),
    label,
    warnings,
  };
}

export interface Outputs {
  laidOut: LaidOutLabel;
  zpl: string;
  png: Raster;
  pdf: Raster;
  zplRead: Raster;
  /** What the ZPL reader warned of, as "CODE: message". */
  zplWarnings: string[];
}

/** The label laid out for `dpi` and rendered three ways through renderLabel, as /v1/render would for that printer. */
export async function outputs(input: Fields, dpi: ZplDpi): Promise<Outputs> {
  const laidOut = layoutLabel(parseTemplate(input), {}, { fonts, targetDpi: dpi });
  const [png, pdf, zpl] = await Promise.all(
    (['png', 'pdf', 'zpl'] as const).map(
      async (format) => (await renderLabel(input, {}, { format, dpi, zplDpi: dpi, fonts })).bytes,
    ),
  );
  // pdftoppm runs in its own process while the PNG is decoded and the ZPL read back.
  const pdfRaster = renderPdf(Buffer.from(pdf ?? new Uint8Array()), dpi);
  const pngImage = pngRaster(png ?? new Uint8Array());
  const readBack = zplReadBack(zpl ?? new Uint8Array(), dpi, pngImage.width, pngImage.height);
  return {
    laidOut,
    zpl: new TextDecoder().decode(zpl),
    png: pngImage,
    pdf: await pdfRaster,
    zplRead: readBack.raster,
    zplWarnings: readBack.warnings,
  };
}

export function linearOf(label: LaidOutLabel, id: string): { element: LaidOutOf<'barcode'>; symbol: LinearSymbol } {
  const element = label.elements.find((candidate) => candidate.id === id);
  if (element?.type !== 'barcode' || element.symbol.kind !== 'linear') throw new Error(`no linear barcode "${id}"`);
  return { element, symbol: element.symbol };
}

/** Dark runs [start, end) along pixel row `row` between columns `from` and `to`. */
export function darkRuns(raster: Raster, row: number, from: number, to: number): [number, number][] {
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
export function barEdges(outputs: Outputs, id: string, dpi: number) {
  const { element, symbol } = linearOf(outputs.laidOut, id);
  const dots = (points: number) => pointsToDots(points, dpi);
  const expected = symbol.bars.map((bar): [number, number] => [
    Math.round(dots(bar.x)),
    Math.round(dots(bar.x + bar.width)),
  ]);
  // Near the top of the bars: a printer's EAN/UPC bars are shorter than the layout's by their guards' extension below.
  const row = Math.round(dots(symbol.y)) + 2;
  const [from, to] = [Math.floor(dots(element.box.x)) - 3, Math.ceil(dots(element.box.x + element.box.width)) + 3];
  return {
    expected,
    png: darkRuns(outputs.png, row, from, to),
    pdf: darkRuns(outputs.pdf, row, from, to),
    zpl: darkRuns(outputs.zplRead, row, from, to),
  };
}

export function expectEdgesWithinOneDot(actual: [number, number][], expected: [number, number][], what: string): void {
  expect(actual.length, `${what}: bars`).toBe(expected.length);
  const worst = Math.max(
    0,
    ...actual.flatMap(([start, end], index) => [
      Math.abs(start - (expected[index]?.[0] ?? NaN)),
      Math.abs(end - (expected[index]?.[1] ?? NaN)),
    ]),
  );
  expect(worst, `${what}: largest edge difference in dots`).toBeLessThanOrEqual(1);
}

/**
 * The element's box (plus a margin for the quiet zone, `marginPoints`; 0 leaves only the light the layout kept inside
 * the box) cut out of a raster, for the decoder.
 */
export function crop(raster: Raster, element: LaidOutOf<'barcode'>, dpi: number, marginPoints = 9): Raster {
  const dots = (points: number) => Math.round(pointsToDots(points, dpi));
  const margin = dots(marginPoints);
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

export async function decodedText(
  raster: Raster,
  element: LaidOutOf<'barcode'>,
  dpi: number,
  marginPoints?: number,
): Promise<string[]> {
  const format = zxingFormat(element.symbology);
  if (!format) throw new Error(`no decoder reads ${element.symbology}`);
  const results = await decode(crop(raster, element, dpi, marginPoints), [format]);
  return results.map((result) => result.text);
}
