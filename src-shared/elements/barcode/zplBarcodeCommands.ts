// The printer's own barcode command for each symbology that has one (^BC, ^BE, ^BQ, ^BX, ^BK, ^BR, ^BF…), set up to print the layout's symbol.
import type { LaidOutOf, MatrixSymbol } from '../../layout/laidOutLabel';
import type { ZplOrientation } from '../text/zplText';
import { aztecFormat } from './aztecFormat';
import { DEFAULT_RATIOS } from './barcodeModule';
import { pdf417ErrorCorrectionLevel } from './barcodeEncoding';
import { qrSegment } from './qrEncoding';
import { joinWithFnc1, parseGs1ElementStrings } from './gs1ElementStrings';
import { zebraCarrierData } from './maxiCodeMessage';
import { microPdf417Mode } from './microPdf417Sizes';
import { expandUpcE } from './upcE';

export interface ZplSymbolField {
  /** ^BY (where the symbology reads it) and the ^B command with its parameters, without ^FO and field data. */
  commands: string;
  /** Field data as the printer must receive it, before ^FH escaping. */
  data: string;
}

type LaidOutBarcode = LaidOutOf<'barcode'>;

/**
 * Printers read '>' in code 128 data as the start of an invocation code (">8" is FNC1), and treat text beyond ASCII
 * by their code page: such values are drawn from the layout's modules instead.
 */
const UNSAFE_FOR_CODE128 = /[>\u0080-\uffff]/;

/**
 * Mode A (automatic) lets the printer choose code sets as bwip-js does (shortest symbol); without it the printer
 * stays in code set B, which for digit runs draws a wider symbol than the layout's (it ran past the label edge).
 * The interpretation line is off: the layout's own line is drawn with the label's fonts instead.
 */
function code128(
  element: LaidOutBarcode,
  o: ZplOrientation,
  moduleDots: number,
  height: number,
): ZplSymbolField | undefined {
  if (UNSAFE_FOR_CODE128.test(element.value)) return undefined;
  const commands = `^BY${moduleDots}^BC${o},${height},N,N,N,A`;
  if (element.symbology === 'code128') return { commands, data: element.value };
  const elements = parseGs1ElementStrings(element.value);
  return elements ? { commands, data: joinWithFnc1(elements, '>8') } : undefined;
}

/**
 * EAN and UPC guard bars reach 5 modules below the other bars even without an interpretation line (measured in
 * zpl-renderer-js, which follows Labelary); the height asked for is shorter by as much, so the guards end on the box.
 */
const EAN_UPC_GUARD_EXTENSION_MODULES = 5;

const EAN_UPC: ReadonlySet<string> = new Set(['ean13', 'ean8', 'upca', 'upce']);

/**
 * Linear symbols with their interpretation lines off (see code128). Check digits: the printer computes them from the
 * value without one. Code 39 and ITF take the layout's wide-to-narrow ratio in ^BY (the symbology's default when the
 * symbol has none), so the printer's wide bars are the layout's (wideDots).
 */
