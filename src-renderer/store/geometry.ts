// Element geometry in points from template lengths, and the box maths shared by the store and the canvas.
import type { Box } from '@shared/layout/laidOutLabel';
import { lengthToPoints } from '../editor/units';
import type { ElementDraft } from './templateDraft';

export type { Box };

/** A point in label points, or in stage pixels where said. */
export interface Point {
  x: number;
  y: number;
}

/** The template's geometry in points: position is where the element starts (a line's first end), sizes may be negative for lines. */
export interface ElementGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** Undefined while a length of the element is not a valid length (being typed). */
export function elementGeometry(element: ElementDraft): ElementGeometry | undefined {
  const x = lengthToPoints(element.position?.x);
  const y = lengthToPoints(element.position?.y);
  const width = lengthToPoints(element.width);
  const height = lengthToPoints(element.height);
  if (x === undefined || y === undefined || width === undefined || height === undefined) return undefined;
  return { x, y, width, height, rotation: typeof element.rotation === 'number' ? element.rotation : 0 };
}

/** The box with a positive size, as the layout normalises it. */
export function normalisedBox(geometry: Omit<ElementGeometry, 'rotation'>): Box {
  const { x, y, width, height } = geometry;
  return { x: Math.min(x, x + width), y: Math.min(y, y + height), width: Math.abs(width), height: Math.abs(height) };
}

/** The axis-aligned box around a box turned by `rotation` degrees about its centre. */
export function rotatedBounds(box: Box, rotation: number): Box {
  if (rotation % 360 === 0) return box;
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const width = box.width * cos + box.height * sin;
  const height = box.width * sin + box.height * cos;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** What the element covers on the label, rotation included; undefined while its lengths are invalid. */
export function elementBounds(element: ElementDraft): Box | undefined {
  const geometry = elementGeometry(element);
  return geometry && rotatedBounds(normalisedBox(geometry), geometry.rotation);
}

export { unionBox } from '@shared/layout/boxBounds';

/** True when `inner` lies wholly inside `outer`. */
export function boxContains(outer: Box, inner: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}
