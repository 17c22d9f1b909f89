// The 2D barcode commands (^BQ ^BX ^B7 ^BF ^BO ^BD) translated into what bwip-js encodes and the module sizes a printer uses.
import { carrierMessageFromZebra, MAXICODE_INCHES } from '../../elements/barcode/maxiCodeMessage';
import type { EncoderOptions } from '../../elements/barcode/barcodeEncoding';
import { MICRO_PDF417_SIZES } from '../../elements/barcode/microPdf417Sizes';
import { aztecSizeOptions } from './zplAztecSize';
import type { ZplBarcodeField } from './zplField';
import { defaultMagnification, type ZplParams, type ZplSymbolPlan } from './zplSymbolPlan';

type PlanReader = (field: ZplBarcodeField, p: ZplParams) => ZplSymbolPlan;

/** bwip-js's parse mode reads "^NNN" as a character code: control characters and carets of the data are written so. */
function parseEscaped(text: string): string {
  return text.replace(/[\u0000-\u001f^]/g, (char) => `^${String(char.charCodeAt(0)).padStart(3, '0')}`);
}

/** QR's quiet zone, in modules: a ^FT origin anchors the symbol's bottom this far above y (as Labelary draws it). */
const QR_QUIET_ZONE_MODULES = 4;

/**
 * ^BQo,m,n,e,k with data "<level><input>,<data>": the first three characters are always the error-correction level
 * H/Q/M/L (anything else: M), the input mode A (automatic) or M (manual: a mode letter N/A/B/K first, B followed by a
 * four-digit byte count) and a comma, even when they look like data, as the printer, Labelary, zebrash and labelize
 * read them. The printer's mask choice is left to the encoder.
 */
const qrCode: PlanReader = (field, p) => {
  const approximations: string[] = [];
  const [levelChar = '', mode = '', comma = ''] = [...field.data.slice(0, 3)].map((char) => char.toUpperCase());
  const level = (['H', 'Q', 'M', 'L'].includes(levelChar) ? levelChar : 'M') as 'L' | 'M' | 'Q' | 'H';
  let value = field.data.slice(3);
  if (mode === 'M') value = value.replace(/^[NAK]|^B\d{4}/i, '');
  if (comma !== ',')
    approximations.push(
      `the data should start with its level, input mode and a comma ("QA,"): "${field.data.slice(0, 3)}" was read as them`,
    );
  const moduleDots = p.int(2, defaultMagnification(p.dpmm), 1, 10);
  if (p.raw(1) === '1') approximations.push('QR model 1 is drawn as model 2');
  return {
    symbology: 'qrcode',
    value,
    errorCorrection: level,
    orientation: 'N',
    moduleDots,
    // Below a ^FO origin the printer leaves the ^BY bar height (10 dots at power-up); above a ^FT one, the quiet zone.
    topOffsetDots: field.by.height,
    bottomGapDots: QR_QUIET_ZONE_MODULES * moduleDots,
    approximations,
  };
};

/**
 * ^BXo,h,s,c,r,f,g,a: Data Matrix. ECC 200 only (other quality levels are drawn as 200, with a warning); h is the module
 * size, or 0 for a symbol about as tall as the ^BY height; the escape character g introduces "1" (FNC1) and
 * "dNNN" (a character by its decimal code).
 */
const dataMatrix: PlanReader = (field, p) => {
  const approximations: string[] = [];
  const quality = p.int(2, 0, 0, 200);
  if (quality !== 200) approximations.push(`quality ${quality} (ECC 000–140) is drawn as ECC 200`);
  const escape = p.raw(6).charAt(0) || '~';
  let value = '';
  let parsefnc = false;
  for (let index = 0; index < field.data.length; index++) {
    const char = field.data.charAt(index);
    const next = field.data.charAt(index + 1);
    if (char === escape && next === '1') {
      value += '^FNC1';
      parsefnc = true;
      index += 1;
    } else if (char === escape && next === 'd' && /^\d{3}$/.test(field.data.slice(index + 2, index + 5))) {
      value += `^${field.data.slice(index + 2, index + 5)}`;
      index += 4;
    } else value += parseEscaped(char);
  }
  const columns = p.int(3, 0, 0, 144);
  const rows = p.int(4, 0, 0, 144);
  const options: Record<string, number | boolean | string> = { parse: true, ...(parsefnc ? { parsefnc: true } : {}) };
  if (columns > 0 && rows > 0) Object.assign(options, { columns, rows });
  if (p.raw(7) === '2') options.format = 'rectangle';
  const moduleDots = p.int(1, 0, 0, 4000);
  return {
    symbology: 'datamatrix',
    value,
    options,
    orientation: p.orientation(0),
    moduleDots,
    ...(moduleDots === 0 ? { symbolHeightDots: field.by.height } : {}),
    approximations,
  };
};

