// Draws a laid-out ellipse element in ZPL as a ^GE ellipse (a fill is a border that reaches the middle).
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter, ZplEmitContext } from '../../emit/zpl/zplContext';
import { insetBox } from '../shapeStyle';
import { borderDots, boxToDots, printsBlack, rightAngleRotatedBox, startsOffLabel } from '../shapeZpl';

/** A ^GE inscribed in `box`; thickness undefined makes it solid. Nothing when the box rounds to no dots. */
function graphicEllipse(box: Box, ctx: ZplEmitContext, thickness?: number): string {
  const dots = boxToDots(box, ctx);
  if (dots.width <= 0 || dots.height <= 0) return '';
  const border = borderDots(dots, ctx, thickness);
  return `^FO${dots.left},${dots.top}^GE${dots.width},${dots.height},${border},B^FS`;
}

export const emitEllipseZpl: ZplElementEmitter<LaidOutOf<'ellipse'>> = (element, ctx) => {
  const box = rightAngleRotatedBox(element.box, element.rotation);
  // Off the top or left edge a ^GE would be pushed back onto the label: a raster clips it exactly.
  if (box === undefined || startsOffLabel(boxToDots(box, ctx))) return ctx.graphic(element);
  const strokeBlack = printsBlack(element.stroke);
  if (printsBlack(element.fill)) {
    // As for rects: a black stroke and fill make one solid ellipse; a stroke that does not print leaves paper.
    return graphicEllipse(strokeBlack ? box : insetBox(box, element.strokeWidth), ctx);
  }
  return strokeBlack ? graphicEllipse(box, ctx, element.strokeWidth) : '';
};
