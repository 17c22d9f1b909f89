// The dark parts of a laid-out symbol as rectangles in points, for writers that fill one path per symbol.
import type { Box, LinearSymbol, MatrixSymbol } from '../../layout/laidOutLabel';

/** A dark module in a matrix symbol's cells ('1'). */
const DARK = 0x31;

/**
 * Bars as they are; a module grid as one rectangle per run of dark modules in a row, which keeps a QR code's path a few
 * hundred rectangles instead of thousands and leaves no seams between neighbouring modules of a row.
 */
export function symbolRects(symbol: LinearSymbol | MatrixSymbol): Box[] {
  if (symbol.kind === 'linear') {
    return symbol.bars.map((bar) => ({ x: bar.x, y: symbol.y, width: bar.width, height: symbol.height }));
  }
  const rects: Box[] = [];
  const { cells, columns } = symbol;
  // Runs found by char code, not by a regular expression over a slice of each row: a label's symbol is read at every
  // render, and a match object and a row string per run were most of what drawing it allocated.
  for (let row = 0; row < symbol.rows; row++) {
    const rowStart = row * columns;
    let column = 0;
    while (column < columns) {
      if (cells.charCodeAt(rowStart + column) !== DARK) {
        column++;
        continue;
      }
      const runStart = column;
      while (column < columns && cells.charCodeAt(rowStart + column) === DARK) column++;
      rects.push({
        x: symbol.x + runStart * symbol.moduleWidth,
        y: symbol.y + row * symbol.moduleHeight,
        width: (column - runStart) * symbol.moduleWidth,
        height: symbol.moduleHeight,
      });
    }
  }
  return rects;
}