export function linearSymbolField(
  element: LaidOutBarcode,
  o: ZplOrientation,
  moduleDots: number,
  height: number,
  ratio?: number,
): ZplSymbolField | undefined {
  const { value } = element;
  const by = `^BY${moduleDots}`;
  const byRatio = `${by},${(ratio ?? DEFAULT_RATIOS[element.symbology] ?? 3).toFixed(1)}`;
  const eanUpcHeight = height - EAN_UPC_GUARD_EXTENSION_MODULES * moduleDots;
  // An EAN/UPC add-on (bwip-js takes it after a space) is not part of ^BE/^B8/^BU/^B9's data: drawn as a graphic instead.
  if (EAN_UPC.has(element.symbology) && /\s/.test(value)) return undefined;
  switch (element.symbology) {
    case 'code128':
    case 'gs1-128':
      return code128(element, o, moduleDots, height);
    case 'ean13':
      return eanUpcHeight < 1 ? undefined : { commands: `${by}^BE${o},${eanUpcHeight},N,N`, data: value.slice(0, 12) };
    case 'ean8':
      return eanUpcHeight < 1 ? undefined : { commands: `${by}^B8${o},${eanUpcHeight},N,N`, data: value.slice(0, 7) };
    case 'upca':
      return eanUpcHeight < 1
        ? undefined
        : { commands: `${by}^BU${o},${eanUpcHeight},N,N,Y`, data: value.slice(0, 11) };
    case 'upce': {
      const upcA = expandUpcE(value);
      return upcA === undefined || eanUpcHeight < 1
        ? undefined
        : { commands: `${by}^B9${o},${eanUpcHeight},N,N,Y`, data: upcA };
    }
    case 'code39':
      return { commands: `${byRatio}^B3${o},N,${height},N,N`, data: value };
    case 'code93':
      return { commands: `${by}^BA${o},${height},N,N,N`, data: value };
    case 'interleaved2of5':
      // bwip-js pads an odd number of digits with a leading zero; the printer is told the same digits.
      return { commands: `${byRatio}^B2${o},${height},N,N,N`, data: value.length % 2 === 1 ? `0${value}` : value };
    case 'itf14':
      return { commands: `${byRatio}^B2${o},${height},N,N,${value.length === 13 ? 'Y' : 'N'}`, data: value };
    case 'rationalizedCodabar': {
      // ^BK frames the data with its start and stop parameters; the printer adds no check digit (e = N), so one asked for is drawn as a graphic.
      const codabar = /^([A-D])([0-9$:/.+-]*)([A-D])$/i.exec(value);
      if (!codabar || element.options?.includecheck === true) return undefined;
      return {
        commands: `${byRatio}^BK${o},N,${height},N,N,${codabar[1]?.toUpperCase()},${codabar[3]?.toUpperCase()}`,
        data: codabar[2] ?? '',
      };
    }
    case 'databaromni':
    case 'databarlimited':
    case 'databarexpanded':
      return dataBarField(element, o, moduleDots, height);
    default:
      return undefined;
  }
}

/** ^BR's symbology types: 1 omnidirectional, 3 stacked, 5 limited, 6 expanded (stacked with segments under 22). */
const DATABAR_TYPES: Partial<Record<string, number>> = {
  databaromni: 1,
  databarstacked: 3,
  databarlimited: 5,
  databarexpanded: 6,
  databarexpandedstacked: 6,
};

/**
 * ^BRo,t,m,s,h,w: GS1 DataBar at a magnification of the layout's module (1 to 10 dots), separators 1 module. Types 1–5
 * take the GTIN's 13 digits (the printer computes the check digit the layout verified); expanded types the GS1 element
 * strings as the layout encoded them, and the segments per row.
 */
function dataBarField(
  element: LaidOutBarcode,
  o: ZplOrientation,
  moduleDots: number,
  heightDots: number,
): ZplSymbolField | undefined {
  const type = DATABAR_TYPES[element.symbology];
  if (type === undefined || moduleDots > 10) return undefined;
  const segments = typeof element.options?.segments === 'number' ? element.options.segments : 22;
  const commands = `^BR${o},${type},${moduleDots},1,${heightDots},${segments}`;
  if (type === 6) return { commands, data: element.value };
  const gtin = /^\(01\)(\d{13})\d$/.exec(element.value);
  return gtin ? { commands, data: gtin[1] ?? '' } : undefined;
}

/** Characters that may stand for ^BX's escape character: printable, and none of ZPL's own (^ ~ , _). */
const DATAMATRIX_ESCAPE_CANDIDATES = '`|{}!#$%&*@;:=?';

/**
 * ^BX reads an escape character in its data (default '~'; "~1" is FNC1). One that the value does not contain is
 * chosen, so the value passes through literally and only our FNC1s are read as escapes.
 */
function dataMatrix(
  element: LaidOutBarcode,
  symbol: MatrixSymbol,
  o: ZplOrientation,
  moduleDots: number,
): ZplSymbolField | undefined {
  const escape = [...DATAMATRIX_ESCAPE_CANDIDATES].find((char) => !element.value.includes(char));
  if (escape === undefined) return undefined;
  const commands = `^BX${o},${moduleDots},200,${symbol.columns},${symbol.rows},6,${escape}`;
  if (element.symbology === 'datamatrix') return { commands, data: element.value };
  const elements = parseGs1ElementStrings(element.value);
  return elements ? { commands, data: joinWithFnc1(elements, `${escape}1`) } : undefined;
}

/** A PDF417 row has a 17-module start pattern and left indicator, 17 per data column, a right indicator and an 18-module stop. */
function pdf417Columns(symbolColumns: number): number | undefined {
  const columns = (symbolColumns - 69) / 17;
  return Number.isInteger(columns) && columns >= 1 && columns <= 30 ? columns : undefined;
}

/** ^BQ's manual input letters for qrSegment's modes; byte mode also counts its bytes (UTF-8, as ^CI28 sends them). */
const QR_MANUAL_MODES = { numeric: 'N', alphanumeric: 'A', byte: 'B' } as const;

