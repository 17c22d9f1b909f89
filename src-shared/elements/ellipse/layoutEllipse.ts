// Lays out an ellipse element: style resolved to points, inscribed in the box inset by half the stroke.
import type { ElementLayout } from '../../layout/layoutContext';
import type { EllipseElement } from './ellipseSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { resolveShapeStyle, strokeInsideBox } from '../shapeStyle';

export const layoutEllipse: ElementLayout<EllipseElement, LaidOutOf<'ellipse'>> = (element, box) => {
  const style = resolveShapeStyle(element.style);
  const { shape, stroke, strokeWidth } = strokeInsideBox(box, style);
  return {
    type: 'ellipse',
    id: element.id,
    box,
    rotation: element.rotation,
    shape,
    stroke,
    strokeWidth,
    fill: style.fill,
  };
};
