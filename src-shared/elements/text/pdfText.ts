// Draws a TextRun (lines already broken and placed by the layout) with the embedded fonts.
import type { TextRun } from '../../layout/laidOutLabel';
import type { PdfEmitContext } from '../../emit/pdf/pdfContext';

/**
 * An empty feature list still applies the font's default features (kerning, ligatures) but makes pdfkit shape
 * each line whole, as the layout measured it; by default pdfkit shapes word by word and drops kerning across spaces.
 */
const WHOLE_LINE_SHAPING: PDFKit.Mixins.OpenTypeFeatures[] = [];

/** pdfkit reads horizontalScaling (percent, written as Tz) though its typings omit it. */
type TextOptionsWithScaling = PDFKit.Mixins.TextOptions & { horizontalScaling: number };

export function drawTextRun(run: TextRun, ctx: PdfEmitContext): void {
  ctx.useFont(run.fontKey, run.fontSize);
  ctx.doc.fillColor(run.color);
  // Tz: glyphs and advances scaled about the line's start, in percent.
  const horizontalScaling = (run.scaleX ?? 1) * 100;
  for (const line of run.lines) {
    ctx.doc.text(line.text, line.x, line.baseline, {
      baseline: 'alphabetic',
      lineBreak: false,
      features: WHOLE_LINE_SHAPING,
      horizontalScaling,
    } as TextOptionsWithScaling);
  }
}
