// Where points land on the dot grid, which dots a span covers, and what a colour does to the dots beneath it.
import { DARK_LUMA_THRESHOLD, luma } from '../../elements/ink';
import type { Box } from '../../layout/laidOutLabel';
import type { DotPaint } from './dotRaster';

/** Points to dots: the label stretched over the raster, as the SVG's viewBox is. */
export interface DotGrid {
  /** Dots a point across and down. */
  sx: number;
  sy: number;
}

/**
 * The first dot whose centre is at or past `edge` (in dots): resvg fills without antialiasing by the dots' centres, so
 * a span from a to b covers the dots from dotEdge(a) up to, not including, dotEdge(b).
 */
export function dotEdge(edge: number): number {
  return Math.floor(edge + 0.5);
}

/** A box in points turned `rotation` (a quarter turn's multiple) about `centre`, as the dots it covers: [x0, y0, x1, y1). */
export function boxDots(
  box: Box,
  rotation: number,
  centre: { x: number; y: number },
  grid: DotGrid,
): [number, number, number, number] {
  const [x1, y1] = turnPoint(box.x, box.y, rotation, centre);
  const [x2, y2] = turnPoint(box.x + box.width, box.y + box.height, rotation, centre);
  const [left, right] = x1 < x2 ? [x1, x2] : [x2, x1];
  const [top, bottom] = y1 < y2 ? [y1, y2] : [y2, y1];
  return [dotEdge(left * grid.sx), dotEdge(top * grid.sy), dotEdge(right * grid.sx), dotEdge(bottom * grid.sy)];
}

/** A point turned clockwise (y down) by a multiple of a quarter turn about `centre`, exactly: no sines. */
function turnPoint(x: number, y: number, rotation: number, centre: { x: number; y: number }): [number, number] {
  const [dx, dy] = [x - centre.x, y - centre.y];
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return [centre.x - dy, centre.y + dx];
    case 180:
      return [centre.x - dx, centre.y - dy];
    case 270:
      return [centre.x + dy, centre.y - dx];
    default:
      return [x, y];
  }
}

/** Whether a rotation turns by whole quarters, which the dot drawers place exactly. */
export function isQuarter(rotation: number): boolean {
  return rotation % 90 === 0;
}

/** #rgb or #rrggbb as red, green, blue; undefined for any other spelling (the element is drawn by resvg then). */
export function hexColor(color: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex === undefined) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/**
 * What an opaque colour does to the dots under it. Plainly painted, it inks them when it is dark. Reversed (^FR,
 * composited by difference), it leaves |colour - beneath|: over paper the colour's complement, over ink the colour,
 * so white inverts and black changes nothing. The threshold is the one the PNG writer applies to every pixel.
 */
export function paintOf(color: string, reverse: boolean): DotPaint | undefined {
  const rgb = hexColor(color);
  if (rgb === undefined) return undefined;
  const dark = (r: number, g: number, b: number): boolean => luma(r, g, b) < DARK_LUMA_THRESHOLD;
  const [r, g, b] = rgb;
  const overInk = dark(r, g, b);
  const overPaper = reverse ? dark(255 - r, 255 - g, 255 - b) : overInk;
  if (!reverse) return overInk ? 'ink' : 'paper';
  return overPaper ? (overInk ? 'ink' : 'invert') : overInk ? 'none' : 'paper';
}
