// Boxes and straight lines as whole dots: the shapes a square-cornered ^GB and an upright line make, turned by quarters.
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import { toThousandths } from '../../elements/svgNumber';
import type { DotContext } from './dotContext';
import { boxDots, isQuarter } from './dotGrid';
import type { DotCanvas, DotPaint } from './dotRaster';

/** Coordinates as the SVG writes them (to 1/1000 pt), so both paths cut dots at the same edges. */
function asWritten(box: Box): Box {
  return {
    x: toThousandths(box.x),
    y: toThousandths(box.y),
    width: toThousandths(box.width),
    height: toThousandths(box.height),
  };
}

function centreOf(box: Box): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A rectangle: its fill, or its stroke as resvg outlines it (the outer box less the inner one, square corners: the
 * default miter join). False when it is not this simple (rounded corners, an odd turn, a fill and a stroke), for the
 * caller to draw it another way.
 */
export function drawRectDots(
  element: LaidOutOf<'rect'>,
  canvas: DotCanvas,
  paint: DotPaint,
  { grid }: DotContext,
): boolean {
  if (
    !isQuarter(element.rotation) ||
    element.cornerRadius > 0 ||
    (element.fill !== undefined && element.stroke !== undefined)
  )
    return false;
  const centre = centreOf(element.box);
  const shape = asWritten(element.shape);
  if (element.stroke === undefined) {
    if (element.fill === undefined) return true;
    const [x0, y0, x1, y1] = boxDots(shape, element.rotation, centre, grid);
    canvas.fillRect(x0, y0, x1, y1, paint);
    return true;
  }
  const half = toThousandths(element.strokeWidth) / 2;
  const outer = {
    x: shape.x - half,
    y: shape.y - half,
    width: shape.width + 2 * half,
    height: shape.height + 2 * half,
  };
  const [ox0, oy0, ox1, oy1] = boxDots(outer, element.rotation, centre, grid);
  const inner = {
    x: shape.x + half,
    y: shape.y + half,
    width: shape.width - 2 * half,
    height: shape.height - 2 * half,
  };
  if (inner.width <= 0 || inner.height <= 0) {
    canvas.fillRect(ox0, oy0, ox1, oy1, paint);
    return true;
  }
  const [ix0, iy0, ix1, iy1] = boxDots(inner, element.rotation, centre, grid);
  if (ix0 >= ix1 || iy0 >= iy1) {
    canvas.fillRect(ox0, oy0, ox1, oy1, paint);
    return true;
  }
  // Four bands that do not overlap, so a reversed outline inverts each dot once.
  canvas.fillRect(ox0, oy0, ox1, iy0, paint);
  canvas.fillRect(ox0, iy1, ox1, oy1, paint);
  canvas.fillRect(ox0, iy0, ix0, iy1, paint);
  canvas.fillRect(ix1, iy0, ox1, iy1, paint);
  return true;
}

/** A horizontal or vertical line (butt caps: no further than its ends), turned by quarters; false for a slanted one. */
export function drawLineDots(
  element: LaidOutOf<'line'>,
  canvas: DotCanvas,
  paint: DotPaint,
  { grid }: DotContext,
): boolean {
  if (!isQuarter(element.rotation)) return false;
  if (element.stroke === undefined) return true;
  const [x1, y1, x2, y2] = [element.x1, element.y1, element.x2, element.y2].map(toThousandths) as [
    number,
    number,
    number,
    number,
  ];
  const half = toThousandths(element.strokeWidth) / 2;
  let band: Box;
  if (y1 === y2) band = { x: Math.min(x1, x2), y: y1 - half, width: Math.abs(x2 - x1), height: 2 * half };
  else if (x1 === x2) band = { x: x1 - half, y: Math.min(y1, y2), width: 2 * half, height: Math.abs(y2 - y1) };
  else return false;
  const [bx0, by0, bx1, by1] = boxDots(band, element.rotation, centreOf(element.box), grid);
  canvas.fillRect(bx0, by0, bx1, by1, paint);
  return true;
}
