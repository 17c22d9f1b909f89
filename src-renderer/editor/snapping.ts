// Snapping maths for moving and resizing boxes: to the edges and centres of other elements and of the label (smart guides), else to the grid.
import type { Box } from '@shared/layout/laidOutLabel';

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

/** Lines within this many screen pixels snap together, while dragging and while resizing. */
export const SNAP_PIXELS = 6;

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

function linesOf(at: number, size: number): number[] {
  return [at, at + size / 2, at + size];
}

function targetLines(targets: SnapTargets, axis: 'x' | 'y'): TargetLine[] {
  const labelSize = axis === 'x' ? targets.label.width : targets.label.height;
  const labelAcross = axis === 'x' ? targets.label.height : targets.label.width;
  const lines = linesOf(0, labelSize).map((at) => ({ at, start: 0, end: labelAcross }));
  const margin = targets.safeMargin ?? 0;
  if (margin > 0)
    lines.push({ at: margin, start: 0, end: labelAcross }, { at: labelSize - margin, start: 0, end: labelAcross });
  for (const box of targets.boxes) {
    const [at, size, across, acrossSize] =
      axis === 'x' ? [box.x, box.width, box.y, box.height] : [box.y, box.height, box.x, box.width];
    for (const line of linesOf(at, size)) lines.push({ at: line, start: across, end: across + acrossSize });
  }
  return lines;
}

/** The smallest shift (within the threshold) that puts one of the moving lines on a target line. */
function objectShift(moving: readonly number[], lines: readonly TargetLine[], threshold: number): number | undefined {
  let best: number | undefined;
  for (const line of moving) {
    for (const target of lines) {
      const shift = target.at - line;
      if (Math.abs(shift) <= threshold && (best === undefined || Math.abs(shift) < Math.abs(best))) best = shift;
    }
  }
  return best;
}

/**
 * Guides for every target line a moving line now touches, one per position, spanning the box (`across` to
 * `across + acrossSize` on the other axis) and its targets.
 */
function guidesFor(
  moving: readonly number[],
  across: number,
  acrossSize: number,
  lines: readonly TargetLine[],
  orientation: Guide['orientation'],
): Guide[] {
  const guides = new Map<number, Guide>();
  for (const line of moving) {
    for (const target of lines) {
      if (Math.abs(target.at - line) > EPSILON) continue;
      const key = Math.round(target.at / EPSILON);
      const guide = guides.get(key) ?? { orientation, position: target.at, start: across, end: across + acrossSize };
      guide.start = Math.min(guide.start, target.start);
      guide.end = Math.max(guide.end, target.end);
      guides.set(key, guide);
    }
  }
  return [...guides.values()];
}

function snapToGrid(at: number, grid: number | undefined): number {
  return grid !== undefined && grid > 0 ? Math.round(at / grid) * grid : at;
}

/** Where a box being moved to (box.x, box.y) lands, and the guides that show why. */
export function snapBox(box: Box, targets: SnapTargets, options: SnapOptions): SnapResult {
  const result = { x: box.x, y: box.y };
  const lines = {
    x: options.objects ? targetLines(targets, 'x') : [],
    y: options.objects ? targetLines(targets, 'y') : [],
  };
  const snapped = { x: false, y: false };
  for (const axis of ['x', 'y'] as const) {
    const size = axis === 'x' ? box.width : box.height;
    const shift = objectShift(linesOf(box[axis], size), lines[axis], options.threshold);
    if (shift !== undefined) {
      result[axis] = box[axis] + shift;
      snapped[axis] = true;
    } else {
      result[axis] = snapToGrid(box[axis], options.grid);
    }
  }
  const guides = [
    ...(snapped.x ? guidesFor(linesOf(result.x, box.width), result.y, box.height, lines.x, 'vertical') : []),
    ...(snapped.y ? guidesFor(linesOf(result.y, box.height), result.x, box.width, lines.y, 'horizontal') : []),
  ];
  return { ...result, guides };
}

/** The sides of a box a resize handle moves; the opposite sides stay where they are. */
export interface ResizingEdges {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
}

/** The edges each of the transformer's handles moves, by Konva's anchor names ('top-left', 'middle-right', …). */
export function edgesOfAnchor(anchor: string): ResizingEdges {
  return {
    left: anchor.endsWith('-left'),
    right: anchor.endsWith('-right'),
    top: anchor.startsWith('top-'),
    bottom: anchor.startsWith('bottom-'),
  };
}

export interface ResizeSnapResult {
  box: Box;
  guides: Guide[];
}

/**
 * Where a box being resized lands: each moving edge snaps, like a drag, to the edges and centres of other elements and
 * of the label (guides show which), else to the grid; the edges the handle does not move stay put.
 */
export function snapResize(
  box: Box,
  edges: ResizingEdges,
  targets: SnapTargets,
  options: SnapOptions,
): ResizeSnapResult {
  const result = { ...box };
  const guides: Guide[] = [];
  for (const axis of ['x', 'y'] as const) {
    const [startMoves, endMoves] = axis === 'x' ? [edges.left, edges.right] : [edges.top, edges.bottom];
    if (startMoves === endMoves) continue;
    const sizeKey = axis === 'x' ? 'width' : 'height';
    const start = box[axis];
    const end = box[axis] + box[sizeKey];
    const edge = startMoves ? start : end;
    const lines = options.objects ? targetLines(targets, axis) : [];
    const shift = objectShift([edge], lines, options.threshold);
    const snappedEdge = shift === undefined ? snapToGrid(edge, options.grid) : edge + shift;
    if (startMoves) {
      result[axis] = snappedEdge;
      result[sizeKey] = end - snappedEdge;
    } else {
      result[sizeKey] = snappedEdge - start;
    }
    if (shift !== undefined) {
      guides.push(
        ...(axis === 'x'
          ? guidesFor([snappedEdge], result.y, result.height, lines, 'vertical')
          : guidesFor([snappedEdge], result.x, result.width, lines, 'horizontal')),
      );
    }
  }
  return { box: result, guides };
}
