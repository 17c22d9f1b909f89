// 1-bit rasters for ZPL: RGBA pixels to black/white dots, and black/white dots to a compressed ^GFA field.
import { strFromU8, zlibSync } from 'fflate';
import { zb64Crc } from '../../read/zpl/zb64';
import { DARK_LUMA_THRESHOLD, luma } from '../../elements/ink';

/**
 * RGBA pixels (row-major, 4 bytes each, straight alpha as PNG decoders give it) to one byte per pixel, 1 = black.
 * Transparent pixels count as white, because a label is white paper. resvg's pixels are premultiplied: render
 * those over an opaque white background, where both kinds of alpha are the same. 'threshold' keeps edges crisp (logos, text, shapes); 'dither' spreads the
 * rounding error with Floyd–Steinberg so photos keep their grey levels.
 */
export function rgbaToMonochrome(
  rgba: Uint8Array,
  width: number,
  height: number,
  mode: 'threshold' | 'dither',
): Uint8Array {
  const pixels = width * height;
  if (rgba.length < pixels * 4)
    throw new Error(`expected ${pixels * 4} RGBA bytes for ${width}x${height}, got ${rgba.length}`);
  const bits = new Uint8Array(pixels);
  if (mode === 'threshold') {
    // Every graphic text and shape passes here: one pass, no grey buffer. Black text on white paper is all opaque
    // greys, whose dot a table holds; any other pixel takes the whole formula.
    for (let i = 0, at = 0; i < pixels; i++, at += 4) {
      const r = rgba[at] ?? 0;
      const g = rgba[at + 1] ?? 0;
      const b = rgba[at + 2] ?? 0;
      const a = rgba[at + 3] ?? 0;
      bits[i] =
        a === 255 && r === g && g === b
          ? (OPAQUE_GREY_DOTS[r] ?? 0)
          : onPaper(r, g, b, a) < DARK_LUMA_THRESHOLD
            ? 1
            : 0;
    }
    return bits;
  }
  const gray = new Float32Array(pixels);
  for (let i = 0, at = 0; i < pixels; i++, at += 4)
    gray[i] = onPaper(rgba[at] ?? 0, rgba[at + 1] ?? 0, rgba[at + 2] ?? 0, rgba[at + 3] ?? 0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const value = gray[i] ?? 255;
      const black = value < DARK_LUMA_THRESHOLD;
      bits[i] = black ? 1 : 0;
      const error = value - (black ? 0 : 255);
      diffuse(gray, width, height, x + 1, y, (error * 7) / 16);
      diffuse(gray, width, height, x - 1, y + 1, (error * 3) / 16);
      diffuse(gray, width, height, x, y + 1, (error * 5) / 16);
      diffuse(gray, width, height, x + 1, y + 1, error / 16);
    }
  }
  return bits;
}

/** A pixel's brightness on white paper: its colour's luma where it is opaque, the paper's white where it is not. */
function onPaper(r: number, g: number, b: number, a: number): number {
  const alpha = a / 255;
  return alpha * luma(r, g, b) + (1 - alpha) * 255;
}

/** The dot (1 black) of each opaque grey level, r = g = b: onPaper's threshold, taken once per level. */
const OPAQUE_GREY_DOTS = Uint8Array.from({ length: 256 }, (_, level) =>
  onPaper(level, level, level, 255) < DARK_LUMA_THRESHOLD ? 1 : 0,
);

/** The dot (1 black) 'threshold' makes of an opaque grey `level` (0..255). */
export function greyDot(level: number): number {
  return OPAQUE_GREY_DOTS[level] ?? 0;
}

function diffuse(gray: Float32Array, width: number, height: number, x: number, y: number, amount: number): void {
  if (x < 0 || x >= width || y >= height) return;
  const i = y * width + x;
  gray[i] = (gray[i] ?? 0) + amount;
}

/**
 * 1-bit pixels (one byte per pixel, 1 = black, row-major) to rows of bytes as ZPL graphics (and 1-bit PNG scanlines)
 * hold them: the leftmost dot in the most significant bit, each row padded with white to whole bytes.
 */
export function packRows(bits: Uint8Array, width: number, height: number): Uint8Array {
  const bytesPerRow = Math.ceil(width / 8);
  const packed = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y++) {
    const start = y * width;
    const rowStart = y * bytesPerRow;
    // A byte at a time: eight dots (fewer at the row's end) in one write.
    for (let x = 0; x < width; x += 8) {
      const count = Math.min(8, width - x);
      let byte = 0;
      for (let bit = 0; bit < count; bit++) if (bits[start + x + bit] === 1) byte |= 0x80 >> bit;
      packed[rowStart + (x >> 3)] = byte;
    }
  }
  return packed;
}

/**
 * 1-bit pixels (one byte per pixel, 1 = black, row-major) to `^GFA,total,total,bytesPerRow,data^FS`;
 * the caller puts its ^FOx,y in front. Data uses ZPL ASCII compression (run counts, ',' for a row
 * ending in white, ':' for a repeated row), which keeps a mostly white label a few kilobytes.
 */
