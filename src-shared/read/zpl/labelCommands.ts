// Handlers of the label-level commands: ^XA/^XZ, label home and shifts, sizes, quantity, defaults (^CF ^CI ^FW), comments.
import { ZPL_MAX_DOTS } from '../../elements/text/zplText';
import { isKnownCharset } from './zplCharsets';
import { pointsPerDot } from './zplField';
import { closeOpenField } from './fieldCommands';
import { readNumber, readOrientation, type ZplCommandTable, type ZplReader } from './zplReader';
import { endStoredFormat, runRecalls } from './storedFormats';
import { moved, turnHalf } from './turnElement';

/** ^PQ quantities above this are kept but reported: a typo or a hostile count, never a real print run of one format. */
export const MAX_PLAIN_QUANTITY = 100_000;
/** ZPL's own ceiling for ^PQ. */
const ZPL_MAX_QUANTITY = 99_999_999;

/**
 * Ends the open format: its elements become a LaidOutLabel the size the caller gave (not ^PW/^LL). A format without a
 * field (^FS) or a recalled format only set printer state (^XA^MCY^XZ, a block of ^MM ^PW ^LH ~SD ^JUS): the printer
 * prints nothing for it, so it is no label, takes no index and is not counted (as Labelary and the printer do).
 */
export function finishLabel(reader: ZplReader): void {
  closeOpenField(reader);
  const open = reader.label;
  if (open === undefined) return;
  if (open.fieldCount === 0 && open.recalls.length === 0 && open.elements.length === 0) {
    reader.label = undefined;
    return;
  }
  runRecalls(reader, open);
  const ppd = pointsPerDot(reader.dpmm);
  const width = reader.options.widthDots * ppd;
  const height = reader.options.heightDots * ppd;
  const band = printBand(reader);
  // ^POI turns the printed band over, which ^PW may have made narrower than the media.
  const turned = reader.printer.invert
    ? open.elements.map((element) => turnHalf(element, band.widthDots * ppd, height))
    : open.elements;
  const elements = band.offsetDots === 0 ? turned : turned.map((element) => moved(element, band.offsetDots * ppd, 0));
  // ^PMY is left to the emitters: mirrored text must be drawn mirrored, which no element's geometry can say.
  const mirror = reader.printer.mirror ? { mirror: true } : {};
  const clip =
    band.widthDots < reader.options.widthDots
      ? { clip: { x: band.offsetDots * ppd, y: 0, width: band.widthDots * ppd, height } }
      : {};
  reader.labels.push({
    label: { width, height, elements, warnings: [], ...mirror, ...clip },
    quantity: open.quantity,
    fieldNumbers: open.fieldNumbers,
    texts: open.texts,
  });
  reader.label = undefined;
}

/**
 * Where the label prints across the media, in dots: a ^PW narrower than the media is centred on it (half the rest on
 * each side, rounded down) and nothing prints outside it, as the printer and Labelary print it.
 */
function printBand(reader: ZplReader): { offsetDots: number; widthDots: number } {
  const media = reader.options.widthDots;
  const printWidth = reader.printer.printWidth;
  if (printWidth === undefined || printWidth <= 0 || printWidth >= media) return { offsetDots: 0, widthDots: media };
  return { offsetDots: Math.floor((media - printWidth) / 2), widthDots: printWidth };
}

/**
 * Printer and media settings that change nothing drawn: read without a warning. ^CV (code validation) only changes what
 * is printed for barcode data the symbology cannot hold, which the reader already skips with a warning.
 */
const NO_DRAWING_EFFECT = [
  '^MM',
  '^MN',
  '^MT',
  '^MF',
  '^MU',
  '^PR',
  '~SD',
  '~TA',
  '~JS',
  '^JM',
  '^JZ',
  '^PF',
  '^SZ',
  '~JA',
  '^XB',
  '^CV',
];

