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

/**
 * Composites the premultiplied pixels over white paper into PNG scanlines (filter byte 0 + samples), one sample a
 * pixel when every pixel is grey (labels mostly are: a third of the bytes to deflate), three otherwise. Pixels are
 * read as 32-bit numbers, one load a pixel instead of four, and the paper around a label's ink is taken at a glance.
 */
function scanlines(image: RasterImage): { colorType: number; rows: Uint8Array } {
  const { width, height, rgba } = image;
  // A view needs 4-byte alignment; resvg's buffers have it, a copy gives it otherwise.
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  const pixels = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const grey = new Uint8Array((width + 1) * height);
  let out = 0;
  for (let y = 0, i = 0; y < height; y++) {
    // The row's filter byte: 0 (none), as the array starts.
    out++;
    for (let x = 0; x < width; x++, i++) {
      const pixel = pixels[i] ?? 0;
      if (pixel === OPAQUE_WHITE) {
        grey[out++] = 255;
        continue;
      }
      const red = (pixel >>> RED_SHIFT) & 0xff;
      if (((pixel >>> 8) & 0xff) !== red || ((pixel >>> 16) & 0xff) !== red)
        return { colorType: COLOR_TYPE_RGB, rows: rgbScanlines(image) };
      grey[out++] = red + 255 - ((pixel >>> ALPHA_SHIFT) & 0xff);
    }
  }
  return { colorType: COLOR_TYPE_GREY, rows: grey };
}

function rgbScanlines({ width, height, rgba }: RasterImage): Uint8Array {
  const rows = new Uint8Array((width * 3 + 1) * height);
  let out = 0;
  for (let y = 0, i = 0; y < height; y++) {
    rows[out++] = 0;
    for (let x = 0; x < width; x++, i += 4) {
      const paper = 255 - (rgba[i + 3] ?? 0);
      rows[out++] = (rgba[i] ?? 0) + paper;
      rows[out++] = (rgba[i + 1] ?? 0) + paper;
      rows[out++] = (rgba[i + 2] ?? 0) + paper;
    }
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
  const aligned = image.rgba.byteOffset % 4 === 0 ? image.rgba : image.rgba.slice();
  const pixels = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
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
  const { colorType, rows } = encoding.dots
    ? { colorType: COLOR_TYPE_GREY, rows: dotScanlines(image) }
    : scanlines(image);
  return pngOfScanlines(rows, {
    width: image.width,
    height: image.height,
    bitDepth: encoding.dots ? 1 : 8,
    colorType,
    dpi,
  });
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
