// The dark parts of a laid-out symbol as rectangles in points, for writers that fill one path per symbol.
import type { Box, LinearSymbol, MatrixSymbol } from '../../layout/laidOutLabel';

/**
 * Bars as they are; a module grid as one rectangle per run of dark modules in a row, which keeps a QR code's path a few
 * hundred rectangles instead of thousands and leaves no seams between neighbouring modules of a row.
 */
export function symbolRects(symbol: LinearSymbol | MatrixSymbol): Box[] {
  if (symbol.kind === 'linear') {
    return symbol.bars.map((bar) => ({ x: bar.x, y: symbol.y, width: bar.width, height: symbol.height }));
  }
  const rects: Box[] = [];
  for (let row = 0; row < symbol.rows; row++) {
    const cells = symbol.cells.slice(row * symbol.columns, (row + 1) * symbol.columns);
    for (const run of cells.matchAll(/1+/g)) {
      rects.push({
        x: symbol.x + run.index * symbol.moduleWidth,
        y: symbol.y + row * symbol.moduleHeight,
        width: run[0].length * symbol.moduleWidth,
        height: symbol.moduleHeight,
      });
    }
  }
  return rects;
}
