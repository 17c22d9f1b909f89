// What the shape elements share in ZPL: which colours print, boxes in whole dots, and right-angle rotations.
import type { ZplEmitContext } from '../emit/zpl/zplContext';
import { DARK_LUMA_THRESHOLD, luma } from './ink';
import type { Box } from '../layout/laidOutLabel';

/**
 * A thermal printer has one ink. A colour prints black when its luma is below half (the same rule that turns
 * images into dots); a lighter colour is left unprinted, i.e. paper, since ZPL has nothing between the two.
 */
export function printsBlack(color: string | undefined): boolean {
  if (color === undefined) return false;
  const channel = (at: number) => parseInt(color.slice(at, at + 2), 16);
  return luma(channel(1), channel(3), channel(5)) < DARK_LUMA_THRESHOLD;
}

export interface DotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Edges are rounded, not sizes, so boxes that touch in points still touch in dots. */
export function boxToDots(box: Box, ctx: ZplEmitContext): DotBox {
  const left = ctx.dots(box.x);
  const top = ctx.dots(box.y);
  return { left, top, width: ctx.dots(box.x + box.width) - left, height: ctx.dots(box.y + box.height) - top };
}

/** ZPL has no negative ^FO: true when a box starts left of or above the label. */
export function startsOffLabel(dots: DotBox): boolean {
  return dots.left < 0 || dots.top < 0;
}

/** The part of a box on the label side of its top and left edges (the printer clips the other two itself). */
export function clipToLabel(dots: DotBox): DotBox {
  const left = Math.max(0, dots.left);
  const top = Math.max(0, dots.top);
  return { left, top, width: dots.width - (left - dots.left), height: dots.height - (top - dots.top) };
}

/**
 * Border thickness in dots of a ^GB or ^GE drawn in `dots`: at least one dot, and at most the shorter side,
 * which the printer draws solid. Undefined asks for solid, which is how ZPL fills a shape.
 */
export function borderDots(dots: DotBox, ctx: ZplEmitContext, thickness?: number): number {
  const solid = Math.min(dots.width, dots.height);
  return thickness === undefined ? solid : Math.min(solid, Math.max(1, ctx.dots(thickness)));
}

/** Rotation folded into 0 <= degrees < 360. */
export function normalizeDegrees(rotation: number): number {
  return ((rotation % 360) + 360) % 360;
}

/**
 * A box turned about its centre by a multiple of 90 degrees is again an axis-aligned box: the same one, or
 * with its sides swapped. For shapes symmetric about both axes (rects, ellipses) that is the whole rotation.
 * Undefined for any other angle.
 */
export function rightAngleRotatedBox(box: Box, rotation: number): Box | undefined {
  const degrees = normalizeDegrees(rotation);
  if (degrees === 0 || degrees === 180) return box;
  if (degrees !== 90 && degrees !== 270) return undefined;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { x: cx - box.height / 2, y: cy - box.width / 2, width: box.height, height: box.width };
}
