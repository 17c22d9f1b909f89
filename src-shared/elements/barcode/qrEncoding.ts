// Encodes a QR code with the qrcode package: its size at once, its modules only when a writer draws them (ZPL's ^BQ does not).
import QRCode from 'qrcode';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { EncodedMatrix } from './barcodeEncoding';

/** QR's alphanumeric set: digits, capitals, space and $%*+-./: (ISO/IEC 18004, table 5). */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/** The whole value as one segment, its bytes in UTF-8 in byte mode. */
export type QrSegment = { mode: 'numeric' | 'alphanumeric'; data: string } | { mode: 'byte'; data: Uint8Array };

/** The densest single mode that holds the whole value: numeric for digits, alphanumeric for its set, else UTF-8 bytes. */
export function qrSegment(value: string): QrSegment {
  if (/^[0-9]*$/.test(value)) return { mode: 'numeric', data: value };
  return ALPHANUMERIC.test(value)
    ? { mode: 'alphanumeric', data: value }
    : { mode: 'byte', data: new TextEncoder().encode(value) };
}

/**
 * qrcode rather than bwip-js: 0.15 ms a symbol against 2 ms (a batch of unique tracking URLs spent 75% of its time in
 * bwip-js's QR encoder).
 *
 * One segment in one mode (qrSegment), not the smallest mix of modes: ZPL's ^BQ then gets the same segment in manual
 * input ("HM,B0036…"), which leaves a printer no choice of its own. In automatic input, encoders split the data
 * differently (zpl-renderer-js took version 5 where qrcode's mix fit version 4 for a tracking URL at level H), and the
 * printed symbol outgrew the place the layout gave it. The cost: a value that mixes a long run of digits into text can
 * take a version more than the best mix would.
 *
 * The version is chosen before the mask, so an encoding with a fixed mask (0.03 ms) gives the size; the search for the
 * best mask, four fifths of the cost, runs when the cells are first read. ZPL asks the printer for ^BQ at a
 * magnification chosen from the size alone and never reads them.
 */
export function encodeQrCode(value: string, errorCorrection: LaidOutOf<'barcode'>['errorCorrection']): EncodedMatrix {
  const options = { errorCorrectionLevel: errorCorrection };
  const segments = [qrSegment(value)];
  const { size } = QRCode.create(segments, { ...options, maskPattern: 0 }).modules;
  let cells: string | undefined;
  return Object.freeze({
    kind: 'matrix',
    columns: size,
    rows: size,
    moduleAspect: 1,
    get cells(): string {
      // qrcode's modules are row-major, one byte each, 1 dark.
      cells ??= QRCode.create(segments, options).modules.data.join('');
      return cells;
    },
  });
}
