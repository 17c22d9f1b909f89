// Every element type's Zpl emitter; the mapped type makes the compiler check none is missing.
import type { ElementType } from '../../elements/elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter } from './zplContext';
import { emitTextZpl } from '../../elements/text/emitTextZpl';
import { emitBarcodeZpl } from '../../elements/barcode/emitBarcodeZpl';
import { emitImageZpl } from '../../elements/image/emitImageZpl';
import { emitLineZpl } from '../../elements/line/emitLineZpl';
import { emitRectZpl } from '../../elements/rect/emitRectZpl';
import { emitEllipseZpl } from '../../elements/ellipse/emitEllipseZpl';

export const ZPL_ELEMENT_EMITTERS: { [T in ElementType]: ZplElementEmitter<LaidOutOf<T>> } = {
  text: emitTextZpl,
  barcode: emitBarcodeZpl,
  image: emitImageZpl,
  line: emitLineZpl,
  rect: emitRectZpl,
  ellipse: emitEllipseZpl,
};