export function monochromeToGfa(bits: Uint8Array, width: number, height: number): string {
  return packedToGfa(packedBits(bits, width, height), width, height);
}

/** Packed rows (see packRows) as monochromeToGfa writes them. */
export function packedToGfa(packed: Uint8Array, width: number, height: number): string {
  return packedGfaField(packed, width, height, asciiRows);
}

/** ZPL ASCII compression of packed rows (see monochromeToGfa). */
function asciiRows(packed: Uint8Array, bytesPerRow: number): string {
  const rows: string[] = [];
  let previousRow: string | undefined;
  for (let at = 0; at < packed.length; at += bytesPerRow) {
    const hex = rowToHex(packed.subarray(at, at + bytesPerRow));
    rows.push(hex === previousRow ? ':' : compressRow(hex));
    previousRow = hex;
  }
  return rows.join('');
}

/** 1-bit pixels (see monochromeToGfa) as packed rows (packRows), once their count is checked against the size. */
export function packedBits(bits: Uint8Array, width: number, height: number): Uint8Array {
  if (bits.length < width * height)
    throw new Error(`expected ${width * height} pixels for ${width}x${height}, got ${bits.length}`);
  return packRows(bits, width, height);
}

/** `^GFA,total,total,bytesPerRow,data^FS` for rows already packed (see packRows), `encode` writing their data. */
export function packedGfaField(
  packed: Uint8Array,
  width: number,
  height: number,
  encode: (packed: Uint8Array, bytesPerRow: number) => string,
): string {
  if (width <= 0 || height <= 0) throw new Error(`graphic must have a positive size, got ${width}x${height}`);
  const bytesPerRow = Math.ceil(width / 8);
  const totalBytes = bytesPerRow * height;
  if (packed.length !== totalBytes)
    throw new Error(`expected ${totalBytes} bytes of rows for ${width}x${height}, got ${packed.length}`);
  return `^GFA,${totalBytes},${totalBytes},${bytesPerRow},${encode(packed, bytesPerRow)}^FS`;
}

/** Base64 of zlib-deflated bytes as Zebra's Z64 data: `:Z64:` + the text + `:` + the CRC-16 of the text. */
export function z64Text(base64: string): string {
  return `:Z64:${base64}:${zb64Crc(base64).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Bytes as Z64 (see z64Text), deflated by fflate at its best compression: this module runs in the editor too, where
 * node's zlib is not (the ZPL writer's graphics use node's: z64Graphic.ts).
 */
export function z64Data(bytes: Uint8Array): string {
  // btoa over fflate's Latin-1 string, as graphicImage.ts does (no Buffer in the editor).
  return z64Text(btoa(strFromU8(zlibSync(bytes, { level: 9 }), true)));
}

function rowToHex(row: Uint8Array): string {
  let hex = '';
  for (const byte of row) hex += byte.toString(16).toUpperCase().padStart(2, '0');
  return hex;
}

/** One row of hex in ZPL ASCII compression: runs become a count prefix; trailing zeros become ','. */
function compressRow(hex: string): string {
  const body = hex.replace(/0+$/, '');
  let out = '';
  let i = 0;
  while (i < body.length) {
    const char = body[i] as string;
    let run = 1;
    while (body[i + run] === char) run++;
    out += runCount(run) + char;
    i += run;
  }
  return body.length < hex.length ? `${out},` : out;
}

/** ZPL's run-count letters: G..Y count 1..19, g..z count 20..400 in steps of 20; counts in front of one digit add up. */
const SMALL_RUN = { first: 'G'.charCodeAt(0), last: 'Y'.charCodeAt(0), step: 1 };
const LARGE_RUN = { first: 'g'.charCodeAt(0), last: 'z'.charCodeAt(0), step: 20 };
const LARGEST_RUN_LETTER_COUNT = (LARGE_RUN.last - LARGE_RUN.first + 1) * LARGE_RUN.step;

/** What one run-count letter adds to the count of the hex digit after it, or 0 when the character is no count letter. */
export function runCountOf(code: number): number {
  for (const run of [SMALL_RUN, LARGE_RUN]) {
    if (code >= run.first && code <= run.last) return (code - run.first + 1) * run.step;
  }
  return 0;
}

/** Count prefix of a run: g..z add 20..400, G..Y add 1..19; a run of one needs no prefix. */
function runCount(run: number): string {
  if (run === 1) return '';
  let prefix = '';
  let left = run;
  while (left >= LARGEST_RUN_LETTER_COUNT) {
    prefix += String.fromCharCode(LARGE_RUN.last);
    left -= LARGEST_RUN_LETTER_COUNT;
  }
  if (left >= LARGE_RUN.step) {
    prefix += String.fromCharCode(LARGE_RUN.first + Math.floor(left / LARGE_RUN.step) - 1);
    left %= LARGE_RUN.step;
  }
  if (left > 0) prefix += String.fromCharCode(SMALL_RUN.first + left - 1);
  return prefix;
}
