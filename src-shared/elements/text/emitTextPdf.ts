// Draws a laid-out text element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';

export const emitTextPdf: PdfElementEmitter<LaidOutOf<'text'>> = () => {
  throw new Error('not implemented: text in PDF');
};
