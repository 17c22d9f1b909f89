// Draws a laid-out rect element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { drawPdfShape } from '../shapePdf';

export const emitRectPdf: PdfElementEmitter<LaidOutOf<'rect'>> = (element, { doc }) => {
  const { x, y, width, height } = element.shape;
  drawPdfShape(doc, element, () => {
    if (element.cornerRadius > 0) doc.roundedRect(x, y, width, height, element.cornerRadius);
    else doc.rect(x, y, width, height);
  });
};
