// The rows of a CSV file as saved by any spreadsheet: encoding (UTF-8, with or without BOM, Windows-1252) and separator (, ; tab) detected.
// The browser build: the editor reads sheets too, and it runs in Node as well (the plain build needs Buffer).
import { parse } from 'csv-parse/browser/esm/sync';
import { BadRequestError } from '../errors';

const SEPARATORS = [',', ';', '\t'] as const;

/**
 * Text of the file: a BOM says UTF-8 or UTF-16 (Excel's "Unicode text"); without one, bytes that are valid UTF-8 are UTF-8,
 * and anything else is Windows-1252, what Excel saves as "CSV" on a western Windows.
 */
function decodeCsvText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator used most in the first line outside quotes (comma when none: a one-column file); csv-parse has no detection. */
function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  for (const separator of SEPARATORS) if ((counts.get(separator) ?? 0) > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** Every row as cells of text; rows shorter than the header are fine (a spreadsheet leaves trailing empty cells out). */
export function readCsvRows(bytes: Uint8Array): string[][] {
  const text = decodeCsvText(bytes);
  try {
    return parse(text, {
      delimiter: detectSeparator(text),
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new BadRequestError(`not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
}
