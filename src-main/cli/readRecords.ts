// Reads `--records` for render and print: JSON, CSV, .xlsx or .ods, then the sheet choice, header row, range, mapping and set values.
import { Command } from 'commander';
import { BadRequestError } from '@shared/errors';
import { isPlainObject } from '@shared/render/batchPlan';
import type { LabelData } from '@shared/layout/layoutLabel';
import { parseRecordRange, selectRange } from '@shared/records/recordRange';
import { effectiveColumnMap, templateFields } from '@shared/records/columnMap';
import { parseAssignment, shapeRecords } from '@shared/records/recordValues';
import { validateTemplate } from '@shared/model/template';
import { CSV_EXTENSIONS, hasExtension, readTableFile, SHEET_EXTENSIONS } from '@shared/records/tableFile';
import { UsageError } from './cliErrors';
import { readInputBytes, readJsonFile } from './readInput';

/** The options of a data source, as commander gives them (render and print take the same ones). */
export interface RecordsOptions {
  sheet?: string;
  headerRow?: string;
  range?: string;
  map?: string[];
  set?: string[];
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Adds --sheet, --header-row, --range, --map and --set to a command that takes --records. */
export function withRecordsOptions(command: Command): Command {
  return command
    .option('--sheet <name>', 'with --records .xlsx/.ods: the sheet to read (default: the first)')
    .option(
      '--header-row <n>',
      'with a sheet or CSV: the row naming the columns, 1-based (default 1); rows above it are skipped',
    )
    .option('--range <from-to>', 'with --records: only records N to M, 1-based and inclusive ("40-60", "7", "40-")')
    .option(
      '--map <field=Column>',
      'with --records: fill the field (dotted for nested) from that column; repeatable',
      collect,
    )
    .option('--set <name=value>', 'a value for every record (or for --data), top-level or dotted; repeatable', collect);
}

/** The batch options make no sense with --data: each one given without --records is a usage error. */
export function refuseRecordsOptionsWithout(
  records: string | undefined,
  options: RecordsOptions & { quantityField?: string },
): void {
  if (records !== undefined) return;
  const given = {
    '--quantity-field': options.quantityField,
    '--range': options.range,
    '--map': options.map,
    '--sheet': options.sheet,
    '--header-row': options.headerRow,
  };
  for (const [option, value] of Object.entries(given))
    if (value !== undefined) throw new UsageError(`${option} needs --records`);
}

function wholeNumber(text: string, option: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`${option} must be a whole number from 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

/** Records of a sheet or CSV: rows under the header row, as text, dotted column names nested. */
function readTable(path: string, options: RecordsOptions): { columns: string[]; records: LabelData[] } {
  const bytes = readInputBytes(path, 'records');
  const headerRow = options.headerRow === undefined ? 1 : wholeNumber(options.headerRow, '--header-row');
  return readTableFile(path, bytes, { sheet: options.sheet, headerRow });
}

/** JSON records' "columns": their top-level names, in the order they first appear. */
function recordNames(records: readonly LabelData[]): string[] {
  return [...new Set(records.flatMap((record) => Object.keys(record)))];
}

/**
 * The [field, column] pairs that shape the records: --map, then the template's saved mapping, then suggestions by
 * name for its other fields. A template that does not validate maps nothing: its render reports what is wrong.
 */
function columnMapFor(
  template: unknown,
  columns: readonly string[],
  overrides: [string, string][],
): [string, string][] {
  const validation = template === undefined ? undefined : validateTemplate(template);
  if (validation === undefined || !validation.ok) return overrides;
  return effectiveColumnMap({
    fields: templateFields(validation.template),
    columns,
    saved: validation.template.meta.columnMap,
    overrides,
  });
}

/** The set values as pairs; `--set` also applies to `--data`. */
export function setValues(options: RecordsOptions): [string, string][] {
  return (options.set ?? []).map((text) => parseAssignment(text, '--set'));
}

/** `--data` with the --set values on top (the data must be an object to take them). */
export function withSetValues(data: unknown, options: RecordsOptions): unknown {
  const set = setValues(options);
  if (set.length === 0) return data;
  if (!isPlainObject(data)) throw new UsageError('--set needs --data to be a JSON object');
  return shapeRecords([data], [], set)[0];
}

export interface ReadRecords {
  /** The records to render; JSON records that need no shaping are passed on as read, for the engine to check. */
  records: unknown;
  /** The number, in the file, of the first record here (1 unless --range): warnings name records by their number in the file. */
  firstNumber: number;
}

/** Refuses the sheet and header options where they mean nothing, so a typo in the command does not pass unnoticed. */
function checkApplicable(path: string, options: RecordsOptions): void {
  const table = hasExtension(path, SHEET_EXTENSIONS) || hasExtension(path, CSV_EXTENSIONS);
  if (options.sheet !== undefined && !hasExtension(path, SHEET_EXTENSIONS))
    throw new UsageError('--sheet needs --records to be an .xlsx or .ods file');
  if (options.headerRow !== undefined && !table)
    throw new UsageError('--header-row needs --records to be a sheet or CSV file');
}

/**
 * The records of FILE by its extension: a sheet (.xlsx, .xlsm, .xls, .ods), CSV (.csv, .tsv, .txt), else JSON ("-":
 * stdin). `template` (its JSON, when known) gives the saved column mapping and the fields suggested by name.
 */
export function readRecordsFile(path: string, options: RecordsOptions = {}, template?: unknown): ReadRecords {
  checkApplicable(path, options);
  const overrides = (options.map ?? []).map((text) => parseAssignment(text, '--map'));
  const set = setValues(options);
  const range = options.range === undefined ? undefined : parseRecordRange(options.range);
  // Warnings number records from the first one on: a list of spans would number them wrongly, so one span here.
  if (range !== undefined && range.spans.length > 1)
    throw new BadRequestError(
      `--range takes one span (N, N-M or N-), got ${JSON.stringify(options.range)}: run the command once per span`,
    );
  const table = hasExtension(path, SHEET_EXTENSIONS) || hasExtension(path, CSV_EXTENSIONS);
  const read = table ? readTable(path, options) : undefined;
  let records: unknown = read ? read.records : readJsonFile(path, 'records');
  const objects = Array.isArray(records) && records.every(isPlainObject);
  const map = objects
    ? columnMapFor(template, read?.columns ?? recordNames(records as LabelData[]), overrides)
    : overrides;
  if (!table && map.length + set.length === 0 && range === undefined) return { records, firstNumber: 1 };
  if (!objects) throw new BadRequestError('records: must be an array of objects to take --range, --map or --set');
  if (range !== undefined) records = selectRange(records as LabelData[], range);
  return { records: shapeRecords(records as LabelData[], map, set), firstNumber: range?.first ?? 1 };
}
