// Lays out a rect element: style resolved to points, the outline's centre line inset so the stroke stays in the box.
import type { ElementLayout } from '../../layout/layoutContext';
import type { RectElement } from './rectSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { resolveShapeStyle, strokeInsideBox } from '../shapeStyle';

/**
 * The template's cornerRadius is the radius of the outer edge, as the designer sees it, clamped to half the
 * box's shorter side; the laid-out cornerRadius belongs to `shape` (the centre line), so it is smaller by half
 * the stroke, and 0 leaves sharp corners.
 */
export const layoutRect: ElementLayout<RectElement, LaidOutOf<'rect'>> = (element, box) => {
  const style = resolveShapeStyle(element.style);
  const { shape, stroke, strokeWidth } = strokeInsideBox(box, style);
  const outerRadius = Math.min(style.cornerRadius, Math.min(box.width, box.height) / 2);
  return {
    type: 'rect',
    id: element.id,
    box,
    rotation: element.rotation,
    shape,
    stroke,
    strokeWidth,
    fill: style.fill,
    cornerRadius: Math.max(0, outerRadius - strokeWidth / 2),
  };
};
