// Draws a laid-out barcode element in SVG: one path for the symbol, glyph outlines for the human-readable line.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { SvgElementEmitter } from '../../emit/svg/svgContext';
import { escapeXml } from '../svgEscape';
import { svgNumber } from '../svgNumber';
import { textRunToSvg } from '../text/svgText';
import { symbolRects } from './symbolRects';

/** Rectangles as absolute moveto + relative h/v: short, and one fill covers the whole symbol. */
function rectsPath(rects: ReturnType<typeof symbolRects>): string {
  return rects
    .map(
      (rect) =>
        `M${svgNumber(rect.x)} ${svgNumber(rect.y)}h${svgNumber(rect.width)}v${svgNumber(rect.height)}h${svgNumber(-rect.width)}z`,
    )
    .join('');
}

/** A vector symbol's path is in points already; its coordinates are rounded as every other SVG number is. */
function vectorPath(path: string): string {
  return path.replace(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g, (number) => svgNumber(Number(number)));
}

export const emitBarcodeSvg: SvgElementEmitter<LaidOutOf<'barcode'>> = (element, ctx) => {
  const fill = escapeXml(element.color);
  // crispEdges: anti-aliased module edges blur into grey seams that scanners (and 1-bit printers) read badly. MaxiCode's
  // hexagons and rings are not axis-aligned: they keep anti-aliasing, and its rings are filled even-odd.
  const symbol =
    element.symbol.kind === 'vector'
      ? `<path fill="${fill}" fill-rule="evenodd" d="${vectorPath(element.symbol.path)}"/>`
      : `<path fill="${fill}" shape-rendering="crispEdges" d="${rectsPath(symbolRects(element.symbol))}"/>`;
  return element.humanReadable ? symbol + textRunToSvg(element.humanReadable, ctx) : symbol;
};