/** The value in the one mode the layout encoded it in (encodeQrCode), so the printer builds the symbol the layout sized. */
function qrManualInput(value: string): string {
  const segment = qrSegment(value);
  const count = segment.mode === 'byte' ? String(segment.data.byteLength).padStart(4, '0') : '';
  return `${QR_MANUAL_MODES[segment.mode]}${count}${value}`;
}

/** ^BQ and ^B0 magnify by whole dots from 1 to 10, and ^BY's module is as many. */
const MAX_MAGNIFICATION = 10;

/**
 * 2D symbols at whole-dot modules. QR: ^BQ cannot rotate (the caller places it unrotated: a QR code reads in any
 * orientation); the error level and manual input in the layout's mode lead the data ("MM,B0036…"). Data Matrix: size fixed to the
 * layout's columns and rows. PDF417: the layout's data columns and error level; the printer counts the rows as bwip-js
 * did. Aztec: the layout's format and layer count.
 */
export function matrixSymbolField(
  element: LaidOutBarcode,
  symbol: MatrixSymbol,
  o: ZplOrientation,
  moduleDots: number,
  rowDots: number,
): ZplSymbolField | undefined {
  switch (element.symbology) {
    case 'qrcode':
      if (moduleDots > MAX_MAGNIFICATION) return undefined;
      return { commands: `^BQN,2,${moduleDots}`, data: `${element.errorCorrection}M,${qrManualInput(element.value)}` };
    case 'datamatrix':
    case 'gs1datamatrix':
      return dataMatrix(element, symbol, o, moduleDots);
    case 'pdf417': {
      const columns = pdf417Columns(symbol.columns);
      // ^BY takes 1 to 10 dots.
      if (columns === undefined || moduleDots > MAX_MAGNIFICATION) return undefined;
      return {
        commands: `^BY${moduleDots}^B7${o},${rowDots},${pdf417ErrorCorrectionLevel(element.value)},${columns},,N`,
        data: element.value,
      };
    }
    case 'micropdf417': {
      // ^BF's mode names the size (microPdf417Sizes); the error correction follows from it, as in the layout's symbol.
      const mode = microPdf417Mode(symbol.columns, symbol.rows);
      if (mode === undefined || moduleDots > MAX_MAGNIFICATION) return undefined;
      return { commands: `^BY${moduleDots}^BF${o},${rowDots},${mode}`, data: element.value };
    }
    case 'databarstacked':
    case 'databarexpandedstacked':
      // The layout's grid rows are a module tall each (barcodeEncoding), as the printer draws the stacked rows.
      return rowDots === moduleDots ? dataBarField(element, o, moduleDots, rowDots) : undefined;
    case 'azteccode': {
      const format = aztecFormat(symbol);
      if (format === undefined || moduleDots > MAX_MAGNIFICATION) return undefined;
      const size = (format.compact ? 100 : 200) + format.layers;
      return { commands: `^B0${o},${moduleDots},N,${size},N,1`, data: element.value };
    }
    default:
      return undefined;
  }
}

/** ^BZ's types: 0 POSTNET, 1 PLANET, 3 USPS Intelligent Mail. */
const POSTAL_TYPES: Partial<Record<string, number>> = { postnet: 0, planet: 1, onecode: 3 };

/** ^BZo,h,f,g,t at the layout's bar width (^BY) and full bar height; digits only, as the printer takes them. */
export function postalSymbolField(
  element: LaidOutBarcode,
  o: ZplOrientation,
  moduleDots: number,
  heightDots: number,
): ZplSymbolField | undefined {
  const type = POSTAL_TYPES[element.symbology];
  if (type === undefined || !/^\d+$/.test(element.value) || moduleDots > 10) return undefined;
  return { commands: `^BY${moduleDots}^BZ${o},${heightDots},N,N,${type}`, data: element.value };
}

/**
 * ^BDm,1,1: MaxiCode in the layout's mode. Modes 2 and 3 send the carrier message in Zebra's order (maxiCodeMessage),
 * which needs a postal code of the fixed length (9 digits, 6 characters); others print as the graphic.
 */
export function maxiCodeSymbolField(element: LaidOutBarcode): ZplSymbolField | undefined {
  const mode = typeof element.options?.mode === 'number' ? element.options.mode : 4;
  const data = mode === 2 || mode === 3 ? zebraCarrierData(element.value, mode) : element.value;
  return data === undefined ? undefined : { commands: `^BD${mode},1,1`, data };
}
