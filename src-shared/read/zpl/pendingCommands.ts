// Commands known to exist but not read yet (barcodes, ~DB bitmap fonts, ^IS): skipped with a warning, never drawn as text.
import type { ZplCommandTable, ZplReader } from './zplReader';
import type { ZplCommand } from './zplTokenizer';

// The barcodes barcodeCommands.ts does not read (yet).
const BARCODE_FIELDS = ['B1', 'B4', 'B5', 'BB', 'BI', 'BJ', 'BL', 'BM', 'BP', 'BS', 'BT'];
const OTHER = ['~DB', '^IS'];

function skipField(reader: ZplReader, command: ZplCommand): void {
  reader.warnAt('ZPL_UNSUPPORTED', `^${command.name} is not drawn yet: its field is skipped`);
  reader.field.onClose = () => undefined;
}

/** Merged before the barcode and graphic readers' own tables, which replace these entries as they land. */
export const PENDING_COMMANDS: ZplCommandTable = {
  ...Object.fromEntries(BARCODE_FIELDS.map((name) => [`^${name}`, skipField])),
  ...Object.fromEntries(
    OTHER.map((name) => [
      name,
      (reader: ZplReader) => reader.warnAt('ZPL_UNSUPPORTED', `${name} is not read yet: skipped`),
    ]),
  ),
};
