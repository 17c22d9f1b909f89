// Rows of a sheet or CSV (cells as text) to records: the header row names the fields, dotted names fill nested objects.
import { BadRequestError } from '../errors';
import { FORBIDDEN_NAMES } from '../expr/limits';
import type { LabelData } from '../layout/layoutLabel';

/** Sets `record.a.b.c` for the path "a.b.c", making the objects on the way; a name that would reach a prototype is refused. */
export function setPath(record: LabelData, path: string, value: unknown): void {
  const keys = path.split('.');
  if (keys.some((key) => key === '' || FORBIDDEN_NAMES.has(key)))
    throw new BadRequestError(`field name "${path}" is not allowed`);
  let target = record;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(target, key) ? target[key] : undefined;
    if (next === undefined) target = target[key] = {};
    else if (typeof next === 'object' && next !== null && !Array.isArray(next)) target = next as LabelData;
    else throw new BadRequestError(`field "${path}" cannot be filled: "${key}" already holds a value`);
  }
  target[keys[keys.length - 1] ?? path] = value;
}

/**
 * Records of the rows below `headerRow` (1-based) named by that row's cells; a column without a name is left out, and
 * so is a row with every cell empty (the blank lines a sheet has at its end).
 */
export function tableRecords(
  rows: readonly (readonly string[])[],
  headerRow = 1,
): { columns: string[]; records: LabelData[] } {
  const header = rows[headerRow - 1];
  if (header === undefined) throw new BadRequestError(`header row ${headerRow} is past the last row (${rows.length})`);
  const columns = header.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of columns) {
    if (name !== '' && seen.has(name)) throw new BadRequestError(`column "${name}" appears twice in the header row`);
    seen.add(name);
  }
  const records: LabelData[] = [];
  for (const row of rows.slice(headerRow)) {
    if (row.every((cell) => cell === '')) continue;
    const record: LabelData = {};
    columns.forEach((name, index) => {
      if (name !== '') setPath(record, name, row[index] ?? '');
    });
    records.push(record);
  }
  return { columns: columns.filter((name) => name !== ''), records };
}
