// Every element type's Pdf emitter; the mapped type makes the compiler check none is missing.
import type { ElementType } from '../../elements/elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { PdfElementEmitter } from './pdfContext';
import { emitTextPdf } from '../../elements/text/emitTextPdf';
import { emitBarcodePdf } from '../../elements/barcode/emitBarcodePdf';
import { emitImagePdf } from '../../elements/image/emitImagePdf';
import { emitLinePdf } from '../../elements/line/emitLinePdf';
import { emitRectPdf } from '../../elements/rect/emitRectPdf';
import { emitEllipsePdf } from '../../elements/ellipse/emitEllipsePdf';

export const PDF_ELEMENT_EMITTERS: { [T in ElementType]: PdfElementEmitter<LaidOutOf<T>> } = {
  text: emitTextPdf,
  barcode: emitBarcodePdf,
  image: emitImagePdf,
  line: emitLinePdf,
  rect: emitRectPdf,
  ellipse: emitEllipsePdf,
};
