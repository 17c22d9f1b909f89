// Test support: ZPL barcode fields as the command reader hands them over, laid out, printed to PNG at the printer's resolution and scanned.
import { PNG } from 'pngjs';
import type { ReadInputBarcodeFormat, ReadResult } from 'zxing-wasm/reader';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { decode } from './barcodeTestSupport';
import type { Raster } from './rasterTestSupport';
import { emitPng } from '@shared/emit/png/emitPng';
import type { LaidOutElement, LaidOutLabel } from '@shared/layout/laidOutLabel';
import { PixelBudget } from '@shared/render/pixelBudget';
import { readBarcodeField } from '@shared/read/zpl/readBarcodeField';
import { readZpl } from '@shared/read/zpl/readZpl';
import { pointsPerDot, type ZplBarcodeField, type ZplDpmm, type ZplWarning } from '@shared/read/zpl/zplField';

export const fonts = bundledFonts();

/** A field at ^FO`x`,`y` with the power-up ^BY (2, 3.0, 10) unless given; `command` as written, e.g. "^BCN,80,Y,N,N". */
export function barcodeField(command: string, data: string, overrides: Partial<ZplBarcodeField> = {}): ZplBarcodeField {
  const [name = '', ...params] = command.replace(/^\^/, '').split(/(?<=^..)|,/);
  return {
    id: 'field-1',
    command: name,
    params,
    data,
    origin: { x: 40, y: 40, kind: 'FO', justification: 0 },
    defaultOrientation: 'N',
    by: { moduleWidth: 2, ratio: 3, height: 10 },
    reverse: false,
    ...overrides,
  };
}

export interface PrintedField {
  elements: LaidOutElement[];
  warnings: ZplWarning[];
  raster: Raster;
}

/** The field laid out on a label of `widthDots` x `heightDots` and printed to PNG at the printer's dpi (one dot one pixel). */
export async function printField(
  field: ZplBarcodeField,
  dpmm: ZplDpmm,
  widthDots = 900,
  heightDots = 900,
): Promise<PrintedField> {
  const warnings: ZplWarning[] = [];
  const elements = readBarcodeField(field, {
    dpmm,
    budget: new PixelBudget(1e8),
    warn: (warning) => warnings.push(warning),
    fonts,
  });
  const scale = pointsPerDot(dpmm);
  const label = { width: widthDots * scale, height: heightDots * scale, elements, warnings: [] };
  return { elements, warnings, raster: await printed(label, dpmm) };
}

/** A laid-out label printed to PNG at the printer's dpi, one dot one pixel. */
async function printed(label: LaidOutLabel, dpmm: ZplDpmm): Promise<Raster> {
  const png = PNG.sync.read(Buffer.from(await emitPng(label, fonts, { dpi: dpmm * 25.4 })));
  return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
}

/** The first label of `zpl` read on media of `widthDots` x `heightDots` and printed as printField prints a field. */
export async function printZpl(
  zpl: string,
  dpmm: ZplDpmm,
  widthDots: number,
  heightDots: number,
): Promise<PrintedField> {
  const { labels, warnings } = readZpl(zpl, { dpmm, widthDots, heightDots, budget: new PixelBudget(1e8), fonts });
  const label = labels[0]?.label;
  if (!label) throw new Error('the ZPL holds no label');
  return { elements: label.elements, warnings, raster: await printed(label, dpmm) };
}

/**
 * The texts ZXing reads in the raster, restricted to `format`. ZXing's human-readable text shows control characters as
 * their Unicode pictures (U+241D for GS; and spaces as U+2420 once a message holds control characters) and code 128's
 * FNC1 as "<GS>": they are turned back into the characters.
 */
export async function scanned(raster: Raster, format: ReadInputBarcodeFormat): Promise<string[]> {
  const results: ReadResult[] = await decode(raster, [format]);
  return results
    .filter((result) => result.isValid)
    .map((result) =>
      result.text
        .replace(/[\u2400-\u2420]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x2400))
        .replaceAll('<GS>', '\u001d'),
    );
}
