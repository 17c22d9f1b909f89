// `labelsmith render`: renders a template file with a data file to pdf, png, zpl or html.
import { Command, Option } from 'commander';
import { bundledFonts } from '../fonts/bundledFonts';
import { OUTPUT_FORMATS, PNG_DPI, ZPL_DPIS, type OutputFormat, type ZplDpi } from '../../src-shared/render/outputFormats';
import { renderLabel } from '../../src-shared/render/renderLabel';
import { UsageError } from './cliErrors';
import { readJsonFile } from './readInput';
import { writeFileAtomically, writeStdout } from '../files/writeOutput';

interface RenderCommandOptions {
  template: string;
  data: string;
  format: OutputFormat;
  dpi?: string;
  zplDpi?: string;
  out?: string;
}

function parseWholeNumber(text: string, option: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${option} must be a whole number, got ${JSON.stringify(text)}`);
  return Number(text);
}

export function renderCommand(): Command {
  return new Command('render')
    .description('render a template with data to pdf, png, zpl or html')
    .requiredOption('--template <file>', 'template JSON file ("-" for stdin)')
    .requiredOption('--data <file>', 'data JSON file ("-" for stdin)')
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).makeOptionMandatory())
    .option('--dpi <n>', `PNG resolution, ${PNG_DPI.min}..${PNG_DPI.max} (default ${PNG_DPI.default})`)
    .option('--zpl-dpi <n>', `ZPL printer resolution: ${ZPL_DPIS.join(', ')} (default 203)`)
    .option('--out <file>', 'output file (default: stdout)')
    .action(async (options: RenderCommandOptions) => {
      if (options.template === '-' && options.data === '-') throw new UsageError('only one of --template and --data can read stdin');
      const zplDpi = options.zplDpi === undefined ? undefined : parseWholeNumber(options.zplDpi, '--zpl-dpi');
      if (zplDpi !== undefined && !(ZPL_DPIS as readonly number[]).includes(zplDpi)) {
        throw new UsageError(`--zpl-dpi must be one of ${ZPL_DPIS.join(', ')}`);
      }
      const template = readJsonFile(options.template, 'template');
      const data = readJsonFile(options.data, 'data');
      const output = await renderLabel(template, data, {
        format: options.format,
        dpi: options.dpi === undefined ? undefined : parseWholeNumber(options.dpi, '--dpi'),
        zplDpi: zplDpi as ZplDpi | undefined,
        fonts: bundledFonts(),
      });
      for (const warning of output.warnings) {
        process.stderr.write(`warning: ${warning.elementId ? `element "${warning.elementId}": ` : ''}${warning.message} (${warning.code})\n`);
      }
      if (options.out === undefined) await writeStdout(output.bytes);
      else writeFileAtomically(options.out, output.bytes);
    });
}
