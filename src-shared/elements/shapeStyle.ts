// Resolves a shape's style for layout: defaults filled in, lengths in points, "none" and zero widths as absent.
import type { Box, StrokeStyle } from '../layout/laidOutLabel';
import { toPoints } from '../units/length';
import { SHAPE_DEFAULTS, type ShapeStyle } from './shapeStyleSchema';

export interface ResolvedShapeStyle extends StrokeStyle {
  fill?: string;
  cornerRadius: number;
}

/** A stroke of 'none', or of zero or negative width, is no stroke at all (width 0, so nothing is inset for it). */
export function resolveShapeStyle(style: ShapeStyle | undefined): ResolvedShapeStyle {
  const stroke = style?.stroke ?? SHAPE_DEFAULTS.stroke;
  const strokeWidth = toPoints(style?.strokeWidth ?? SHAPE_DEFAULTS.strokeWidth);
  const fill = style?.fill ?? SHAPE_DEFAULTS.fill;
  const cornerRadius = Math.max(0, toPoints(style?.cornerRadius ?? SHAPE_DEFAULTS.cornerRadius));
  const hasStroke = stroke !== 'none' && strokeWidth > 0;
  return {
    stroke: hasStroke ? stroke : undefined,
    strokeWidth: hasStroke ? strokeWidth : 0,
    fill: fill === 'none' ? undefined : fill,
    cornerRadius,
  };
}

/** The box shrunk by `by` on every side. */
export function insetBox(box: Box, by: number): Box {
  return { x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by };
}

/**
 * A closed shape's stroke kept inside its box: no wider than the box's shorter side
 * (a wider one would draw outside), and `shape` is the box inset by half of it.
 */
export function strokeInsideBox(
  box: Box,
  style: ResolvedShapeStyle,
): { shape: Box; stroke?: string; strokeWidth: number } {
  const strokeWidth = Math.min(style.strokeWidth, Math.min(box.width, box.height));
  const stroke = strokeWidth > 0 ? style.stroke : undefined;
  return { shape: insetBox(box, strokeWidth / 2), stroke, strokeWidth: stroke === undefined ? 0 : strokeWidth };
}
