// Memory over a long run of renders: resvg's native buffers and pdfkit documents must not accumulate (NOTES.md).
import { bundledFonts } from '../fonts/bundledFonts';
import { loadSample } from '../samples/sampleTemplates';
import type { OutputFormat } from '../../src-shared/render/outputFormats';
import { renderLabel } from '../../src-shared/render/renderLabel';
import { printTable } from './measure';

const RENDERS = 1000;
const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

export async function memoryBench(): Promise<void> {
  const fonts = bundledFonts();
  const sample = loadSample('shipping-4x6');
  const rows: string[][] = [];
  for (const [format, dpi] of [['png', 203], ['png', 300], ['pdf', undefined]] as [OutputFormat, number | undefined][]) {
    const before = process.memoryUsage().rss;
    let peak = before;
    for (let index = 0; index < RENDERS; index++) {
      await renderLabel(sample.template, sample.data, { format, dpi, fonts });
      if (index % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    const after = process.memoryUsage().rss;
    rows.push([`${format}${dpi ? ` ${dpi} dpi` : ''}`, String(RENDERS), megabytes(before), megabytes(peak), megabytes(after)]);
  }
  console.log(`\nMemory: resident set size over ${RENDERS} consecutive renders of ${sample.name}, MB\n`);
  printTable(['format', 'renders', 'rss before', 'rss peak', 'rss after'], rows);
}
