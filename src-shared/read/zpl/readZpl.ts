// Reads ZPL II into laid-out labels (one per ^XA…^XZ) for the same emitters templates use: the ZPL front end.
import { BARCODE_COMMANDS } from './barcodeCommands';
import { FIELD_COMMANDS } from './fieldCommands';
import { GRAPHIC_COMMANDS } from './graphicCommands';
import { finishLabel, LABEL_COMMANDS } from './labelCommands';
import { PENDING_COMMANDS } from './pendingCommands';
import { SHAPE_COMMANDS } from './shapeCommands';
import { STORED_FORMAT_COMMANDS } from './storedFormats';
import { ZplTokenizer } from './zplTokenizer';
import { ZplReader, type ZplCommandTable, type ZplReadOptions, type ZplReadResult } from './zplReader';

export type { ZplLabel, ZplReadOptions, ZplReadResult } from './zplReader';

/** Input read at most, in characters (bytes): beyond it the rest is skipped with a warning. The API's body limit is far below. */
export const MAX_INPUT_CHARS = 16 * 1024 * 1024;

/**
 * Every command the reader knows, keyed "^XX"/"~XX". A module that reads more commands exports its own table
 * (e.g. BARCODE_COMMANDS from barcodeCommands.ts) and adds it here; later tables replace earlier entries.
 */
const COMMANDS: ZplCommandTable = {
  ...PENDING_COMMANDS,
  ...LABEL_COMMANDS,
  ...FIELD_COMMANDS,
  ...SHAPE_COMMANDS,
  ...STORED_FORMAT_COMMANDS,
  ...GRAPHIC_COMMANDS,
  ...BARCODE_COMMANDS,
};

/**
 * Never throws on bad ZPL: what cannot be read is skipped with a warning naming the command and its position. Only
 * a PixelBudgetError (a graphic larger than `options.budget` allows) leaves it. `text` is the ZPL as the printer
 * receives it, one character per byte (zplTextFromBytes), so ^CI decides how field bytes become characters;
 * characters above U+00FF are taken as already decoded text.
 */
export function readZpl(text: string, options: ZplReadOptions): ZplReadResult {
  const input = text.length > MAX_INPUT_CHARS ? text.slice(0, MAX_INPUT_CHARS) : text;
  const tokenizer = new ZplTokenizer(input);
  const reader = new ZplReader(options, tokenizer, COMMANDS);
  if (input !== text)
    reader.warn({
      code: 'ZPL_LIMIT',
      message: `the input is over ${MAX_INPUT_CHARS} characters: the rest is skipped`,
      command: '',
      position: MAX_INPUT_CHARS,
    });
  reader.run(tokenizer);
  if (reader.label !== undefined) {
    reader.warnAt('ZPL_MISSING_XZ', 'the input ends inside a label (no ^XZ): the label is ended there');
    finishLabel(reader);
  }
  return { labels: reader.labels, warnings: reader.warnings };
}
