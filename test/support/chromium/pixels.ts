// e2e support: PNG decoding, coarse ink maps to compare pictures of different sizes, and barcode reading with ZXing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';

// zxing-wasm fetches its .wasm from a CDN by default; the tests hand it the package's own copy (this machine is offline).
const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasmPath).buffer as ArrayBuffer } });

export interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  rgba: Uint8Array;
}

export function decodePng(bytes: Buffer): Raster {
  const png = PNG.sync.read(bytes);
  return {
    width: png.width,
    height: png.height,
    rgba: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.length),
  };
}

/** Luminance 0..255 of a pixel composited on white (transparent counts as white paper). */
export function luminance(raster: Raster, x: number, y: number): number {
  const i = (y * raster.width + x) * 4;
  const alpha = (raster.rgba[i + 3] ?? 255) / 255;
  const lum =
    0.2126 * (raster.rgba[i] ?? 255) + 0.7152 * (raster.rgba[i + 1] ?? 255) + 0.0722 * (raster.rgba[i + 2] ?? 255);
  return lum * alpha + 255 * (1 - alpha);
}

/** Share of dark pixels (luminance < 128) in a rectangle of the raster, clamped to it. */
export function inkShare(raster: Raster, rect: { x: number; y: number; width: number; height: number }): number {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(raster.width, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(raster.height, Math.ceil(rect.y + rect.height));
  let dark = 0;
  let total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      total++;
      if (luminance(raster, x, y) < 128) dark++;
    }
  }
  return total === 0 ? 0 : dark / total;
}

/** The raster cut into columns × rows cells, each cell's ink share: a picture's layout independent of its resolution. */
export function inkMap(raster: Raster, columns: number, rows: number): number[] {
  const cells: number[] = [];
  const cellWidth = raster.width / columns;
  const cellHeight = raster.height / rows;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      cells.push(
        inkShare(raster, { x: column * cellWidth, y: row * cellHeight, width: cellWidth, height: cellHeight }),
      );
    }
  }
  return cells;
}

/** Of the cells inked (over `threshold`) in either map, the share inked in both: 1 when the two pictures put ink in the same places. */
export function inkAgreement(a: number[], b: number[], threshold = 0.04): number {
  let either = 0;
  let both = 0;
  a.forEach((value, index) => {
    const inkA = value > threshold;
    const inkB = (b[index] ?? 0) > threshold;
    if (inkA || inkB) either++;
    if (inkA && inkB) both++;
  });
  return either === 0 ? 1 : both / either;
}

/** Every Code 128 symbol ZXing finds in the raster. */
export function readCode128(raster: Raster): Promise<ReadResult[]> {
  return readBarcodes(
    { data: new Uint8ClampedArray(raster.rgba), width: raster.width, height: raster.height, colorSpace: 'srgb' },
    { tryHarder: true, maxNumberOfSymbols: 4, formats: ['Code128'] },
  );
}
