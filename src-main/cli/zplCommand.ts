// `labelsmith zpl render|lint`: the ZPL viewer on the command line, with the same reader and emitters as the API's.
import { Command, Option } from 'commander';
import { parseLabelIndex, parseLabelSize } from '@shared/api/zplViewer';
import { readZpl } from '@shared/read/zpl/readZpl';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import type { ZplWarning } from '@shared/read/zpl/zplField';
import { PixelBudget, RENDER_PIXEL_BUDGET } from '@shared/render/pixelBudget';
import { renderZpl } from '@shared/render/renderZpl';
import { writeFileAtomically, writeStdout } from '../files/writeOutput';
import { bundledFonts } from '../fonts/bundledFonts';
import { EXIT_FAULT } from './cliErrors';
import { readInputBytes } from './readInput';

/** Lint reads at the viewer's common size: warnings do not depend on it, except for fields that run off the label. */
const LINT_SIZE = { dpmm: '8', size: '4x6' };

function warningLine(warning: ZplWarning): string {
  const where = warning.command === '' ? `at ${warning.position}` : `${warning.command} at ${warning.position}`;
  return `warning: ${where}: ${warning.message} (${warning.code})\n`;
}

export function zplCommand(): Command {
  const zpl = new Command('zpl').description(
    'view and check ZPL: draw its labels as png or pdf, list what the reader had to skip',
  );

  zpl.addCommand(
    new Command('render')
      .description(
        'draw ZPL as the viewer API does: one label as PNG, or every label as a PDF page; warnings on stderr',
      )
      .argument('<file>', 'ZPL file ("-" for stdin)')
      .option('--dpmm <n>', 'print density in dots per mm: 6, 8, 12 or 24', '8')
      .option('--size <WxH>', 'label size in inches, e.g. 4x6', '4x6')
      .option('--index <n>', 'the label to draw, from 0 (default: every label; a PNG needs it when there are several)')
      .addOption(new Option('--format <format>', 'output format').choices(['png', 'pdf']).default('png'))
      .option('--out <file>', 'output file (default: stdout)')
      .action(
        async (
          file: string,
          options: { dpmm: string; size: string; index?: string; format: 'png' | 'pdf'; out?: string },
        ) => {
          const text = zplTextFromBytes(readInputBytes(file, 'ZPL'));
          const size = parseLabelSize(`${options.dpmm}dpmm`, options.size);
          const output = await renderZpl(text, {
            ...size,
            index: parseLabelIndex(options.index),
            format: options.format,
            rotation: 0,
            fonts: bundledFonts(),
          });
          for (const warning of output.warnings) process.stderr.write(warningLine(warning));
          if (options.out === undefined) await writeStdout(output.bytes);
          else writeFileAtomically(options.out, output.bytes);
        },
      ),
  );

  zpl.addCommand(
    new Command('lint')
      .description(
        'list the warnings of the ZPL reader with their positions; exits 1 when there are any, 0 when none, 2 when unreadable',
      )
      .argument('<file>', 'ZPL file ("-" for stdin)')
      .action((file: string) => {
        const text = zplTextFromBytes(readInputBytes(file, 'ZPL'));
        const size = parseLabelSize(`${LINT_SIZE.dpmm}dpmm`, LINT_SIZE.size);
        const { labels, warnings } = readZpl(text, {
          ...size,
          budget: new PixelBudget(RENDER_PIXEL_BUDGET),
          fonts: bundledFonts(),
        });
        for (const warning of warnings) process.stdout.write(warningLine(warning).replace(/^warning: /, ''));
        process.stderr.write(
          `${labels.length} label${labels.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}\n`,
        );
        if (warnings.length > 0) process.exitCode = EXIT_FAULT;
      }),
  );
  return zpl;
}
