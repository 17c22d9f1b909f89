// A batch's shape before any rendering: every record an object, every quantity valid, the label count within limits.
// Cheap (no layout), so the server counts a batch's labels for quota and time budget before a render thread sees it.
import { BadRequestError } from '../errors';
import type { LabelData } from '../layout/layoutLabel';
import { BATCH_LIMITS } from './outputFormats';

export interface BatchPlan {
  records: LabelData[];
  /** Copies of each record, in record order. */
  quantities: number[];
  /** Labels after quantity: the sum of quantities. */
  labelCount: number;
  /** The number of the first record, as its source numbers records (1-based; more with a range of a sheet). */
  firstNumber: number;
}

/** Label data: a JSON object. This module stays free of the emitters so the editor checks a print's records with it. */
export function isPlainObject(value: unknown): value is LabelData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Messages name records by number, 1-based, as operators count rows; details keep the request's JSON path (0-based). */
function badRecord(path: string, message: string, label = path): BadRequestError {
  return new BadRequestError(`${label}: ${message}`, { errors: [{ path, message }] });
}

/**
 * A record's copies. Missing, null or blank means 1 (a CSV column left empty); otherwise a whole number 1..maxQuantity,
 * as a number or as digits in a string (CSV cells are strings).
 */
function quantityOf(value: unknown, path: string, label: string): number {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 1;
  const quantity = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    quantity > BATCH_LIMITS.maxQuantity
  ) {
    throw badRecord(
      path,
      `quantity must be a whole number from 1 to ${BATCH_LIMITS.maxQuantity}, got ${JSON.stringify(value)}`,
      label,
    );
  }
  return quantity;
}

/**
 * Validates a batch (BadRequestError naming the first bad record: "record 4" in the message, records[3] in the details)
 * and expands its quantities. `firstNumber`: the number of records[0] in its source (a --range of a sheet starts later).
 */
export function planBatch(records: unknown, quantityField?: string, firstNumber = 1): BatchPlan {
  if (!Array.isArray(records)) throw badRecord('records', 'must be an array of objects');
  if (records.length === 0) throw badRecord('records', 'must hold at least one record');
  if (records.length > BATCH_LIMITS.maxRecords) {
    throw badRecord('records', `at most ${BATCH_LIMITS.maxRecords} records per request, got ${records.length}`);
  }
  const quantities: number[] = [];
  let labelCount = 0;
  for (const [index, record] of records.entries()) {
    const label = `record ${firstNumber + index}`;
    if (!isPlainObject(record)) throw badRecord(`records[${index}]`, 'must be a JSON object', label);
    const quantity =
      quantityField === undefined
        ? 1
        : quantityOf(record[quantityField], `records[${index}].${quantityField}`, `${label}: ${quantityField}`);
    quantities.push(quantity);
    labelCount += quantity;
  }
  if (labelCount > BATCH_LIMITS.maxLabels) {
    throw badRecord(
      'records',
      `at most ${BATCH_LIMITS.maxLabels} labels per request after quantity, got ${labelCount}`,
    );
  }
  return { records: records as LabelData[], quantities, labelCount, firstNumber };
}
