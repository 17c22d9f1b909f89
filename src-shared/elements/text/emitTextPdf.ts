// Draws a laid-out text element in PDF.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from '../../emit/pdf/pdfContext';
import { drawTextRun } from './pdfText';

export const emitTextPdf: PdfElementEmitter<LaidOutOf<'text'>> = (element, ctx) => drawTextRun(element, ctx);
