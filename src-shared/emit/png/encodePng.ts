// Encodes an opaque label raster as a PNG with node's zlib: greyscale when it can be (1-bit for printer dots), unfiltered rows, pHYs for the dpi.
import { constants, crc32, deflateSync } from 'node:zlib';
import { DARK_LUMA_THRESHOLD, luma } from '../../elements/ink';
import type { RasterImage } from './rasterize';
import { joinBytes } from '../joinBytes';

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOR_TYPE_GREY = 0;
const COLOR_TYPE_RGB = 2;
const METRES_PER_INCH = 0.0254;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  // The CRC covers the chunk type and its data.
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Whether this machine stores a Uint32Array's bytes least significant first (every platform Node runs on today). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
/** Where each channel sits in a pixel read as one 32-bit number. */
const RED_SHIFT = LITTLE_ENDIAN ? 0 : 24;
const ALPHA_SHIFT = LITTLE_ENDIAN ? 24 : 0;
const GREEN_SHIFT = LITTLE_ENDIAN ? 8 : 16;
const BLUE_SHIFT = LITTLE_ENDIAN ? 16 : 8;
const OPAQUE_WHITE = 0xffffffff;

/** An 8-bit label raster's PNG rows, kept with it so that a redrawn part rewrites only its own pixels (rewriteScanlines). */
export interface Scanlines {
  colorType: number;
  /** Each row its filter byte, 0, then its samples: one a pixel when every pixel is grey, three otherwise. */
  rows: Uint8Array;
  /** Where each row's pixels that are not grey are: whether the image stays coloured when a part is redrawn. */
  coloured: ColouredRows;
}

/**
 * Of each row: how many pixels are not grey, and the columns that can hold them (from, to exclusive; from > to for
 * none), which may be wider than they are: a redrawn part reads its old samples only where colour can be.
 */
export interface ColouredRows {
  count: Uint32Array;
  from: Uint32Array;
  to: Uint32Array;
}

function noColour({ width, height }: RasterImage): ColouredRows {
  return { count: new Uint32Array(height), from: new Uint32Array(height).fill(width), to: new Uint32Array(height) };
}

/** A rectangle of whole pixels of a raster, right and bottom exclusive. */
export interface PixelRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The raster's pixels as 32-bit numbers, one load a pixel instead of four. A view needs 4-byte alignment; resvg's buffers have it, a copy gives it otherwise. */
function pixelWords({ width, height, rgba }: RasterImage): Uint32Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
}

/**
 * Composites the premultiplied pixels over white paper into PNG scanlines, one sample a pixel when every pixel is grey
 * (labels mostly are: a third of the bytes to deflate), three otherwise. The rows start as white paper (a fill, at
 * memory speed) and only the label's ink is written, which is a sixth of a shipping label's pixels.
 */
export function imageScanlines(image: RasterImage): Scanlines {
  const pixels = pixelWords(image);
  const coloured = noColour(image);
  const grey = writeGrey(pixels, image.width, blankRows(image, 1), fullRect(image));
  if (grey !== undefined) return { colorType: COLOR_TYPE_GREY, rows: grey, coloured };
  const rows = writeRgb(pixels, image.width, blankRows(image, 3), fullRect(image), coloured);
  return { colorType: COLOR_TYPE_RGB, rows, coloured };
}

/**
 * The scanlines of `image` after the pixels of `rects` changed, written into `kept` (the scanlines of its pixels
 * before): the same bytes as imageScanlines gives, or undefined where that would choose the other colour type (the
 * redrawn pixels bring colour to a grey image, or take the last colour from a coloured one) and everything is written
 * anew. `kept` is changed either way.
 */
export function rewriteScanlines(
  kept: Scanlines,
  image: RasterImage,
  rects: readonly PixelRect[],
): Scanlines | undefined {
  const pixels = pixelWords(image);
  if (kept.colorType === COLOR_TYPE_GREY) {
    for (const rect of rects) if (writeGrey(pixels, image.width, kept.rows, rect) === undefined) return undefined;
    return kept;
  }
  for (const rect of rects) writeRgb(pixels, image.width, kept.rows, rect, kept.coloured);
  return kept.coloured.count.some((count) => count > 0) ? kept : undefined;
}

