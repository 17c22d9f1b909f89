// Draws a laid-out barcode element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';

export const emitBarcodePdf: PdfElementEmitter<LaidOutOf<'barcode'>> = () => {
  throw new Error('not implemented: barcode in PDF');
};
