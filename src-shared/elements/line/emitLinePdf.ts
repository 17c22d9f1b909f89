// Draws a laid-out line element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { drawPdfShape } from '../shapePdf';

export const emitLinePdf: PdfElementEmitter<LaidOutOf<'line'>> = (element, { doc }) => {
  // A line has no inside: only its stroke is painted (butt caps, pdfkit's default, end it at the endpoints).
  drawPdfShape(doc, { stroke: element.stroke, strokeWidth: element.strokeWidth }, () =>
    doc.moveTo(element.x1, element.y1).lineTo(element.x2, element.y2),
  );
};