function fullRect({ width, height }: RasterImage): PixelRect {
  return { left: 0, top: 0, right: width, bottom: height };
}

/** Rows of white paper, each with its filter byte 0, for `samples` samples a pixel. */
function blankRows({ width, height }: RasterImage, samples: number): Uint8Array {
  const stride = width * samples + 1;
  const rows = new Uint8Array(stride * height).fill(255);
  for (let y = 0; y < height; y++) rows[y * stride] = 0;
  return rows;
}

/** Writes `rect`'s pixels as grey samples; undefined (with some written) at the first pixel that is not grey. */
function writeGrey(pixels: Uint32Array, width: number, rows: Uint8Array, rect: PixelRect): Uint8Array | undefined {
  const stride = width + 1;
  for (let y = rect.top; y < rect.bottom; y++) {
    for (let x = rect.left, i = y * width + x, out = y * stride + 1 + x; x < rect.right; x++, i++, out++) {
      const pixel = pixels[i] ?? 0;
      if (pixel === OPAQUE_WHITE) {
        rows[out] = 255;
        continue;
      }
      const red = (pixel >>> RED_SHIFT) & 0xff;
      if (((pixel >>> GREEN_SHIFT) & 0xff) !== red || ((pixel >>> BLUE_SHIFT) & 0xff) !== red) return undefined;
      rows[out] = red + 255 - ((pixel >>> ALPHA_SHIFT) & 0xff);
    }
  }
  return rows;
}

/**
 * Writes `rect`'s pixels as RGB samples over white paper, and keeps each row's colour (ColouredRows): the samples
 * written over are counted out where colour can be, the new ones in.
 */
function writeRgb(
  pixels: Uint32Array,
  width: number,
  rows: Uint8Array,
  rect: PixelRect,
  coloured: ColouredRows,
): Uint8Array {
  const stride = width * 3 + 1;
  for (let y = rect.top; y < rect.bottom; y++) {
    const start = y * stride + 1;
    let [count, from, to] = [coloured.count[y] ?? 0, coloured.from[y] ?? width, coloured.to[y] ?? 0];
    for (let x = Math.max(rect.left, from), out = start + x * 3; x < Math.min(rect.right, to); x++, out += 3) {
      if (rows[out] !== rows[out + 1] || rows[out] !== rows[out + 2]) count--;
    }
    for (let x = rect.left, i = y * width + x, out = start + x * 3; x < rect.right; x++, i++, out += 3) {
      const pixel = pixels[i] ?? 0;
      if (pixel === OPAQUE_WHITE) {
        rows[out] = rows[out + 1] = rows[out + 2] = 255;
        continue;
      }
      const paper = 255 - ((pixel >>> ALPHA_SHIFT) & 0xff);
      const red = ((pixel >>> RED_SHIFT) & 0xff) + paper;
      const green = ((pixel >>> GREEN_SHIFT) & 0xff) + paper;
      const blue = ((pixel >>> BLUE_SHIFT) & 0xff) + paper;
      rows[out] = red;
      rows[out + 1] = green;
      rows[out + 2] = blue;
      if (red === green && red === blue) continue;
      count++;
      from = Math.min(from, x);
      to = Math.max(to, x + 1);
    }
    if (count === 0) [from, to] = [width, 0];
    coloured.count[y] = count;
    coloured.from[y] = from;
    coloured.to[y] = to;
  }
  return rows;
}

/** Opaque black as one 32-bit pixel (the alpha byte alone set), the other common pixel of a printer-dot raster. */
const OPAQUE_BLACK = (0xff << ALPHA_SHIFT) >>> 0;

/**
 * 1-bit greyscale scanlines (1 white, 0 black), eight pixels a byte: each pixel over white paper is black where a
 * printer would print a dot (the same luma threshold the ZPL writer uses to turn images into dots). A printer-dot
 * raster is nearly all opaque white or opaque black: those are decided from the 32-bit pixel at a glance, and a byte
 * is built in a local before it is stored (the viewer's 812 x 1218 label: about 5 ms per pixel-by-pixel pass before).
 */