/**
 * ^B7o,h,s,c,r,t: PDF417 at the ^BY module width; s is the error correction level (0–8), c and r the data columns
 * and rows (0: chosen by the encoder), t truncated (compact) PDF417; rows h dots tall, or the ^BY height shared out.
 */
const pdf417: PlanReader = (field, p) => {
  const columns = p.int(3, 0, 0, 30);
  const rows = p.int(4, 0, 0, 90);
  const rowDots = p.int(1, 0, 0, 32000);
  return {
    symbology: 'pdf417',
    value: parseEscaped(field.data),
    options: {
      parse: true,
      eclevel: p.int(2, 0, 0, 8),
      ...(columns > 0 ? { columns } : {}),
      ...(rows >= 3 ? { rows } : {}),
      ...(p.flag(5, false) ? { compact: true } : {}),
    },
    orientation: p.orientation(0),
    moduleDots: field.by.moduleWidth,
    ...(rowDots > 0 ? { heightDots: rowDots } : { symbolHeightDots: field.by.height }),
    approximations: [],
  };
};

/** ^BFo,h,m: MicroPDF417 at the ^BY module width, rows h dots tall, in the size mode m names. */
const microPdf417: PlanReader = (field, p) => {
  const [columns, rows] = MICRO_PDF417_SIZES[p.int(2, 0, 0, 33)] ?? [1, 11];
  const rowDots = p.int(1, 0, 0, 32000);
  return {
    symbology: 'micropdf417',
    value: parseEscaped(field.data),
    options: { parse: true, columns, rows },
    orientation: p.orientation(0),
    moduleDots: field.by.moduleWidth,
    ...(rowDots > 0 ? { heightDots: rowDots } : { symbolHeightDots: field.by.height }),
    approximations: ['the size mode is read as ISO/IEC 24728 orders the sizes'],
  };
};

/**
 * ^BOo,b,c,d,e,f,g (and ^B0): Aztec, b the module size, d the error correction or fixed size (zplAztecSize). Menu
 * symbols and structured append are not drawn as such.
 */
const aztec: PlanReader = (field, p) => {
  const { candidates, approximations } = aztecSizeOptions(p.int(3, 0, 0, 300));
  const [options, ...alternatives] = candidates.map((candidate): EncoderOptions => ({ parse: true, ...candidate }));
  if (p.flag(4, false) || p.int(5, 1, 1, 26) > 1)
    approximations.push('the menu symbol and structured append flags are not encoded');
  return {
    symbology: 'azteccode',
    value: parseEscaped(field.data),
    ...(options ? { options } : {}),
    alternatives,
    orientation: p.orientation(0),
    moduleDots: p.int(1, defaultMagnification(p.dpmm), 1, 10),
    approximations,
  };
};

/** ^BDm,n,t: MaxiCode in mode m (2 and 3 carry the structured carrier message); symbol n of t in structured append. */
const maxiCode: PlanReader = (field, p) => {
  const mode = p.int(0, 2, 2, 6);
  const value = mode === 2 || mode === 3 ? carrierMessageFromZebra(field.data, mode) : field.data;
  const dots = (inches: number) => Math.round(inches * p.dpmm * 25.4);
  const total = p.int(2, 1, 1, 8);
  return {
    symbology: 'maxicode',
    value: parseEscaped(value),
    options: { parse: true, mode, ...(total > 1 ? { sam: `${p.int(1, 1, 1, 8)}${total}` } : {}) },
    // ^FW turns only fields whose command has an orientation parameter (the guide's ^FW), and ^BD has none.
    orientation: 'N',
    moduleDots: 1,
    fixedSize: { width: dots(MAXICODE_INCHES.width), height: dots(MAXICODE_INCHES.height) },
    approximations: [],
  };
};

export const MATRIX_PLANS: Record<string, PlanReader> = {
  BQ: qrCode,
  BX: dataMatrix,
  B7: pdf417,
  BF: microPdf417,
  BO: aztec,
  B0: aztec,
  BD: maxiCode,
};
