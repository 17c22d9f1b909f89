// Draws a laid-out ellipse element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { drawPdfShape } from '../shapePdf';

export const emitEllipsePdf: PdfElementEmitter<LaidOutOf<'ellipse'>> = (element, { doc }) => {
  const { x, y, width, height } = element.shape;
  drawPdfShape(doc, element, () => doc.ellipse(x + width / 2, y + height / 2, width / 2, height / 2));
};
