// Draws a laid-out ellipse element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';

export const emitEllipsePdf: PdfElementEmitter<LaidOutOf<'ellipse'>> = () => {
  throw new Error('not implemented: ellipse in PDF');
};
