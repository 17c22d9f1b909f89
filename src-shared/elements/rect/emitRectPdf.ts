// Draws a laid-out rect element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';

export const emitRectPdf: PdfElementEmitter<LaidOutOf<'rect'>> = () => {
  throw new Error('not implemented: rect in PDF');
};
