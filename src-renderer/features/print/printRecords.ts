// The records of a print: read from a CSV or JSON file, their field names, and the labels they make (the engine's batch rules).
import { parse } from 'csv-parse/browser/esm/sync';
import { PRINT_LIMITS } from '../../../src-shared/api/printRequest';
import { AppError } from '../../../src-shared/errors';
import { planBatch } from '../../../src-shared/render/batchPlan';

export type PrintRecord = Record<string, unknown>;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A file's records as `labelsmith render --records` reads them: a .csv file has a header row and gives records of
 * strings; any other name is a JSON array of objects. Throws an Error that says what to fix.
 */
export function parseRecordsFile(fileName: string, text: string): unknown[] {
  if (fileName.toLowerCase().endsWith('.csv')) {
    try {
      // bom: a spreadsheet's UTF-8 export starts with one, which would otherwise stick to the first column's name.
      return parse(text, { columns: true, bom: true, skip_empty_lines: true }) as PrintRecord[];
    } catch (error) {
      throw new Error(`${fileName} is not valid CSV: ${reason(error)}`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`${fileName} is not valid JSON (${reason(error)}); a CSV file needs a name ending in .csv`);
  }
  if (!Array.isArray(value)) throw new Error(`${fileName} must hold a JSON array of records, such as [{"name": "Ada"}, {"name": "Grace"}]`);
  return value;
}

/** Field names over all records, in the order they first appear (the choices for the quantity field). */
export function recordFields(records: readonly unknown[]): string[] {
  const fields = new Set<string>();
  for (const record of records) {
    if (typeof record === 'object' && record !== null && !Array.isArray(record)) for (const key of Object.keys(record)) fields.add(key);
  }
  return [...fields];
}

export type PrintPlan = { ok: true; records: PrintRecord[]; labelCount: number; totalLabels: number } | { ok: false; problem: string };

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
      return { ok: false, problem: `${totalLabels} labels: a print sends at most ${PRINT_LIMITS.maxLabels} (labels × copies).` };
    }
    return { ok: true, records: plan.records, labelCount: plan.labelCount, totalLabels };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, problem: error.message };
    throw error;
  }
}
