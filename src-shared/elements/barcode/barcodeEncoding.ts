// Encodes a value into whole modules: bar/space widths for linear codes, a module grid for 2D codes (bwip-js; QR with qrcode).
import bwipjs from 'bwip-js/generic';
import { RenderError } from '../../errors';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { Symbology } from './barcodeSchema';
import { encodeQrCode } from './qrEncoding';

export interface EncodedLinear {
  kind: 'linear';
  /** Alternating bar, space, bar… widths in modules, starting and ending with a bar. */
  widths: readonly number[];
  /** The human-readable line bwip-js would print (check digits, GS1 parentheses and code 39 stars included). */
  text: string;
}

export interface EncodedMatrix {
  kind: 'matrix';
  columns: number;
  rows: number;
  /** Row-major, "1" dark, "0" light. May be computed when first read (QR codes). */
  readonly cells: string;
  /** Module height over module width: 1 for square modules, the row height in modules for PDF417. */
  moduleAspect: number;
}

export type EncodedBarcode = EncodedLinear | EncodedMatrix;

export interface BarcodeRequest {
  symbology: Symbology;
  value: string;
  /** Used by qrcode only. */
  errorCorrection: LaidOutOf<'barcode'>['errorCorrection'];
}

/**
 * PDF417's error correction level, derived from the value alone so the ZPL emitter can ask the printer for the same
 * level (and so the same number of rows) without encoding again. The thresholds are the ISO 15438 recommendation
 * (40/160/320 data codewords); the UTF-8 byte count stands in for the codeword count and errs on the safe side,
 * because text compaction packs two characters per codeword.
 */
export function pdf417ErrorCorrectionLevel(value: string): number {
  const bytes = new TextEncoder().encode(value).length;
  if (bytes <= 40) return 2;
  if (bytes <= 160) return 3;
  if (bytes <= 320) return 4;
  return 5;
}

type BwipOptions = bwipjs.RawOptions & Record<string, unknown>;
/** What raw() returns for one symbol; `txt` (the human-readable parts) is there but missing from bwip-js's types. */
type RawSymbol =
  | { sbs: number[]; txt?: [string, ...unknown[]][] }
  | { pixs: number[]; pixx: number; pixy: number; height: number; width: number };

function bwipOptions({ symbology, value, errorCorrection }: BarcodeRequest): BwipOptions {
  const options: BwipOptions = { bcid: symbology, text: value, includetext: true };
  if (symbology === 'qrcode') options.eclevel = errorCorrection;
  // Code 93's two check characters are mandatory in the standard (and printers' ^BA always adds them); bwip-js omits them by default.
  if (symbology === 'code93') options.includecheck = true;
  if (symbology === 'pdf417') options.eclevel = pdf417ErrorCorrectionLevel(value);
  return options;
}

/**
 * A PDF417 or Data Matrix costs milliseconds to encode and the editor lays the same label out again on every change, so recent
 * encodings are kept (least recently used dropped first). Entries are frozen: callers share them.
 */
const CACHE_LIMIT = 200;
const cache = new Map<string, EncodedBarcode>();

function remember(key: string, encoded: EncodedBarcode): void {
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, encoded);
}

/** bwip-js messages read "bwipp.ean13badLength#6878: EAN-13 must be 12 or 13 digits"; the reason is the part people can act on. */
function bwipReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^bwip(?:p|-js)[^:]*:\s*/, '');
}

const MAX_VALUE_IN_MESSAGE = 60;

function quoted(value: string): string {
  return JSON.stringify(value.length > MAX_VALUE_IN_MESSAGE ? `${value.slice(0, MAX_VALUE_IN_MESSAGE)}…` : value);
}

function fromBwip(raw: RawSymbol[]): EncodedBarcode {
  const symbol = raw[0];
  if (!symbol) throw new Error('bwip-js returned no symbol');
  if ('sbs' in symbol) {
    // bwip-js encodes wide elements as whole multiples of the narrow one (code 39: 3, ITF: 2); rounding only guards the type.
    const widths = symbol.sbs.map((width) => Math.round(width));
    // Code 39 and ITF end on a space (an intercharacter gap): dropped, so the last bar meets the box edge as the first does.
    if (widths.length % 2 === 0) widths.pop();
    return Object.freeze({ kind: 'linear', widths: Object.freeze(widths), text: (symbol.txt ?? []).map((part) => part[0]).join('') });
  }
  const columns = symbol.pixx;
  // pixs holds each PDF417 row once while pixy (and height) count it rowmult times: the rows are the grid's own.
  const rows = symbol.pixs.length / columns;
  return Object.freeze({
    kind: 'matrix',
    columns,
    rows,
    cells: symbol.pixs.join(''),
    moduleAspect: symbol.height / rows / (symbol.width / columns),
  });
}

/** Throws RenderError (with the element id) when the value is not valid for the symbology, with the encoder's reason. */
export function encodeBarcode(request: BarcodeRequest, elementId: string): EncodedBarcode {
  const options = bwipOptions(request);
  const key = JSON.stringify(options);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  let encoded: EncodedBarcode;
  try {
    encoded = request.symbology === 'qrcode' ? encodeQrCode(request.value, request.errorCorrection) : fromBwip(bwipjs.raw(options));
  } catch (error) {
    throw new RenderError(`barcode ${request.symbology} cannot encode ${quoted(request.value)}: ${bwipReason(error)}`, elementId);
  }
  remember(key, encoded);
  return encoded;
}
