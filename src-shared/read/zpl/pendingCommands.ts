// Commands known to exist but not read yet (barcodes, ~DB bitmap fonts, ^IS): skipped with a warning, never drawn as text.
import type { ZplCommandTable, ZplReader } from './zplReader';
import type { ZplCommand } from './zplTokenizer';

const BARCODE_FIELDS = ['B0', 'B1', 'B2', 'B3', 'B4', 'B5', 'B7', 'B8', 'B9', 'BA', 'BB', 'BC', 'BD', 'BE', 'BF', 'BI', 'BJ', 'BK', 'BL', 'BM', 'BO', 'BP', 'BQ', 'BR', 'BS', 'BT', 'BU', 'BX', 'BZ'];
const OTHER = ['^BY', '~DB', '^IS'];

function skipField(reader: ZplReader, command: ZplCommand): void {
  reader.warnAt('ZPL_UNSUPPORTED', `^${command.name} is not drawn yet: its field is skipped`);
  reader.field.onClose = () => undefined;
}

/** Merged before the barcode and graphic readers' own tables, which replace these entries as they land. */
export const PENDING_COMMANDS: ZplCommandTable = {
  ...Object.fromEntries(BARCODE_FIELDS.map((name) => [`^${name}`, skipField])),
  ...Object.fromEntries(OTHER.map((name) => [name, (reader: ZplReader) => reader.warnAt('ZPL_UNSUPPORTED', `${name} is not read yet: skipped`)])),
};
