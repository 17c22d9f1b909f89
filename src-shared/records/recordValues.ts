// --map field=Column and --set name=value: fields filled from a differently named column, and values given for every record.
import { BadRequestError } from '../errors';
import type { LabelData } from '../layout/layoutLabel';
import { setPath } from './tableRecords';

/** "name=value" split at its first "=", for options given as a list of such pairs. */
export function parseAssignment(text: string, option: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new BadRequestError(`${option} takes name=value, got ${JSON.stringify(text)}`);
  return [text.slice(0, at).trim(), text.slice(at + 1)];
}

/** Reads a dotted path of a record (a column of a sheet is a path too: its dotted name was nested). */
export function valueAt(record: LabelData, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as LabelData)[key];
  }
  return value;
}

/**
 * Each record with the mapped fields filled from their columns (the columns stay too) and the set values on top.
 * A mapped column that no record has is refused: a misspelt column would otherwise print blank labels.
 */
export function shapeRecords(
  records: readonly LabelData[],
  map: readonly [string, string][],
  set: readonly [string, string][],
): LabelData[] {
  for (const [field, column] of map) {
    if (!records.some((record) => valueAt(record, column) !== undefined))
      throw new BadRequestError(`--map ${field}=${column}: no column "${column}" in the records`);
  }
  return records.map((source) => {
    const record = structuredClone(source);
    for (const [field, column] of map) setPath(record, field, valueAt(source, column));
    for (const [name, value] of set) setPath(record, name, value);
    return record;
  });
}
