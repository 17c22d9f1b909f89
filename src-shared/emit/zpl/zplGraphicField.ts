// A graphic's dots as a ^GF field for the ZPL writer: ZPL's ASCII compression, or Z64 deflated by node's zlib.
import { deflateSync } from 'node:zlib';
import type { ZplGraphicEncoding } from './zplContext';
import { asciiData, checkSize, packedGfaField, packRows, z64Text } from './zplGraphic';

/**
 * Z64 by node's zlib at level 1: on a text's raster (a few hundred bytes to a few kilobytes packed) fflate at level 9
 * spent more than the whole composition of the text, mostly its per-call set-up; node's level 1 takes half of its
 * own default level's time for about 9% more bytes (docs/zpl.md, "Printer fonts"). A printer inflates any zlib stream.
 */
function z64Data(rows: Uint8Array): string {
  return z64Text(deflateSync(rows, { level: 1 }).toString('base64'));
}

/** Packed rows (see packRows) as `^GFA,…^FS` in the chosen encoding; the caller puts its ^FOx,y in front. */
export function packedGraphicField(
  packed: Uint8Array,
  width: number,
  height: number,
  encoding: ZplGraphicEncoding,
): string {
  return packedGfaField(packed, width, height, encoding === 'z64' ? z64Data : asciiData);
}

/**
 * 1-bit pixels (one byte a pixel, 1 = black) as a ^GF field: ASCII compression, or Z64, which keeps glyph edges
 * (short runs that change from row to row) a fraction of what ASCII compression makes of them.
 */
export function graphicField(bits: Uint8Array, width: number, height: number, encoding: ZplGraphicEncoding): string {
  checkSize(width, height, bits.length, width * height);
  return packedGraphicField(packRows(bits, width, height), width, height, encoding);
}
