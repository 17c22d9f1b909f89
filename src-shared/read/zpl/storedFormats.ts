// ^DF stores a format under a name; ^XF recalls it in a later label, whose ^FNn^FD… data fills the stored ^FN fields.
import { closeOpenField } from './fieldCommands';
import type { ZplCommand } from './zplTokenizer';
import { ZplTokenizer } from './zplTokenizer';
import type { ZplCommandTable, ZplOpenLabel, ZplReader } from './zplReader';

/** Recalls inside recalled formats go at most this deep: a format that recalls itself stops here with a warning. */
export const MAX_FORMAT_DEPTH = 4;
/** Recalls per input, and characters re-read by them: a few formats recalled many times cannot multiply the work unboundedly. */
export const MAX_RECALLS = 1000;
export const MAX_RECALLED_CHARS = 16 * 1024 * 1024;

/** "R:SHIP.ZPL", "E:ship" and "SHIP.ZPL" name one format: the drive is dropped, the name upper-cased, .ZPL the default extension. */
function formatName(raw: string | undefined): string {
  const withoutDrive = (raw ?? '')
    .replace(/^[A-Za-z]:/, '')
    .trim()
    .toUpperCase();
  const name = withoutDrive === '' ? 'UNKNOWN' : withoutDrive;
  return name.includes('.') ? name : `${name}.ZPL`;
}

/** Work done by recalls so far in this reading. */
const spent = new WeakMap<ZplReader, { recalls: number; chars: number }>();

/** ^XZ while storing: the text since ^DF becomes the format; the storing label itself prints nothing. */
export function endStoredFormat(reader: ZplReader, command: ZplCommand): boolean {
  const storing = reader.storing;
  if (storing === undefined) return false;
  reader.formats.set(storing.name, reader.tokenizer.text.slice(storing.start, command.position));
  reader.storing = undefined;
  reader.label = undefined;
  reader.resetField();
  return true;
}

/**
 * Runs the label's recalls, each with the label's ^FN data, inserting the recalled fields where its ^XF stood.
 * Recalls met inside a recalled format run after it, one level deeper.
 */
export function runRecalls(reader: ZplReader, label: ZplOpenLabel, depth = 0): void {
  const recalls = label.recalls;
  label.recalls = [];
  const work = spent.get(reader) ?? { recalls: 0, chars: 0 };
  spent.set(reader, work);
  // Last first, so inserting one leaves the places of the earlier ones as they were.
  for (const recall of [...recalls].reverse()) {
    const text = reader.formats.get(recall.name);
    if (text === undefined) {
      reader.warnAt(
        'ZPL_UNKNOWN_FORMAT',
        `^XF recalls ${recall.name}, which no ^DF stored: nothing drawn for it`,
        recall.command,
      );
      continue;
    }
    if (depth >= MAX_FORMAT_DEPTH || work.recalls >= MAX_RECALLS || work.chars + text.length > MAX_RECALLED_CHARS) {
      reader.warnAt(
        'ZPL_LIMIT',
        `^XF ${recall.name} is recalled too deeply or too often (depth ${MAX_FORMAT_DEPTH}, ${MAX_RECALLS} recalls): skipped`,
        recall.command,
      );
      continue;
    }
    work.recalls++;
    work.chars += text.length;
    const outer = { elements: label.elements, field: reader.field, values: reader.recallValues };
    label.elements = [];
    reader.resetField();
    reader.recallValues = label.fieldValues;
    reader.run(new ZplTokenizer(text));
    closeOpenField(reader);
    runRecalls(reader, label, depth + 1);
    const recalled = label.elements;
    label.elements = outer.elements;
    label.elements.splice(recall.insertAt, 0, ...recalled);
    reader.field = outer.field;
    reader.recallValues = outer.values;
  }
}

export const STORED_FORMAT_COMMANDS: ZplCommandTable = {
  '^DF': (reader, command) => {
    reader.storing = { name: formatName(reader.params(command)[0]), start: reader.tokenizer.position };
  },
  '^XF': (reader, command) => {
    const label = reader.openLabel();
    label.recalls.push({ name: formatName(reader.params(command)[0]), insertAt: label.elements.length, command });
  },
};