function dotScanlines(image: RasterImage): Uint8Array {
  const { width, height } = image;
  const pixels = pixelWords(image);
  const stride = Math.ceil(width / 8) + 1;
  const rows = new Uint8Array(stride * height);
  for (let y = 0, i = 0; y < height; y++) {
    let out = y * stride + 1;
    for (let x = 0; x < width; x += 8, out++) {
      let byte = 0;
      const end = Math.min(8, width - x);
      for (let bit = 0; bit < end; bit++, i++) {
        const pixel = pixels[i] ?? 0;
        if (pixel === OPAQUE_WHITE || (pixel !== OPAQUE_BLACK && isPaper(pixel))) byte |= 0x80 >> bit;
      }
      rows[out] = byte;
    }
  }
  return rows;
}

/** Whether a premultiplied pixel over white paper stays white at the printer's threshold. */
function isPaper(pixel: number): boolean {
  const paper = 255 - ((pixel >>> ALPHA_SHIFT) & 0xff);
  const red = ((pixel >>> RED_SHIFT) & 0xff) + paper;
  const green = ((pixel >>> GREEN_SHIFT) & 0xff) + paper;
  const blue = ((pixel >>> BLUE_SHIFT) & 0xff) + paper;
  return luma(red, green, blue) >= DARK_LUMA_THRESHOLD;
}

export interface PngEncoding {
  /** 1-bit black and white, as a printer's dots (the ZPL viewer); otherwise 8-bit grey or RGB. */
  dots?: boolean;
}

/**
 * Deflate level 1 with the run-length strategy on unfiltered rows: labels are long runs of white and black, and this
 * measured about 10x faster than resvg's own PNG writer and 20x faster than pngjs at a similar size.
 */
export function encodePng(image: RasterImage, dpi: number, encoding: PngEncoding = {}): Uint8Array {
  if (!encoding.dots) return pngOfImageScanlines(imageScanlines(image), image, dpi);
  return pngOfScanlines(dotScanlines(image), { width: image.width, height: image.height, ...DOT_SCANLINES, dpi });
}

/** The PNG of an 8-bit raster's scanlines (imageScanlines, rewriteScanlines). */
export function pngOfImageScanlines(
  scanlines: Scanlines,
  { width, height }: { width: number; height: number },
  dpi: number,
): Uint8Array {
  return pngOfScanlines(scanlines.rows, { width, height, bitDepth: 8, colorType: scanlines.colorType, dpi });
}

export interface ScanlineFormat {
  width: number;
  height: number;
  /** Bits per sample: 1 for printer dots, 8 otherwise. */
  bitDepth: 1 | 8;
  colorType: number;
  dpi: number;
}

/** 1-bit greyscale: what the printer-dot raster (emit/dots) writes its rows as, 1 paper and 0 a dot. */
export const DOT_SCANLINES = { bitDepth: 1, colorType: COLOR_TYPE_GREY } as const;

/**
 * A PNG of ready scanlines (each row its filter byte, 0, then its samples), shared by the RGBA path above and the
 * printer-dot raster, which draws straight into scanlines and so skips the per-pixel pass.
 */
export function pngOfScanlines(rows: Uint8Array, format: ScanlineFormat): Uint8Array {
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, format.width);
  headerView.setUint32(4, format.height);
  header[8] = format.bitDepth;
  header[9] = format.colorType; // compression, filter and interlace methods stay 0
  const physical = new Uint8Array(9);
  const pixelsPerMetre = Math.round(format.dpi / METRES_PER_INCH);
  new DataView(physical.buffer).setUint32(0, pixelsPerMetre);
  new DataView(physical.buffer).setUint32(4, pixelsPerMetre);
  physical[8] = 1; // unit: metre
  const parts = [
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('pHYs', physical),
    chunk('IDAT', deflateSync(rows, { level: 1, strategy: constants.Z_RLE })),
    chunk('IEND', new Uint8Array(0)),
  ];
  return joinBytes(parts);
}
