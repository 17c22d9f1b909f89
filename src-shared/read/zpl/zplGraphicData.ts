// A ZPL graphic's declaration (^GF, ~DG, a ~DY .GRF) and data to a MonoBitmap, its pixels charged before allocating.
import type { MonoBitmap } from './zplField';
import { decodeZb64, isZb64 } from './zb64';
import type { GraphicReport, PixelCharge } from './graphicDecoding';
import { decodeZplHex } from './zplHexGraphic';

/** A graphic as its command declares it; the byte counts are as written, checked here. */
export interface GraphicDeclaration {
  /** A: ASCII hex (or ZB64), B: binary, C: Zebra's compressed binary. */
  format: string;
  /** Bytes of data that follow (binary) or should follow; undefined when the command has no such count (~DG). */
  dataBytes?: number;
  /** Bytes of the whole graphic: bytes per row times rows. */
  totalBytes: number;
  bytesPerRow: number;
  /** The data as written; binary bytes as characters 0..255. */
  data: string;
}

function isCount(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value > 0;
}

/** Rows of packed bytes (leftmost dot in the high bit) to one byte per dot; bytes missing at the end stay white. */
export function unpackRows(packed: Uint8Array, bytesPerRow: number, rows: number): MonoBitmap {
  const width = bytesPerRow * 8;
  const dots = new Uint8Array(width * rows);
  const bytes = Math.min(packed.length, bytesPerRow * rows);
  for (let index = 0; index < bytes; index++) {
    const byte = packed[index] ?? 0;
    if (byte === 0) continue;
    const start = index * 8;
    for (let bit = 0; bit < 8; bit++) dots[start + bit] = (byte >> (7 - bit)) & 1;
  }
  return { width, height: rows, dots };
}

/**
 * The graphic's dots, or undefined (reported) when it cannot be drawn. Its pixels (bytes per row x 8 by rows, from the
 * declared total) are charged to `budget` before anything is allocated: a graphic declaring 100 MB throws
 * PixelBudgetError without touching its data.
 */
export function decodeGraphic(
  declaration: GraphicDeclaration,
  budget: PixelCharge,
  what: string,
  report: GraphicReport,
): MonoBitmap | undefined {
  const { format, totalBytes, bytesPerRow } = declaration;
  if (!isCount(totalBytes) || !isCount(bytesPerRow)) {
    report(
      'ZPL_GRAPHIC_SIZE',
      `the graphic declares ${totalBytes} bytes at ${bytesPerRow} bytes a row; both must be whole numbers above 0`,
    );
    return undefined;
  }
  if (format === 'C') {
    report(
      'ZPL_GRAPHIC_FORMAT',
      "compressed binary graphics (format C) use Zebra's own compression, which has no public definition: not drawn (its counted bytes are skipped, what follows is read)",
    );
    return undefined;
  }
  if (format !== 'A' && format !== 'B') {
    report(
      'ZPL_GRAPHIC_FORMAT',
      `graphic format "${format}" is none of A (ASCII hex), B (binary) or C (compressed binary); not drawn`,
    );
    return undefined;
  }
  const rows = Math.ceil(totalBytes / bytesPerRow);
  if (rows * bytesPerRow !== totalBytes) {
    report(
      'ZPL_GRAPHIC_SIZE',
      `${totalBytes} bytes is not a whole number of ${bytesPerRow}-byte rows; the last row is padded white`,
    );
  }
  budget.charge(bytesPerRow * 8 * rows, what);
  const packed = packedData(declaration, rows, budget, what, report);
  return packed && unpackRows(packed, bytesPerRow, rows);
}

function packedData(
  declaration: GraphicDeclaration,
  rows: number,
  budget: PixelCharge,
  what: string,
  report: GraphicReport,
): Uint8Array | undefined {
  const { format, dataBytes, bytesPerRow, data } = declaration;
  const size = bytesPerRow * rows;
  if (isZb64(data)) return decodeZb64(data, size, budget, what, report);
  if (format === 'A') return decodeZplHex(data, bytesPerRow, rows, report);
  // Binary: each character is a byte; never more than the declared counts.
  if (dataBytes !== undefined && data.length !== dataBytes) {
    report('ZPL_GRAPHIC_SIZE', `the command declares ${dataBytes} bytes of binary data and ${data.length} follow`);
  }
  const length = Math.min(data.length, dataBytes ?? size, size);
  if (length < size)
    report(
      'ZPL_GRAPHIC_SIZE',
      `the binary data gives ${length} of the graphic's ${size} bytes; the rest is left white`,
    );
  const packed = new Uint8Array(length);
  for (let i = 0; i < length; i++) packed[i] = data.charCodeAt(i) & 0xff;
  return packed;
}
