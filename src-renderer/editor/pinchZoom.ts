// Two-finger pinch on the canvas as arithmetic: zoom by how far the fingers spread, keeping the label under them.
import type { Point } from '../store/geometry';
import { zoomAbout, type View } from '../store/viewportSlice';

/** Two touches in stage pixels. */
export interface TouchPair {
  a: Point;
  b: Point;
}

/** Fingers closer than this at the start give no usable ratio: the zoom stays. */
const MIN_SPREAD_PIXELS = 1;

function midpoint({ a, b }: TouchPair): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function spread({ a, b }: TouchPair): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/**
 * The view once the fingers moved from `start` (when the view was `view`) to `now`: the zoom scales with their spread
 * (then `clamp`s), and the label point that was under their midpoint is under their midpoint again, so a pinch also
 * pans when both fingers move together.
 */
export function pinchView(view: View, start: TouchPair, now: TouchPair, clamp: (zoom: number) => number): View {
  const startSpread = spread(start);
  const zoom = clamp(startSpread < MIN_SPREAD_PIXELS ? view.zoom : (view.zoom * spread(now)) / startSpread);
  const from = midpoint(start);
  const to = midpoint(now);
  // Zoomed about where the fingers started, then moved with them.
  const zoomed = zoomAbout(view, zoom, from);
  return { zoom, pan: { x: zoomed.pan.x + to.x - from.x, y: zoomed.pan.y + to.y - from.y } };
}
