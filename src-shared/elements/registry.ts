// The element types and their layout steps; the mapped type makes the compiler check every type is covered.
import type { ElementLayout } from '../layout/layoutContext';
import type { LaidOutOf } from '../layout/laidOutLabel';
import { layoutBarcode } from './barcode/layoutBarcode';
import type { ElementOf, ElementType } from './elementSchema';
import { layoutEllipse } from './ellipse/layoutEllipse';
import { layoutImage } from './image/layoutImage';
import { layoutLine } from './line/layoutLine';
import { layoutRect } from './rect/layoutRect';
import { layoutText } from './text/layoutText';

export const ELEMENT_LAYOUTS: { [T in ElementType]: ElementLayout<ElementOf<T>, LaidOutOf<T>> } = {
  text: layoutText,
  barcode: layoutBarcode,
  image: layoutImage,
  line: layoutLine,
  rect: layoutRect,
  ellipse: layoutEllipse,
};