export const LABEL_COMMANDS: ZplCommandTable = {
  // A second ^XA inside an open format does not end it (carrier files begin "^XA^LL…^CI28^XA…"): the format goes on.
  '^XA': (reader) => {
    if (reader.label !== undefined) return;
    reader.openLabel();
    reader.resetField();
  },
  '^XZ': (reader, command) => {
    if (!endStoredFormat(reader, command)) finishLabel(reader);
  },
  // The tokenizer applies special-character changes itself.
  '^CC': () => undefined,
  '~CC': () => undefined,
  '^CT': () => undefined,
  '~CT': () => undefined,
  '^CD': () => undefined,
  '~CD': () => undefined,
  '^FX': () => undefined,
  '^LH': (reader, command) => {
    const [x, y] = reader.params(command);
    const { home } = reader.printer;
    reader.printer.home = { x: readNumber(x, home.x, 0, ZPL_MAX_DOTS), y: readNumber(y, home.y, 0, ZPL_MAX_DOTS) };
  },
  '^LS': (reader, command) => {
    reader.printer.shift = readNumber(reader.params(command)[0], 0, -9999, 9999);
  },
  '^LT': (reader, command) => {
    reader.printer.top = readNumber(reader.params(command)[0], 0, -120, 120);
  },
  '^LR': (reader, command) => {
    reader.printer.reverseAll = reader.params(command)[0]?.toUpperCase() === 'Y';
  },
  '^PW': (reader, command) => {
    const value = readNumber(reader.params(command)[0], 0, 0, Infinity);
    if (value > ZPL_MAX_DOTS)
      reader.warnAt(
        'ZPL_LIMIT',
        `^PW${value} is over ${ZPL_MAX_DOTS} dots: ignored (the label size comes from the request)`,
      );
    else reader.printer.printWidth = value;
  },
  '^LL': (reader, command) => {
    const value = readNumber(reader.params(command)[0], 0, 0, Infinity);
    if (value > ZPL_MAX_DOTS)
      reader.warnAt(
        'ZPL_LIMIT',
        `^LL${value} is over ${ZPL_MAX_DOTS} dots: ignored (the label size comes from the request)`,
      );
    else reader.printer.labelLength = value;
  },
  '^PO': (reader, command) => {
    reader.printer.invert = reader.params(command)[0]?.toUpperCase() === 'I';
  },
  '^PM': (reader, command) => {
    reader.printer.mirror = reader.params(command)[0]?.toUpperCase() === 'Y';
  },
  '^PQ': (reader, command) => {
    const quantity = readNumber(reader.params(command)[0], 1, 1, ZPL_MAX_QUANTITY);
    if (quantity > MAX_PLAIN_QUANTITY)
      reader.warnAt(
        'ZPL_LIMIT',
        `^PQ${quantity} asks for more than ${MAX_PLAIN_QUANTITY.toLocaleString('en-US')} labels`,
      );
    reader.openLabel().quantity = quantity;
  },
  // Darkness: a printer setting with no effect on what is drawn, but valid.
  '^MD': () => undefined,
  '^FW': (reader, command) => {
    const [orientation, justification] = reader.params(command);
    reader.printer.fieldOrientation = readOrientation(orientation, reader.printer.fieldOrientation);
    reader.printer.fieldJustification = readNumber(justification, reader.printer.fieldJustification, 0, 2) as 0 | 1 | 2;
  },
  '^CF': (reader, command) => {
    const [name, height, width] = reader.params(command);
    const current = reader.printer.defaultFont;
    const newHeight = readNumber(height, 0, 0, ZPL_MAX_DOTS);
    const newWidth = readNumber(width, 0, 0, ZPL_MAX_DOTS);
    reader.printer.defaultFont = {
      name: name === undefined || name === '' ? current.name : name.charAt(0),
      // A height alone gives the width too (the font keeps its proportions); neither keeps the current size.
      height: newHeight > 0 ? newHeight : newWidth > 0 ? 0 : current.height,
      width: newWidth > 0 ? newWidth : newHeight > 0 ? 0 : current.width,
    };
  },
  '^CI': (reader, command) => {
    const charset = readNumber(reader.params(command)[0], 0, 0, 999);
    if (isKnownCharset(charset)) reader.printer.charset = charset;
    else {
      reader.warnAt('ZPL_UNSUPPORTED', `^CI${charset} is not a known character set: read as ^CI0`);
      reader.printer.charset = 0;
    }
  },
  ...Object.fromEntries(NO_DRAWING_EFFECT.map((name) => [name, () => undefined])),
};
