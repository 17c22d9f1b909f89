// The cells of one sheet of an .xlsx or .ods workbook as the operator reads them: codes as digits, dates as dates.
import { SSF, read, utils, type CellObject, type WorkSheet } from '@e965/xlsx';
import { BadRequestError } from '../errors';

/** Excel's built-in short date (numFmt 14): shown in the reader's locale, so it has no one text to copy; ISO is unambiguous. */
const LOCALE_DATE_FORMATS = new Set(['m/d/yy', 'm/d/yyyy', 'mm-dd-yy', 'm/d/yy h:mm']);

function isoDate(date: Date): string {
  const iso = date.toISOString();
  const time = iso.slice(11, 19);
  if (time === '00:00:00') return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${time.endsWith(':00') ? time.slice(0, 5) : time}`;
}

/** Excel's day number of a date read as UTC (1970-01-01 is day 25569), so formatting does not depend on the machine's time zone. */
const excelDay = (date: Date): number => date.getTime() / 86_400_000 + 25_569;

/** A date in the cell's own format; a format the formatter does not know gives ISO rather than a wrong date. */
function formattedDate(date: Date, format: string): string {
  try {
    return SSF.format(format, excelDay(date));
  } catch {
    return isoDate(date);
  }
}

/**
 * A cell's text. A number in the General format is written out in full (Excel shows 4006381333931 as 4.00638E+12 in a
 * General cell, which is never what a barcode wants); a number with its own format (leading zeros, decimals) and a date
 * with its own format read as the sheet shows them; a date in the locale's short format as ISO.
 */
export function cellText(cell: CellObject | undefined): string {
  if (cell === undefined || cell.t === 'z') return '';
  const format = typeof cell.z === 'string' ? cell.z : undefined;
  const general = format === undefined || format === 'General';
  if (cell.t === 'n' && typeof cell.v === 'number' && general)
    return Number.isInteger(cell.v) ? String(cell.v) : (cell.w ?? String(cell.v));
  if (cell.t === 'd' && cell.v instanceof Date) {
    if (general || LOCALE_DATE_FORMATS.has(format)) return isoDate(cell.v);
    // .ods keeps the text it shows; .xlsx keeps only the format.
    return cell.w ?? formattedDate(cell.v, format);
  }
  if (cell.t === 's') return String(cell.v ?? '');
  return cell.w ?? (cell.v instanceof Date ? isoDate(cell.v) : String(cell.v ?? ''));
}

function sheetRows(sheet: WorkSheet): string[][] {
  const ref = sheet['!ref'];
  if (ref === undefined) return [];
  const range = utils.decode_range(ref);
  const rows: string[][] = [];
  for (let row = range.s.r; row <= range.e.r; row++) {
    const cells: string[] = [];
    for (let column = range.s.c; column <= range.e.c; column++)
      cells.push(cellText(sheet[utils.encode_cell({ r: row, c: column })] as CellObject | undefined));
    rows.push(cells);
  }
  return rows;
}

/** The rows of the sheet named `sheetName` (default: the first) of a workbook's bytes; an unknown sheet name lists the sheets. */
export function readSheetRows(
  bytes: Uint8Array,
  sheetName?: string,
): { sheet: string; sheetNames: string[]; rows: string[][] } {
  let workbook;
  try {
    // cellDates: date cells arrive as dates, not as Excel's day numbers; dense off: cells by address, as sheetRows reads them.
    workbook = read(bytes, { type: 'array', cellDates: true, cellNF: true });
  } catch (error) {
    throw new BadRequestError(`not a readable spreadsheet: ${error instanceof Error ? error.message : String(error)}`);
  }
  const name = sheetName ?? workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (name === undefined || sheet === undefined) {
    throw new BadRequestError(
      `no sheet ${JSON.stringify(sheetName)}; the sheets are ${workbook.SheetNames.map((sheet) => JSON.stringify(sheet)).join(', ')}`,
    );
  }
  return { sheet: name, sheetNames: workbook.SheetNames, rows: sheetRows(sheet) };
}
