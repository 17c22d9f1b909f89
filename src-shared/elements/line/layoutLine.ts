// Lays out a line element: from (x, y) to (x + width, y + height), stroke centred on it; sizes may be negative.
import type { ElementLayout } from '../../layout/layoutContext';
import type { LineElement } from './lineSchema';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { resolveShapeStyle } from '../shapeStyle';

export const layoutLine: ElementLayout<LineElement, LaidOutOf<'line'>> = (element, box) => {
  const { stroke, strokeWidth } = resolveShapeStyle(element.style);
  const x2 = box.x + box.width;
  const y2 = box.y + box.height;
  return {
    type: 'line',
    id: element.id,
    // The endpoints keep the direction; the box is normalised so every laid-out box has a positive size.
    box: { x: Math.min(box.x, x2), y: Math.min(box.y, y2), width: Math.abs(box.width), height: Math.abs(box.height) },
    rotation: element.rotation,
    x1: box.x,
    y1: box.y,
    x2,
    y2,
    stroke,
    strokeWidth,
  };
};
