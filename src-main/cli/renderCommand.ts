// `labelsmith render`: renders a template file with a data file, or a batch of records (JSON or CSV), to pdf, png, zpl or html.
import { Command, Option } from 'commander';
import { bundledFonts } from '../fonts/bundledFonts';
import type { RenderWarning } from '@shared/layout/laidOutLabel';
import {
  BATCH_LIMITS,
  OUTPUT_FORMATS,
  PNG_DPI,
  ZPL_DPIS,
  type OutputFormat,
  type ZplDpi,
} from '@shared/render/outputFormats';
import { renderLabels } from '@shared/render/renderBatch';
import { renderLabel } from '@shared/render/renderLabel';
import { UsageError } from './cliErrors';
import { progressLine } from './progressLine';
import { readJsonFile } from './readInput';
import {
  readRecordsFile,
  refuseRecordsOptionsWithout,
  withRecordsOptions,
  withSetValues,
  type RecordsOptions,
} from './readRecords';
import { writeWarnings } from './writeWarnings';
import { writeFileAtomically, writeStdout } from '../files/writeOutput';

interface RenderCommandOptions extends RecordsOptions {
  template: string;
  data?: string;
  records?: string;
  quantityField?: string;
  format: OutputFormat;
  dpi?: string;
  zplDpi?: string;
  sheetStart?: string;
  out?: string;
}

function parseWholeNumber(text: string, option: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${option} must be a whole number, got ${JSON.stringify(text)}`);
  return Number(text);
}

export function renderCommand(): Command {
  return withRecordsOptions(new Command('render'))
    .description('render a template with data, or one label per record of a batch, to pdf, png, zpl or html')
    .requiredOption('--template <file>', 'template JSON file ("-" for stdin)')
    .option('--data <file>', 'data JSON file ("-" for stdin)')
    .option(
      '--records <file>',
      'a batch instead of --data, one label per record: .xlsx or .ods, CSV (, ; or tab) with a header row, or a JSON array of objects',
    )
    .option(
      '--quantity-field <name>',
      `with --records: the field holding each record's copies (1..${BATCH_LIMITS.maxQuantity}; empty: 1)`,
    )
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).makeOptionMandatory())
    .option('--dpi <n>', `PNG resolution, ${PNG_DPI.min}..${PNG_DPI.max} (default ${PNG_DPI.default})`)
    .option('--zpl-dpi <n>', `ZPL printer resolution: ${ZPL_DPIS.join(', ')} (default 203)`)
    .option(
      '--sheet-start <n>',
      'pdf of a template with a sheet (dimensions.sheet): the label position on the first sheet to start at (default 1)',
    )
    .option('--out <file>', 'output file (default: stdout)')
    .action(async (options: RenderCommandOptions) => {
      const { data, records } = options;
      if (data !== undefined && records !== undefined)
        throw new UsageError('give either --data or --records, not both');
      refuseRecordsOptionsWithout(records, options);
      if (options.template === '-' && (data ?? records) === '-')
        throw new UsageError('only one of --template and --data/--records can read stdin');
      const zplDpi = options.zplDpi === undefined ? undefined : parseWholeNumber(options.zplDpi, '--zpl-dpi');
      if (zplDpi !== undefined && !(ZPL_DPIS as readonly number[]).includes(zplDpi)) {
        throw new UsageError(`--zpl-dpi must be one of ${ZPL_DPIS.join(', ')}`);
      }
      const template = readJsonFile(options.template, 'template');
      const renderOptions = {
        format: options.format,
        dpi: options.dpi === undefined ? undefined : parseWholeNumber(options.dpi, '--dpi'),
        zplDpi: zplDpi as ZplDpi | undefined,
        sheetStart:
          options.sheetStart === undefined ? undefined : parseWholeNumber(options.sheetStart, '--sheet-start'),
        fonts: bundledFonts(),
      };
      let output: { bytes: Uint8Array; warnings: (RenderWarning & { record?: number })[] };
      if (records !== undefined) {
        const onProgress = progressLine(process.stderr);
        const read = readRecordsFile(records, options, template);
        output = await renderLabels(template, read.records, {
          ...renderOptions,
          quantityField: options.quantityField,
          firstRecordNumber: read.firstNumber,
          onProgress,
        });
      } else if (data !== undefined) {
        output = await renderLabel(template, withSetValues(readJsonFile(data, 'data'), options), renderOptions);
      } else {
        throw new UsageError('give either --data or --records');
      }
      writeWarnings(output.warnings);
      if (options.out === undefined) await writeStdout(output.bytes);
      else writeFileAtomically(options.out, output.bytes);
    });
}
