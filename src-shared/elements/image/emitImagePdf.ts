// Draws a laid-out image element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';

export const emitImagePdf: PdfElementEmitter<LaidOutOf<'image'>> = () => {
  throw new Error('not implemented: image in PDF');
};
