// Encodes a value into whole modules: bar/space widths for linear codes, a module grid for 2D codes (bwip-js; QR with qrcode).
import bwipjs from 'bwip-js/generic';
import { BarcodeDataError } from '../../errors';
import { checkValue } from './checkDigits';
import { STACKED_DATABAR, stackedRowHeights } from './dataBar';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { LaidOutSymbology } from './barcodeSchema';
import { maxiCodeDrawing } from './maxiCodeGeometry';
import { encodeQrCode } from './qrEncoding';

export interface EncodedLinear {
  kind: 'linear';
  /** Alternating bar, space, bar… widths in modules, starting and ending with a bar (DataBar's first bar is 0 wide). */
  widths: readonly number[];
  /**
   * Postal codes only (POSTNET, PLANET, Intelligent Mail), whose bars differ in height: each bar's top and height as
   * shares of the tallest bar's, from the top. Absent: every bar is full height.
   */
  barSpans?: readonly { top: number; height: number }[];
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

/** A symbol of shapes other than rectangles (MaxiCode): SVG path data (M, L, C, Z), filled even-odd, in millimetres. */
export interface EncodedVector {
  kind: 'vector';
  width: number;
  height: number;
  path: string;
}

export type EncodedBarcode = EncodedLinear | EncodedMatrix | EncodedVector;

/** bwip-js options beyond the value (check digits, sizes, error levels), as a ZPL command's parameters ask for them. */
export type EncoderOptions = Readonly<Record<string, string | number | boolean>>;

export interface BarcodeRequest {
  symbology: LaidOutSymbology;
  value: string;
  /** Used by qrcode only. */
  errorCorrection: LaidOutOf<'barcode'>['errorCorrection'];
  /** Options a reader of printer commands sets; they win over the element defaults below. */
  options?: EncoderOptions;
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
  | { sbs: number[]; bhs?: number[]; bbs?: number[]; txt?: [string, ...unknown[]][] }
  | { pixs: number[]; pixx: number; pixy: number; height: number; width: number };

/** The symbologies bwip-js takes a 2- or 5-digit add-on for, after a space. */
const ADD_ON_SYMBOLOGIES: ReadonlySet<string> = new Set(['ean13', 'ean8', 'upca', 'upce', 'isbn', 'issn']);

function bwipOptions({ symbology, value, errorCorrection, options: extra }: BarcodeRequest): BwipOptions {
  const options: BwipOptions = { bcid: symbology, text: value, includetext: true };
  if (symbology === 'qrcode') options.eclevel = errorCorrection;
  // Code 93's two check characters are mandatory in the standard (and printers' ^BA always adds them); bwip-js omits them by default.
  if (symbology === 'code93') options.includecheck = true;
  if (symbology === 'pdf417') options.eclevel = pdf417ErrorCorrectionLevel(value);
  // An EAN/UPC add-on: GS1 allows a gap of 7 to 12 modules before it; bwip-js's 12 is past where ZXing-based readers
  // look (about 10.5), so they read the main symbol alone. 9 is within both.
  if (ADD_ON_SYMBOLOGIES.has(symbology)) options.addongap = 9;
  return { ...options, ...extra };
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

/** Bars of differing heights (postal codes), measured from the top of the tallest; undefined when all are full height. */
function barSpans(
  heights: readonly number[] | undefined,
  bottoms: readonly number[] | undefined,
): EncodedLinear['barSpans'] {
  if (!heights || heights.every((height) => height === heights[0])) return undefined;
  const tops = heights.map((height, index) => height + (bottoms?.[index] ?? 0));
  const full = Math.max(...tops);
  return Object.freeze(
    heights.map((height, index) => ({ top: (full - (tops[index] ?? 0)) / full, height: height / full })),
  );
}

/**
 * Stacked DataBar rows differ in height (separators 1 module, rows 5 and 7 or 33 and 34) while bwip-js lists each row
 * once: each is repeated its height in modules, so the grid's modules are square and any writer draws it as it is.
 */
function expandStackedRows(
  symbology: string,
  cells: string,
  columns: number,
  totalModules: number,
): { cells: string; rows: number } | undefined {
  const patterns = Array.from({ length: cells.length / columns }, (_, row) =>
    cells.slice(row * columns, (row + 1) * columns),
  );
  const heights = stackedRowHeights(symbology, patterns, totalModules);
  if (!heights) return undefined;
  return {
    cells: patterns.map((row, index) => row.repeat(heights[index] ?? 1)).join(''),
    rows: heights.reduce((sum, height) => sum + height, 0),
  };
}

function fromBwip(raw: RawSymbol[], symbology: string): EncodedBarcode {
  const symbol = raw[0];
  if (!symbol) throw new Error('bwip-js returned no symbol');
  if ('sbs' in symbol) {
    const spans = barSpans(symbol.bhs, symbol.bbs);
    // bwip-js encodes wide elements as whole multiples of the narrow one (code 39: 3, ITF: 2); rounding only guards the
    // type. Postal codes' widths are physical sizes in points: they keep their proportions in modules of one bar.
    const first = symbol.sbs[0] ?? 1;
    const widths = spans ? symbol.sbs.map((width) => width / first) : symbol.sbs.map((width) => Math.round(width));
    // Code 39 and ITF end on a space (an intercharacter gap): dropped, so the last bar meets the box edge as the first does.
    if (widths.length % 2 === 0) widths.pop();
    const text = (symbol.txt ?? []).map((part) => part[0]).join('');
    return Object.freeze({
      kind: 'linear',
      widths: Object.freeze(widths),
      text,
      ...(spans ? { barSpans: spans } : {}),
    });
  }
  const columns = symbol.pixx;
  const cells = symbol.pixs.join('');
  const stacked = STACKED_DATABAR.has(symbology)
    ? expandStackedRows(symbology, cells, columns, symbol.pixy)
    : undefined;
  if (stacked)
    return Object.freeze({ kind: 'matrix', columns, rows: stacked.rows, cells: stacked.cells, moduleAspect: 1 });
  // pixs holds each PDF417 row once while pixy (and height) count it rowmult times: the rows are the grid's own.
  const rows = symbol.pixs.length / columns;
  return Object.freeze({
    kind: 'matrix',
    columns,
    rows,
    cells,
    moduleAspect: symbol.height / rows / (symbol.width / columns),
  });
}

/** MaxiCode's modules from bwip-js (the indexes of its dark hexagons), drawn at the standard's dimensions (maxiCodeGeometry). */
function maxiCodeFromBwip(options: BwipOptions): EncodedVector {
  const [symbol] = bwipjs.raw(options);
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js drew no MaxiCode modules');
  return Object.freeze({ kind: 'vector', ...maxiCodeDrawing(symbol.pixs) });
}

function encode(request: BarcodeRequest, options: BwipOptions): EncodedBarcode {
  if (request.symbology === 'qrcode') return encodeQrCode(request.value, request.errorCorrection);
  if (request.symbology === 'maxicode') return maxiCodeFromBwip(options);
  return fromBwip(bwipjs.raw(options), request.symbology);
}

/**
 * The value with its fixed check digit verified, or computed where it was left out (checkDigits). Throws
 * BarcodeDataError naming the element, the symbology and what to correct.
 */
export function checkedValue(symbology: LaidOutSymbology, value: string, elementId: string): string {
  const checked = checkValue(symbology, value);
  if ('value' in checked) return checked.value;
  throw new BarcodeDataError(
    `barcode "${elementId}" (${symbology}) cannot encode ${quoted(value)}: ${checked.problem}`,
    elementId,
    symbology,
    checked.fix,
  );
}

/**
 * Throws BarcodeDataError (a RenderError, with the element id) when the value is not valid for the symbology: its check
 * digit (checkedValue) or the encoder's reason.
 */
export function encodeBarcode(request: BarcodeRequest, elementId: string): EncodedBarcode {
  const options = bwipOptions({ ...request, value: checkedValue(request.symbology, request.value, elementId) });
  const key = JSON.stringify(options);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  let encoded: EncodedBarcode;
  try {
    encoded = encode(request, options);
  } catch (error) {
    throw new BarcodeDataError(
      `barcode ${request.symbology} cannot encode ${quoted(request.value)}: ${bwipReason(error)}`,
      elementId,
      request.symbology,
      `change the value to one ${request.symbology} can hold (docs/template-format.md, "Symbologies", lists what each takes)`,
    );
  }
  remember(key, encoded);
  return encoded;
}
