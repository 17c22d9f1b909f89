// Test support: barcode elements laid out for tests, and symbols read back from pixels with ZXing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat, type ReadResult } from 'zxing-wasm/reader';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import type { Box, LaidOutOf, RenderWarning } from '@shared/layout/laidOutLabel';
import type { LayoutContext } from '@shared/layout/layoutContext';
import { isDark, type Raster } from './rasterTestSupport';
import { barcodeElementSchema, type BarcodeElement, type Symbology } from '@shared/elements/barcode/barcodeSchema';
import { layoutBarcode } from '@shared/elements/barcode/layoutBarcode';
import { RenderPixels } from '@shared/render/renderPixels';

// zxing-wasm fetches its .wasm from a CDN by default; tests hand it the package's own copy instead.
const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasmPath).buffer as ArrayBuffer } });

export interface LaidOutForTest {
  laidOut: LaidOutOf<'barcode'> | null;
  warnings: RenderWarning[];
}

/** Lays out a barcode element (template fields as JSON, defaults applied by the schema) in `box`, for a target of `dpi`. */
export function layoutForTest(
  fonts: FontRegistry,
  fields: Record<string, unknown>,
  value: string | undefined,
  box: Box,
  dpi = 300,
): LaidOutForTest {
  const element: BarcodeElement = barcodeElementSchema.parse({
    id: 'code',
    type: 'barcode',
    position: { mode: 'absolute', x: `${box.x}pt`, y: `${box.y}pt` },
    width: `${box.width}pt`,
    height: `${box.height}pt`,
    ...fields,
  });
  const warnings: RenderWarning[] = [];
  const ctx: LayoutContext = {
    fonts,
    env: { now: () => new Date(0) },
    content: () => value,
    warn: (warning) => warnings.push(warning),
    pixels: new RenderPixels(),
    targetDpi: dpi,
  };
  return { laidOut: layoutBarcode(element, box, ctx), warnings };
}

/** Like layoutForTest, for a value that must lay out. */
export function laidOutBarcode(
  fonts: FontRegistry,
  fields: Record<string, unknown>,
  value: string,
  box: Box,
  dpi = 300,
): LaidOutOf<'barcode'> {
  const { laidOut } = layoutForTest(fonts, fields, value, box, dpi);
  if (!laidOut) throw new Error('expected a laid-out barcode');
  return laidOut;
}

/**
 * Every symbol ZXing finds in the raster, trying hard. `formats` narrows the search, which also makes ZXing report a
 * UPC-A or UPC-E as such rather than as the EAN-13 it is a subset of. An EAN/UPC add-on is read when there is one
 * (its digits follow the main symbol's after a space).
 */
export function decode(raster: Raster, formats?: ReadInputBarcodeFormat[]): Promise<ReadResult[]> {
  return readBarcodes(
    { data: new Uint8ClampedArray(raster.rgba), width: raster.width, height: raster.height, colorSpace: 'srgb' },
    { tryHarder: true, maxNumberOfSymbols: 4, eanAddOnSymbol: 'Read', ...(formats ? { formats } : {}) },
  );
}

/** The ZXing format each symbology decodes as; the ones ZXing cannot read (postal codes, Pharmacode, MSI, Code 11, DotCode) have none. */
export const ZXING_FORMATS = {
  code128: 'Code128',
  'gs1-128': 'Code128',
  ean13: 'EAN13',
  ean8: 'EAN8',
  upca: 'UPCA',
  upce: 'UPCE',
  code39: 'Code39',
  code93: 'Code93',
  interleaved2of5: 'ITF',
  itf14: 'ITF',
  qrcode: 'QRCode',
  datamatrix: 'DataMatrix',
  gs1datamatrix: 'DataMatrix',
  pdf417: 'PDF417',
  azteccode: 'Aztec',
  maxicode: 'MaxiCode',
  databaromni: 'DataBar',
  databarexpanded: 'DataBarExpanded',
  databarlimited: 'DataBarLimited',
  databarstacked: 'DataBar',
  rationalizedCodabar: 'Codabar',
  microqrcode: 'MicroQRCode',
  micropdf417: 'MicroPDF417',
  hibccode128: 'Code128',
  hibcdatamatrix: 'DataMatrix',
  isbn: 'EAN13',
  issn: 'EAN13',
  ean14: 'Code128',
  sscc18: 'Code128',
  gs1qrcode: 'QRCode',
  code32: 'Code32',
  pzn: 'PZN',
  swissqrcode: 'QRCode',
} as const satisfies Partial<Record<Symbology, ReadInputBarcodeFormat>>;

/** The ZXing format of any symbology, or undefined when ZXing reads none. */
export function zxingFormat(symbology: string): ReadInputBarcodeFormat | undefined {
  return (ZXING_FORMATS as Partial<Record<string, ReadInputBarcodeFormat>>)[symbology];
}

/** The dark pixels' bounding box (inclusive pixel indices), or undefined when there are none. */
export function darkBounds(raster: Raster): { left: number; top: number; right: number; bottom: number } | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      if (!isDark(raster, x, y)) continue;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0 ? undefined : { left, top, right, bottom };
}
