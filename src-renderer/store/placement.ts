// Where a new element goes when no place is asked for: the free spot nearest the label's centre, not on top of what
// is already there (a label's middle is usually taken).
import type { Box, Point } from './geometry';

const MM = 72 / 25.4;
/** The spots tried, this far apart, in points; and the room kept around what is there (a line has no height). */
const STEP = MM;
const ROOM = MM;

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The centres tried along one side: the label's centre and every step out from it, and those that put the element
 * a millimetre clear of each taken box or in line with its edges; only those that keep the element inside the label.
 */
function centres(side: number, size: number, taken: { start: number; length: number }[]): number[] {
  const middle = side / 2;
  const reach = Math.max(0, (side - size) / 2);
  const found = [middle];
  for (let distance = STEP; distance <= reach; distance += STEP) found.push(middle - distance, middle + distance);
  for (const { start, length } of taken) {
    const end = start + length;
    found.push(start - ROOM - size / 2, end + ROOM + size / 2, start + size / 2, end - size / 2);
  }
  return found.filter((centre) => Math.abs(centre - middle) <= reach + 1e-9);
}

/**
 * The centre for an element of `size` on a label of `label` (points): inside the label, clear of every `taken` box by
 * a millimetre where there is room, else covering the least of them; nearest the centre among equals, and below
 * rather than above (new elements tend to come after what is there).
 */
export function freeSpot(
  label: { width: number; height: number },
  size: { width: number; height: number },
  taken: Box[],
): Point {
  const kept = taken.map((box) => ({
    x: box.x - ROOM,
    y: box.y - ROOM,
    width: box.width + 2 * ROOM,
    height: box.height + 2 * ROOM,
  }));
  let best = { x: label.width / 2, y: label.height / 2 };
  let bestScore = [Infinity, Infinity, Infinity];
  const columns = centres(
    label.width,
    size.width,
    taken.map((box) => ({ start: box.x, length: box.width })),
  );
  const rows = centres(
    label.height,
    size.height,
    taken.map((box) => ({ start: box.y, length: box.height })),
  );
  for (const y of rows) {
    for (const x of columns) {
      const box = { x: x - size.width / 2, y: y - size.height / 2, width: size.width, height: size.height };
      const covered = kept.reduce((total, other) => total + overlap(box, other), 0);
      // Rounded: spots the same distance either side of the centre tie, and the tie goes below.
      const distance = Math.round(Math.hypot(x - label.width / 2, y - label.height / 2) * 1000);
      const score = [covered, distance, -y];
      const better = score.findIndex((value, index) => value !== bestScore[index]);
      if (better !== -1 && (score[better] ?? 0) < (bestScore[better] ?? 0)) {
        best = { x, y };
        bestScore = score;
      }
    }
  }
  return best;
}
