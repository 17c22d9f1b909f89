// Postal codes' bars (POSTNET, PLANET, Intelligent Mail, RM4SCC, KIX, Australia Post, Japan Post) in whole dots: the layout and the ZPL reader draw them alike.
import type { EncodedLinear } from './barcodeEncoding';

/** A bar or space of `width` bars' widths (a space is 1.3 bars): rounded to whole dots, never under one; a 0-wide bar stays 0. */
export function proportionalDots(width: number, moduleDots: number): number {
  return width === 0 ? 0 : Math.max(1, Math.round(width * moduleDots));
}

/**
 * The bars as one path of rectangles in points, from (left, top) with `scale` points a dot: bar `index` spans its share of
 * `barHeightDots` (tops and bottoms rounded to whole dots, as a printer's), `x` and `width` in dots from `left`.
 */
export function postalPath(
  bars: readonly { x: number; width: number; index: number }[],
  spans: NonNullable<EncodedLinear['barSpans']>,
  left: number,
  top: number,
  barHeightDots: number,
  scale: number,
): string {
  return bars
    .map((bar) => {
      const span = spans[bar.index] ?? { top: 0, height: 1 };
      const barTop = Math.round(span.top * barHeightDots);
      const barDots = Math.max(1, Math.round((span.top + span.height) * barHeightDots) - barTop);
      const [x0, x1] = [left + bar.x * scale, left + (bar.x + bar.width) * scale];
      const [y0, y1] = [top + barTop * scale, top + (barTop + barDots) * scale];
      return `M${x0} ${y0}L${x1} ${y0}L${x1} ${y1}L${x0} ${y1}Z`;
    })
    .join('');
}

/** Bars (even entries of the widths in dots) as offsets from the symbol's left edge, with their index among the bars. */
export function barsOf(widthsInDots: readonly number[]): {
  bars: { x: number; width: number; index: number }[];
  width: number;
} {
  const bars: { x: number; width: number; index: number }[] = [];
  let offset = 0;
  widthsInDots.forEach((dots, index) => {
    if (index % 2 === 0 && dots > 0) bars.push({ x: offset, width: dots, index: index / 2 });
    offset += dots;
  });
  return { bars, width: offset };
}
