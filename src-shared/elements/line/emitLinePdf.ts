// Draws a laid-out line element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';

export const emitLinePdf: PdfElementEmitter<LaidOutOf<'line'>> = () => {
  throw new Error('not implemented: line in PDF');
};
