// `labelsmith print`: renders a template for a configured printer and sends it through the print queue, waiting until the job is done or failed.
import { Command } from 'commander';
import { z } from 'zod';
import { PRINT_LIMITS } from '@shared/api/printRequest';
import { BATCH_LIMITS } from '@shared/render/outputFormats';
import { DEFAULT_RETRY_POLICY } from '../printing/printQueueOptions';
import { parseOptions, wholeNumberSchema, withStoreOptions, withStore, type StoreLocation } from './adminCliSupport';
import { UsageError } from './cliErrors';
import { readInputBytes, readJsonFile } from './readInput';
import { readRecordsFile, refuseRecordsOptionsWithout, withRecordsOptions, withSetValues } from './readRecords';

const printOptionsSchema = z.object({
  printer: z.string(),
  template: z.string().optional(),
  templateId: z.string().optional(),
  templateVersion: wholeNumberSchema(1).optional(),
  data: z.string().optional(),
  records: z.string().optional(),
  quantityField: z.string().optional(),
  sheet: z.string().optional(),
  headerRow: z.string().optional(),
  range: z.string().optional(),
  map: z.array(z.string()).optional(),
  set: z.array(z.string()).optional(),
  copies: wholeNumberSchema(1)
    .pipe(z.number().max(PRINT_LIMITS.maxCopies, { message: `must be at most ${PRINT_LIMITS.maxCopies}` }))
    .optional(),
  maxAttempts: wholeNumberSchema(1).optional(),
  sheetStart: wholeNumberSchema(1).optional(),
  zpl: z.string().optional(),
});
export type PrintOptions = z.output<typeof printOptionsSchema>;

/** What to print, read from the files before the database is opened; every wrong combination is a usage error (exit 2). */
export interface Source {
  templateFile?: unknown;
  data?: unknown;
  records?: unknown[];
  /** With --range: the file's number of the first record (warnings name records as the file numbers them). */
  firstNumber?: number;
  /** --zpl: the file's bytes, sent as they are. */
  zpl?: Uint8Array;
}

/** --records as a batch: an array of records (a sheet, CSV, or a JSON array), shaped by the template's column mapping. */
export function readBatch(options: PrintOptions, template: unknown): Pick<Source, 'records' | 'firstNumber'> {
  const { records, firstNumber } = readRecordsFile(options.records ?? '', options, template);
  if (!Array.isArray(records))
    throw new UsageError(
      `--records: must be a sheet, a CSV file or a JSON array of objects, at most ${BATCH_LIMITS.maxRecords} records`,
    );
  return { records, firstNumber };
}

function readSource(options: PrintOptions): Source {
  if (options.zpl !== undefined) {
    const others = (
      [
        'template',
        'templateId',
        'templateVersion',
        'data',
        'records',
        'quantityField',
        'sheet',
        'headerRow',
        'range',
        'map',
        'set',
        'sheetStart',
      ] as const
    ).filter((key) => options[key] !== undefined);
    if (others.length > 0)
      throw new UsageError(
        '--zpl prints raw ZPL: give it without --template, --template-id, --data, --records or their options',
      );
    return { zpl: readInputBytes(options.zpl, 'ZPL') };
  }
  if ((options.template === undefined) === (options.templateId === undefined))
    throw new UsageError('give either --template or --template-id');
  if (options.templateVersion !== undefined && options.templateId === undefined)
    throw new UsageError('--template-version needs --template-id (a template file has no versions)');
  if ((options.data === undefined) === (options.records === undefined))
    throw new UsageError('give either --data or --records');
  refuseRecordsOptionsWithout(options.records, options);
  const stdinReaders = [options.template, options.data, options.records].filter((path) => path === '-');
  if (stdinReaders.length > 1) throw new UsageError('only one of --template and --data/--records can read stdin');
  const templateFile = options.template === undefined ? undefined : readJsonFile(options.template, 'template');
  if (options.data !== undefined)
    return { templateFile, data: withSetValues(readJsonFile(options.data, 'data'), options) };
  // A stored template's column mapping is known once the store is open: its records are read then.
  return templateFile === undefined ? {} : { templateFile, ...readBatch(options, templateFile) };
}

export function printCommand(): Command {
  return withRecordsOptions(withStoreOptions(new Command('print')))
    .description(
      'print a template with data, or one label per record, on a configured printer; waits for the job and prints it as JSON',
    )
    .requiredOption('--printer <id>', 'printer id (labelsmith printer list)')
    .option('--template <file>', 'template JSON file ("-" for stdin)')
    .option('--template-id <id>', "a template of the printer's team: id or slug, or <library>:<slug> (its saved draft)")
    .option(
      '--template-version <n>',
      'with --template-id: print this published version instead of the draft (labelsmith template versions)',
    )
    .option('--data <file>', 'data JSON file ("-" for stdin)')
    .option(
      '--records <file>',
      'a batch instead of --data, one label per record: .xlsx or .ods, CSV (, ; or tab) with a header row, or a JSON array of objects',
    )
    .option(
      '--quantity-field <name>',
      `with --records: the field holding each record's copies (1..${BATCH_LIMITS.maxQuantity}; empty: 1)`,
    )
    .option('--copies <n>', `times the whole document is printed, 1..${PRINT_LIMITS.maxCopies} (default 1)`)
    .option(
      '--sheet-start <n>',
      'a template with a sheet, to a PDF queue: the label position on the first sheet to start at (default 1)',
    )
    .option(
      '--zpl <file>',
      'raw ZPL to send as it is instead of a template ("-" for stdin); configuration commands need the printer\'s --allow-config-commands',
    )
    .option(
      '--max-attempts <n>',
      `attempts at each part of the job before it fails (default ${DEFAULT_RETRY_POLICY.maxAttempts}; waits double from ${DEFAULT_RETRY_POLICY.baseDelayMs / 1000} s between them)`,
    )
    .action(async (raw: StoreLocation) => {
      const options = parseOptions(printOptionsSchema, raw);
      const source = readSource(options);
      const { print } = await import('./printJobRun');
      await withStore(raw, (store) => print(store, options, source));
    });
}
