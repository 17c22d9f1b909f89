// Draws a laid-out barcode element in PDF: the symbol as one filled path of rectangles, the human-readable line as text.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { drawTextRun } from '../text/pdfText';
import { symbolRects } from './symbolRects';

export const emitBarcodePdf: PdfElementEmitter<LaidOutOf<'barcode'>> = (element, ctx) => {
  const { doc } = ctx;
  // One fill for all rectangles: a single path leaves no anti-aliasing seams where modules touch.
  doc.save();
  if (element.symbol.kind === 'vector') {
    doc.path(element.symbol.path).fillColor(element.color).fill('even-odd');
  } else {
    for (const rect of symbolRects(element.symbol)) doc.rect(rect.x, rect.y, rect.width, rect.height);
    doc.fillColor(element.color).fill();
  }
  doc.restore();
  if (element.humanReadable) drawTextRun(element.humanReadable, ctx);
};
