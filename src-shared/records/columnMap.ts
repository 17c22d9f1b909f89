// Which column fills which template field: the mapping saved with the template, suggestions by name, and overrides (--map).
import type { Template } from '../model/template';
import { elementFields } from '../layout/missingFields';

/** A name reduced to letters and digits, lower case: "Ship To Name", "ship_to.name" and "shipTo.name" are the same. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The fields a column can fill: those the elements show, in drawing order, each once. Prompted fields are asked at
 * print time, not mapped.
 */
export function templateFields(template: Template): string[] {
  const prompted = new Set((template.prompts ?? []).map((prompt) => prompt.name));
  const fields = new Set<string>();
  for (const element of template.elements)
    for (const field of elementFields(element)) if (!prompted.has(field)) fields.add(field);
  return [...fields];
}

/**
 * The column a field is suggested to come from: one whose name matches the field's path (case, spaces and punctuation
 * aside), else the only one matching its last name ("Name" for shipTo.name). A column named exactly as the field needs
 * no mapping: undefined then.
 */
export function suggestColumn(field: string, columns: readonly string[]): string | undefined {
  if (columns.includes(field)) return undefined;
  const whole = normaliseName(field);
  const exact = columns.find((column) => normaliseName(column) === whole);
  if (exact !== undefined) return exact;
  const last = normaliseName(field.split('.').at(-1) ?? field);
  const byLast = columns.filter((column) => normaliseName(column) === last);
  return byLast.length === 1 ? byLast[0] : undefined;
}

export interface ColumnMapChoice {
  /** The template's fields (templateFields). */
  fields: readonly string[];
  /** The sheet's column names. */
  columns: readonly string[];
  /** The template's saved mapping (meta.columnMap): an entry whose column this sheet lacks is left out. */
  saved?: Readonly<Record<string, string>>;
  /** Given for this run (--map, the editor's choice): they win, and their columns must exist (shapeRecords checks). */
  overrides?: readonly [string, string][];
}

/** The mapping a print uses, as [field, column] pairs: overrides, else the saved mapping, else a suggestion by name. */
export function effectiveColumnMap({
  fields,
  columns,
  saved = {},
  overrides = [],
}: ColumnMapChoice): [string, string][] {
  const map = new Map<string, string>(overrides);
  for (const field of fields) {
    if (map.has(field)) continue;
    const stored = Object.hasOwn(saved, field) ? saved[field] : undefined;
    const column = stored !== undefined && columns.includes(stored) ? stored : suggestColumn(field, columns);
    if (column !== undefined) map.set(field, column);
  }
  for (const [field, column] of Object.entries(saved))
    if (!map.has(field) && columns.includes(column)) map.set(field, column);
  return [...map];
}
