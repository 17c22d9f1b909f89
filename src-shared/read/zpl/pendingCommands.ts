// Barcode and graphic commands known to exist but not read yet: their fields are skipped with a warning, never drawn as text.
import type { ZplCommandTable, ZplReader } from './zplReader';
import type { ZplCommand } from './zplTokenizer';

const BARCODE_FIELDS = ['B0', 'B1', 'B2', 'B3', 'B4', 'B5', 'B7', 'B8', 'B9', 'BA', 'BB', 'BC', 'BD', 'BE', 'BF', 'BI', 'BJ', 'BK', 'BL', 'BM', 'BO', 'BP', 'BQ', 'BR', 'BS', 'BT', 'BU', 'BX', 'BZ'];
const GRAPHIC_FIELDS = ['GF', 'XG', 'IM'];
const OTHER = ['^BY', '~DG', '~DY', '~DB', '^IL', '^ID', '^IS'];

function skipField(reader: ZplReader, command: ZplCommand): void {
  reader.warnAt('ZPL_UNSUPPORTED', `^${command.name} is not drawn yet: its field is skipped`);
  reader.field.onClose = () => undefined;
}

/** Merged before the barcode and graphic readers' own tables, which replace these entries as they land. */
export const PENDING_COMMANDS: ZplCommandTable = {
  ...Object.fromEntries([...BARCODE_FIELDS, ...GRAPHIC_FIELDS].map((name) => [`^${name}`, skipField])),
  ...Object.fromEntries(OTHER.map((name) => [name, (reader: ZplReader) => reader.warnAt('ZPL_UNSUPPORTED', `${name} is not read yet: skipped`)])),
};
