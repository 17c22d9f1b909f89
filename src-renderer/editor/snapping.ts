// Snapping maths for moving boxes: to the edges and centres of other elements and of the label (smart guides), else to the grid.
import type { Box } from '../../src-shared/layout/laidOutLabel';

/** A line to draw while dragging, in label points: a vertical guide at x = position from start to end (y), or the reverse. */
export interface Guide {
  orientation: 'vertical' | 'horizontal';
  position: number;
  start: number;
  end: number;
}

export interface SnapTargets {
  label: { width: number; height: number };
  /** Inside the label edges; its lines are targets too. */
  safeMargin?: number;
  /** The other elements' bounds (axis-aligned, rotation included). */
  boxes: readonly Box[];
}

export interface SnapOptions {
  /** How close a line must come to snap, in points (see snapThreshold). */
  threshold: number;
  /** Snap to element and label lines. */
  objects: boolean;
  /** Grid spacing in points; the grid applies on an axis where no object line snapped. Undefined: no grid. */
  grid?: number;
}

export interface SnapResult {
  x: number;
  y: number;
  guides: Guide[];
}

/** A screen distance (the same feel at every zoom) in points, for SnapOptions.threshold. */
export function snapThreshold(pixels: number, zoom: number): number {
  return pixels / zoom;
}

const EPSILON = 1e-6;

/** A target line and the span across it that its guide covers (the target box's extent on the other axis). */
interface TargetLine {
  at: number;
  start: number;
  end: number;
}

interface Axis {
  /** Left/top edge, size, and the box's extent on the other axis. */
  origin: number;
  size: number;
  lines: TargetLine[];
}

function linesOf(at: number, size: number): number[] {
  return [at, at + size / 2, at + size];
}

function targetLines(targets: SnapTargets, axis: 'x' | 'y'): TargetLine[] {
  const labelSize = axis === 'x' ? targets.label.width : targets.label.height;
  const labelAcross = axis === 'x' ? targets.label.height : targets.label.width;
  const lines = linesOf(0, labelSize).map((at) => ({ at, start: 0, end: labelAcross }));
  const margin = targets.safeMargin ?? 0;
  if (margin > 0) lines.push({ at: margin, start: 0, end: labelAcross }, { at: labelSize - margin, start: 0, end: labelAcross });
  for (const box of targets.boxes) {
    const [at, size, across, acrossSize] = axis === 'x' ? [box.x, box.width, box.y, box.height] : [box.y, box.height, box.x, box.width];
    for (const line of linesOf(at, size)) lines.push({ at: line, start: across, end: across + acrossSize });
  }
  return lines;
}

/** The smallest shift (within the threshold) that puts an edge or the centre of the moving box on a target line. */
function objectShift(axis: Axis, threshold: number): number | undefined {
  let best: number | undefined;
  for (const moving of linesOf(axis.origin, axis.size)) {
    for (const target of axis.lines) {
      const shift = target.at - moving;
      if (Math.abs(shift) <= threshold && (best === undefined || Math.abs(shift) < Math.abs(best))) best = shift;
    }
  }
  return best;
}

/** Guides for every target line the snapped box now touches, one per position, spanning the box and its targets. */
function guidesFor(origin: number, size: number, across: number, acrossSize: number, lines: TargetLine[], orientation: Guide['orientation']): Guide[] {
  const guides = new Map<number, Guide>();
  for (const moving of linesOf(origin, size)) {
    for (const target of lines) {
      if (Math.abs(target.at - moving) > EPSILON) continue;
      const key = Math.round(target.at / EPSILON);
      const guide = guides.get(key) ?? { orientation, position: target.at, start: across, end: across + acrossSize };
      guide.start = Math.min(guide.start, target.start);
      guide.end = Math.max(guide.end, target.end);
      guides.set(key, guide);
    }
  }
  return [...guides.values()];
}

/** Where a box being moved to (box.x, box.y) lands, and the guides that show why. */
export function snapBox(box: Box, targets: SnapTargets, options: SnapOptions): SnapResult {
  const result = { x: box.x, y: box.y };
  const lines = { x: options.objects ? targetLines(targets, 'x') : [], y: options.objects ? targetLines(targets, 'y') : [] };
  const snapped = { x: false, y: false };
  for (const axis of ['x', 'y'] as const) {
    const size = axis === 'x' ? box.width : box.height;
    const shift = objectShift({ origin: box[axis], size, lines: lines[axis] }, options.threshold);
    if (shift !== undefined) {
      result[axis] = box[axis] + shift;
      snapped[axis] = true;
    } else if (options.grid !== undefined && options.grid > 0) {
      result[axis] = Math.round(box[axis] / options.grid) * options.grid;
    }
  }
  const guides = [
    ...(snapped.x ? guidesFor(result.x, box.width, result.y, box.height, lines.x, 'vertical') : []),
    ...(snapped.y ? guidesFor(result.y, box.height, result.x, box.width, lines.y, 'horizontal') : []),
  ];
  return { ...result, guides };
}
