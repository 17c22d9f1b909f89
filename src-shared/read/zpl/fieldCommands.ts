// Handlers of the field commands: origin (^FO ^FT), data (^FD ^FV ^FH ^FN), look (^A ^A@ ^FR ^FB ^FP) and ^FS, which draws the field.
import { ZPL_MAX_DOTS } from '../../elements/text/zplText';
import { closeTextField } from './textField';
import { bundledFaceOf } from './zplFonts';
import { MAX_FIELDS_PER_LABEL, readNumber, readOrientation, type ZplCommandTable, type ZplReader } from './zplReader';

/** The highest ^FN number (Zebra ZPL manual). */
const MAX_FIELD_NUMBER = 9999;

/** True when the open field has anything to draw: data, or a command (box, barcode, graphic) waiting for ^FS. */
function fieldPending(reader: ZplReader): boolean {
  return reader.field.onClose !== undefined || reader.field.data !== undefined;
}

/** ^FS: draws the field (a box, barcode or graphic through its command's onClose, text otherwise) and starts a new one. */
export function closeField(reader: ZplReader): void {
  const label = reader.openLabel();
  const { field } = reader;
  label.fieldCount++;
  const number = field.fieldNumber;
  if (
    number !== undefined &&
    field.data !== undefined &&
    field.origin === undefined &&
    field.onClose === undefined &&
    label.recalls.length > 0
  ) {
    // ^FNn^FD… with nothing to place it: data for the recalled format's field n, not a field of its own.
    label.fieldValues.set(number, { data: field.data, hexIndicator: field.hexIndicator });
    reader.resetField();
    return;
  }
  const value = number === undefined ? undefined : reader.recallValues?.get(number);
  if (value !== undefined) {
    field.data = value.data;
    field.hexIndicator = value.hexIndicator;
  }
  if (label.fieldCount > MAX_FIELDS_PER_LABEL) {
    if (!label.overflowed)
      reader.warnAt(
        'ZPL_LIMIT',
        `more than ${MAX_FIELDS_PER_LABEL.toLocaleString('en-US')} fields in one label: the rest are skipped`,
      );
    label.overflowed = true;
  } else if (reader.field.onClose !== undefined) {
    reader.field.onClose(reader);
  } else {
    closeTextField(reader);
  }
  reader.resetField();
}

/** A field left open (no ^FS before the next field or ^XZ) is drawn as if it had been closed, as printers do. */
export function closeOpenField(reader: ZplReader): void {
  if (reader.label !== undefined && fieldPending(reader)) {
    reader.warnAt('ZPL_MISSING_FS', 'a field was not closed with ^FS: drawn as if it were');
    closeField(reader);
  }
}

function readOrigin(reader: ZplReader, params: string[], kind: 'FO' | 'FT'): void {
  closeOpenField(reader);
  const [x, y, justification] = params;
  const origin = reader.placeOrigin(
    readNumber(x, 0, 0, ZPL_MAX_DOTS),
    readNumber(y, 0, 0, ZPL_MAX_DOTS),
    kind,
    readNumber(justification, reader.printer.fieldJustification, 0, 2) as 0 | 1 | 2,
  );
  // ^FT's coordinates left out default to the position after the last text field (the guide's ^FT), not to 0.
  const after = kind === 'FT' ? reader.label?.textEnd : undefined;
  if (after !== undefined) {
    if (x === undefined || x === '') origin.x = after.x;
    if (y === undefined || y === '') origin.y = after.y;
  }
  reader.field.origin = origin;
}

export const FIELD_COMMANDS: ZplCommandTable = {
  '^FO': (reader, command) => readOrigin(reader, reader.params(command), 'FO'),
  '^FT': (reader, command) => readOrigin(reader, reader.params(command), 'FT'),
  '^FS': (reader) => closeField(reader),
  '^FD': (reader, command) => {
    reader.field.data = command.params;
  },
  // A variable field: drawn like ^FD (the distinction only matters to printers that keep formats between labels).
  '^FV': (reader, command) => {
    reader.field.data = command.params;
  },
  '^FH': (reader, command) => {
    const indicator = command.params.charCodeAt(0);
    reader.field.hexIndicator =
      Number.isNaN(indicator) || indicator === reader.tokenizer.delimiter ? 0x5f /* _ */ : indicator;
  },
  '^FN': (reader, command) => {
    reader.field.fieldNumber = readNumber(reader.params(command)[0], 0, 0, MAX_FIELD_NUMBER);
  },
  '^FR': (reader) => {
    reader.field.reverse = true;
  },
  '^FB': (reader, command) => {
    const [width, lines, spacing, justify, indent] = reader.params(command);
    const upper = justify?.charAt(0).toUpperCase();
    reader.field.block = {
      width: readNumber(width, 0, 0, ZPL_MAX_DOTS),
      maxLines: readNumber(lines, 1, 1, 9999),
      lineSpacing: readNumber(spacing, 0, -9999, 9999),
      justify: upper === 'C' || upper === 'R' || upper === 'J' ? upper : 'L',
      hangingIndent: readNumber(indent, 0, 0, 9999),
    };
  },
  '^FP': (reader, command) => {
    const [direction, gap] = reader.params(command);
    const upper = direction?.charAt(0).toUpperCase();
    reader.field.direction = { kind: upper === 'V' || upper === 'R' ? upper : 'H', gap: readNumber(gap, 0, 0, 9999) };
  },
  // ^Afo,h,w: the font is the character right after ^A, the orientation right after it.
  '^A': (reader, command) => {
    const name = command.params.charAt(0);
    const [orientation, height, width] = reader.params({ ...command, params: command.params.slice(1) });
    reader.field.font = {
      name: name === '' ? reader.printer.defaultFont.name : name,
      height: readNumber(height, 0, 0, ZPL_MAX_DOTS),
      width: readNumber(width, 0, 0, ZPL_MAX_DOTS),
    };
    reader.field.orientation = readOrientation(orientation, reader.printer.fieldOrientation);
  },
  // ^A@o,h,w,d:name.ext: a font by file name. A downloaded TrueType font that is one of the bundled faces is drawn with
  // that face at its own widths; any other stands in as font 0.
  '^A@': (reader, command) => {
    const [orientation, heightParam, widthParam, path = ''] = reader.params(command);
    const height = readNumber(heightParam, 0, 0, ZPL_MAX_DOTS);
    const width = readNumber(widthParam, 0, 0, ZPL_MAX_DOTS);
    const stored = reader.objects.font(path);
    const fontKey = stored && bundledFaceOf(reader.fonts, stored.font);
    if (stored && fontKey) {
      reader.field.font = { name: '@', height, width, downloaded: { fontKey, font: stored.font } };
    } else {
      const why = stored
        ? `is not one of the bundled faces (${stored.font.postscriptName})`
        : 'was not downloaded (~DY) before it';
      reader.warnAt('ZPL_FONT_SUBSTITUTED', `font ${path} ${why}: drawn as font 0`);
      reader.field.font = { name: '0', height, width };
    }
    reader.field.orientation = readOrientation(orientation, reader.printer.fieldOrientation);
  },
};
