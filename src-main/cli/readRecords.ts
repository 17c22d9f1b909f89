// Reads `render --records`: a JSON array of objects, or CSV with a header row (each row an object of strings).
import { parse } from 'csv-parse/sync';
import { UsageError } from './cliErrors';
import { readInputText, readJsonFile } from './readInput';

/** The records of FILE, by its extension: .csv is CSV, anything else (and "-" for stdin) JSON. Shapes are checked by the engine. */
export function readRecordsFile(path: string): unknown {
  if (!path.toLowerCase().endsWith('.csv')) return readJsonFile(path, 'records');
  const text = readInputText(path, 'records');
  try {
    // bom: a spreadsheet's UTF-8 export starts with one, which would otherwise stick to the first column's name.
    return parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (error) {
    throw new UsageError(`records file ${JSON.stringify(path)} is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
}
