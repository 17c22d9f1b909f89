// Draws a TextRun (lines already broken and placed by the layout) with the embedded fonts.
import type { TextRun } from '../../layout/laidOutLabel';
import type { PdfEmitContext } from '../../emit/pdf/pdfContext';

/**
 * An empty feature list still applies the font's default features (kerning, ligatures) but makes pdfkit shape
 * each line whole, as the layout measured it; by default pdfkit shapes word by word and drops kerning across spaces.
 */
const WHOLE_LINE_SHAPING: PDFKit.Mixins.OpenTypeFeatures[] = [];

/**
 * The part of pdfkit's text() (pdfkit is pinned) that writes one line at a point: text() copies its options, splits
 * the text at newlines and measures each line twice (for its own cursor and for underlines and links) before calling
 * it, each measure a copy of the shaped run. The layout has placed and measured every line already: `textWidth` is
 * its width, and the line is written as text() would write it.
 */
interface PdfkitLineWriter {
  _fragment(
    text: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions & { horizontalScaling: number; textWidth: number },
  ): void;
}

export function drawTextRun(run: TextRun, ctx: PdfEmitContext): void {
  ctx.useFont(run.fontKey, run.fontSize);
  ctx.doc.fillColor(run.color);
  // Tz: glyphs and advances scaled about the line's start, in percent.
  const horizontalScaling = (run.scaleX ?? 1) * 100;
  const writer = ctx.doc as unknown as PdfkitLineWriter;
  for (const line of run.lines) {
    writer._fragment(line.text, line.x, line.baseline, {
      baseline: 'alphabetic',
      features: WHOLE_LINE_SHAPING,
      horizontalScaling,
      textWidth: line.width,
    });
  }
}
