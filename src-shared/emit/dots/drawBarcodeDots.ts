// A barcode's bars or modules as whole dots (the layout made them whole dots already), with its human-readable line.
import { symbolRects } from '../../elements/barcode/symbolRects';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { toThousandths } from '../../elements/svgNumber';
import { boxDots, isQuarter } from './dotGrid';
import type { DotCanvas, DotPaint } from './dotRaster';
import type { DotContext } from './dotContext';
import { drawTextRunDots, glyphsFit } from './drawTextDots';

/** False for MaxiCode's hexagons (a vector symbol), an odd turn or huge type: the caller draws those another way. */
export function drawBarcodeDots(
  element: LaidOutOf<'barcode'>,
  canvas: DotCanvas,
  paint: DotPaint,
  ctx: DotContext,
): boolean {
  if (element.symbol.kind === 'vector' || !isQuarter(element.rotation)) return false;
  if (element.humanReadable && !glyphsFit(element.humanReadable, ctx.grid)) return false;
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  for (const rect of symbolRects(element.symbol)) {
    // The SVG path rounds each corner and side to 1/1000 pt; the far side is where its relative h/v steps end.
    const [x, y] = [toThousandths(rect.x), toThousandths(rect.y)];
    const written = { x, y, width: toThousandths(rect.width), height: toThousandths(rect.height) };
    const [x0, y0, x1, y1] = boxDots(written, element.rotation, centre, ctx.grid);
    canvas.fillRect(x0, y0, x1, y1, paint);
  }
  if (element.humanReadable) drawTextRunDots(element.humanReadable, element.rotation, centre, canvas, paint, ctx);
  return true;
}
