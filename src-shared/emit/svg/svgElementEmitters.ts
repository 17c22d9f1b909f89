// Every element type's Svg emitter; the mapped type makes the compiler check none is missing.
import type { ElementType } from '../../elements/elementSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from './svgContext';
import { emitTextSvg } from '../../elements/text/emitTextSvg';
import { emitBarcodeSvg } from '../../elements/barcode/emitBarcodeSvg';
import { emitImageSvg } from '../../elements/image/emitImageSvg';
import { emitLineSvg } from '../../elements/line/emitLineSvg';
import { emitRectSvg } from '../../elements/rect/emitRectSvg';
import { emitEllipseSvg } from '../../elements/ellipse/emitEllipseSvg';

export const SVG_ELEMENT_EMITTERS: { [T in ElementType]: SvgElementEmitter<LaidOutOf<T>> } = {
  text: emitTextSvg,
  barcode: emitBarcodeSvg,
  image: emitImageSvg,
  line: emitLineSvg,
  rect: emitRectSvg,
  ellipse: emitEllipseSvg,
};
