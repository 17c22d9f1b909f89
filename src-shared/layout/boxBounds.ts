// Where a laid-out box can show: the bounds of a box turned about a point, the overlap of two boxes, whether a turned box
// shows on the page, the bounds of several.
import type { Box } from './laidOutLabel';

/** The axis-aligned box that holds `box` turned `rotation` degrees about `centre` (by default its own centre). */
export function rotatedBounds(
  box: Box,
  rotation: number,
  centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 },
): Box {
  const radians = (rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const corners = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ].map(
    ([x = 0, y = 0]) =>
      [
        centre.x + (x - centre.x) * cos - (y - centre.y) * sin,
        centre.y + (x - centre.x) * sin + (y - centre.y) * cos,
      ] as const,
  );
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** The part two boxes share, undefined when they share no area. */
export function overlap(a: Box, b: Box): Box | undefined {
  const left = Math.max(a.x, b.x);
  const top = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : undefined;
}

/** Whether `box`, turned `rotation` degrees about `centre` (by default its own centre), overlaps a page of that size. */
export function showsOnPage(
  box: Box,
  rotation: number,
  page: { width: number; height: number },
  centre?: { x: number; y: number },
): boolean {
  return (
    overlap(rotatedBounds(box, rotation, centre), { x: 0, y: 0, width: page.width, height: page.height }) !== undefined
  );
}

/** The smallest box holding all of `boxes`, or undefined for none. */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
