// Draws a laid-out rect element in ZPL as ^GB boxes (a fill is a box whose border reaches the middle).
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter, ZplEmitContext } from '../../emit/zpl/zplContext';
import { insetBox } from '../shapeStyle';
import { borderDots, boxToDots, printsBlack, rightAngleRotatedBox, startsOffLabel } from '../shapeZpl';

/** ^GB rounding 0..8: the corner radius in eighths of half the shorter side (the printer's definition). */
function roundingIndex(box: Box, radius: number): number {
  const halfShorter = Math.min(box.width, box.height) / 2;
  if (radius <= 0 || halfShorter <= 0) return 0;
  return Math.min(8, Math.round((8 * radius) / halfShorter));
}

/** A ^GB of `box`; thickness undefined makes it solid. Nothing when the box rounds to no dots. */
function graphicBox(box: Box, radius: number, ctx: ZplEmitContext, thickness?: number): string {
  const dots = boxToDots(box, ctx);
  if (dots.width <= 0 || dots.height <= 0) return '';
  const border = borderDots(dots, ctx, thickness);
  return `^FO${dots.left},${dots.top}^GB${dots.width},${dots.height},${border},B,${roundingIndex(box, radius)}^FS`;
}

export const emitRectZpl: ZplElementEmitter<LaidOutOf<'rect'>> = (element, ctx) => {
  const box = rightAngleRotatedBox(element.box, element.rotation);
  // Off the top or left edge a ^GB border would be drawn along the label edge: a raster clips it exactly.
  if (box === undefined || startsOffLabel(boxToDots(box, ctx))) return ctx.graphic(element);
  const { strokeWidth, cornerRadius } = element;
  // The laid-out radius is the stroke's centre line; the outer edge is half a stroke further out.
  const outerRadius = cornerRadius > 0 ? cornerRadius + strokeWidth / 2 : 0;
  const strokeBlack = printsBlack(element.stroke);
  if (printsBlack(element.fill)) {
    // A black stroke joins a black fill into one solid box; a stroke that does not print leaves paper
    // between the fill and the box edge (strokeWidth is 0 when there is no stroke at all).
    const fillBox = strokeBlack ? box : insetBox(box, strokeWidth);
    return graphicBox(fillBox, strokeBlack ? outerRadius : Math.max(0, cornerRadius - strokeWidth / 2), ctx);
  }
  return strokeBlack ? graphicBox(box, outerRadius, ctx, strokeWidth) : '';
};
