// A sheet or CSV file's records by its name: .xlsx/.xlsm/.xls/.ods are workbooks, .csv/.tsv/.txt CSV (the CLI and the editor read the same way).
import type { LabelData } from '../layout/layoutLabel';
import { readCsvRows } from './csvRows';
import { readSheetRows } from './sheetRows';
import { tableRecords } from './tableRecords';

export const SHEET_EXTENSIONS = ['.xlsx', '.xlsm', '.xls', '.ods'];
export const CSV_EXTENSIONS = ['.csv', '.tsv', '.txt'];
/** Every file read as a table: sheets and CSV. */
export const TABLE_EXTENSIONS = [...SHEET_EXTENSIONS, ...CSV_EXTENSIONS];

export function hasExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

export interface TableFile {
  /** The sheet read (a workbook's), null for CSV. */
  sheet: string | null;
  /** A workbook's sheets, in order; empty for CSV. */
  sheetNames: string[];
  /** The column names of the header row, blank ones left out. */
  columns: string[];
  /** One per row below the header row, cells as text, dotted names nested. */
  records: LabelData[];
}

/** How a table file is read: the sheet (default: the first) and the row naming the columns, 1-based (default 1). */
export interface TableChoice {
  sheet?: string;
  headerRow?: number;
}

/** The records of a workbook's sheet (default: the first) or of a CSV file, with the header on row `headerRow` (1-based). */
export function readTableFile(name: string, bytes: Uint8Array, { sheet, headerRow = 1 }: TableChoice = {}): TableFile {
  if (hasExtension(name, SHEET_EXTENSIONS)) {
    const read = readSheetRows(bytes, sheet);
    return { sheet: read.sheet, sheetNames: read.sheetNames, ...tableRecords(read.rows, headerRow) };
  }
  return { sheet: null, sheetNames: [], ...tableRecords(readCsvRows(bytes), headerRow) };
}
