// The records of a print: read from a sheet, CSV or JSON file as the CLI reads them, their field names, and the labels they
// make (the engine's batch rules).
import { PRINT_LIMITS } from '@shared/api/printRequest';
import { AppError } from '@shared/errors';
import { isPlainObject, planBatch } from '@shared/render/batchPlan';
import { hasExtension, readTableFile, TABLE_EXTENSIONS } from '@shared/records/tableFile';

export type PrintRecord = Record<string, unknown>;

/** The files the dialog takes, by extension. */
export const RECORD_FILES = [...TABLE_EXTENSIONS, '.json'].join(',');

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface RecordsFile {
  records: unknown[];
  /** The names a column mapping picks from: a sheet's header row, JSON records' top-level names; absent when not all records are objects. */
  columns?: string[];
}

/**
 * A file's records as `labelsmith render --records` reads them, by the same function: a sheet or CSV file (its first
 * sheet, the header on row 1; separator and encoding detected) gives records of text with dotted headers nested; any
 * other name is a JSON array of objects. Throws an Error that says what to fix.
 */
export function parseRecordsFile(fileName: string, bytes: Uint8Array): RecordsFile {
  if (hasExtension(fileName, TABLE_EXTENSIONS)) {
    try {
      const { records, columns } = readTableFile(fileName, bytes);
      return { records, columns };
    } catch (error) {
      throw new Error(`${fileName}: ${reason(error)}`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch (error) {
    throw new Error(
      `${fileName} is not valid JSON (${reason(error)}); a sheet or CSV file needs a name ending in ${TABLE_EXTENSIONS.join(', ')}`,
    );
  }
  if (!Array.isArray(value))
    throw new Error(`${fileName} must hold a JSON array of records, such as [{"name": "Ada"}, {"name": "Grace"}]`);
  return value.every(isPlainObject) ? { records: value, columns: recordFields(value) } : { records: value };
}

/** Field names over all records, in the order they first appear (the choices for the quantity field). */
export function recordFields(records: readonly unknown[]): string[] {
  const fields = new Set<string>();
  for (const record of records) {
    if (isPlainObject(record)) for (const key of Object.keys(record)) fields.add(key);
  }
  return [...fields];
}

export type PrintPlan =
  { ok: true; records: PrintRecord[]; labelCount: number; totalLabels: number } | { ok: false; problem: string };

/**
 * What a print of these records makes, checked as the server will check it (records are objects, quantities whole
 * numbers, the limits), so the dialog says what is wrong before anything is sent.
 */
export function printPlan(records: readonly unknown[], quantityField: string | undefined, copies: number): PrintPlan {
  if (!Number.isInteger(copies) || copies < 1 || copies > PRINT_LIMITS.maxCopies) {
    return { ok: false, problem: `Copies must be a whole number from 1 to ${PRINT_LIMITS.maxCopies}.` };
  }
  try {
    const plan = planBatch(records, quantityField);
    const totalLabels = plan.labelCount * copies;
    if (totalLabels > PRINT_LIMITS.maxLabels) {
      return {
        ok: false,
        problem: `${totalLabels} labels: a print sends at most ${PRINT_LIMITS.maxLabels} (labels × copies).`,
      };
    }
    return { ok: true, records: plan.records, labelCount: plan.labelCount, totalLabels };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, problem: error.message };
    throw error;
  }
}
