// Draws a TextRun (lines already broken and placed by the layout) with the embedded fonts.
import type { TextRun } from '../../layout/laidOutLabel';
import type { PdfEmitContext } from './pdfContext';

export function drawTextRun(run: TextRun, ctx: PdfEmitContext): void {
  void run;
  void ctx;
  throw new Error('not implemented');
}
