// Align and distribute maths: how far each box moves, from the boxes' bounds alone.
import type { Box } from './geometry';

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type DistributeAxis = 'horizontal' | 'vertical';

export interface Shift {
  dx: number;
  dy: number;
}

export interface Placed {
  id: string;
  bounds: Box;
}

/** Shifts that put each box's edge or centre on the reference's (the selection's bounds, or the label for one element). */
export function alignShifts(boxes: readonly Placed[], edge: AlignEdge, reference: Box): Map<string, Shift> {
  const target = (
    at: number,
    size: number,
    refAt: number,
    refSize: number,
    where: 'start' | 'middle' | 'end',
  ): number =>
    where === 'start'
      ? refAt - at
      : where === 'end'
        ? refAt + refSize - (at + size)
        : refAt + refSize / 2 - (at + size / 2);
  const shifts = new Map<string, Shift>();
  for (const { id, bounds } of boxes) {
    const horizontal = edge === 'left' || edge === 'center' || edge === 'right';
    const where =
      edge === 'left' || edge === 'top' ? 'start' : edge === 'right' || edge === 'bottom' ? 'end' : 'middle';
    shifts.set(
      id,
      horizontal
        ? { dx: target(bounds.x, bounds.width, reference.x, reference.width, where), dy: 0 }
        : { dx: 0, dy: target(bounds.y, bounds.height, reference.y, reference.height, where) },
    );
  }
  return shifts;
}

/**
 * Equal gaps between neighbours, the first and last box (by position) staying put; needs three boxes. Boxes are taken in order of their
 * position (then their centre), so overlapping boxes get equal overlaps.
 */
export function distributeShifts(boxes: readonly Placed[], axis: DistributeAxis): Map<string, Shift> {
  const shifts = new Map<string, Shift>();
  if (boxes.length < 3) return shifts;
  const at = (box: Box) => (axis === 'horizontal' ? box.x : box.y);
  const size = (box: Box) => (axis === 'horizontal' ? box.width : box.height);
  const sorted = [...boxes].sort(
    (a, b) => at(a.bounds) - at(b.bounds) || at(a.bounds) + size(a.bounds) / 2 - (at(b.bounds) + size(b.bounds) / 2),
  );
  const first = sorted[0]?.bounds;
  const last = sorted[sorted.length - 1]?.bounds;
  if (!first || !last) return shifts;
  const span = at(last) + size(last) - at(first);
  const gap = (span - sorted.reduce((sum, box) => sum + size(box.bounds), 0)) / (sorted.length - 1);
  let next = at(first);
  for (const { id, bounds } of sorted) {
    const shift = next - at(bounds);
    shifts.set(id, axis === 'horizontal' ? { dx: shift, dy: 0 } : { dx: 0, dy: shift });
    next += size(bounds) + gap;
  }
  return shifts;
}
