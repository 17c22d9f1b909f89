// ^POI: a laid-out element moved as the whole label turns 180 degrees about its centre.
import type { Box, LaidOutElement, TextLine } from '../../layout/laidOutLabel';

function moveBox(box: Box, dx: number, dy: number): Box {
  return { x: box.x + dx, y: box.y + dy, width: box.width, height: box.height };
}

function moveLines(lines: TextLine[], dx: number, dy: number): TextLine[] {
  return lines.map((line) => ({ ...line, x: line.x + dx, baseline: line.baseline + dy }));
}

/** The element moved by (dx, dy): its box and every absolute coordinate it holds (also the viewer's X-Rotation, rotateLabel). */
export function moved(element: LaidOutElement, dx: number, dy: number): LaidOutElement {
  const box = moveBox(element.box, dx, dy);
  switch (element.type) {
    case 'text':
      return { ...element, box, lines: moveLines(element.lines, dx, dy) };
    case 'image':
      return { ...element, box, placement: moveBox(element.placement, dx, dy) };
    case 'line':
      return { ...element, box, x1: element.x1 + dx, y1: element.y1 + dy, x2: element.x2 + dx, y2: element.y2 + dy };
    case 'rect':
    case 'ellipse':
      return { ...element, box, shape: moveBox(element.shape, dx, dy) };
    case 'barcode': {
      const { symbol } = element;
      const humanReadable = element.humanReadable && {
        ...element.humanReadable,
        lines: moveLines(element.humanReadable.lines, dx, dy),
      };
      if (symbol.kind === 'linear') {
        const bars = symbol.bars.map((bar) => ({ x: bar.x + dx, width: bar.width }));
        return { ...element, box, humanReadable, symbol: { ...symbol, bars, x: symbol.x + dx, y: symbol.y + dy } };
      }
      // The matrix's cells may be a getter computed on first read: keep it by moving only the grid origin.
      const matrix = Object.create(
        Object.getPrototypeOf(symbol) as object,
        Object.getOwnPropertyDescriptors(symbol),
      ) as typeof symbol;
      Object.defineProperty(matrix, 'x', { value: symbol.x + dx, enumerable: true });
      Object.defineProperty(matrix, 'y', { value: symbol.y + dy, enumerable: true });
      return { ...element, box, humanReadable, symbol: matrix };
    }
  }
}

/** The element where it lands when a `width` x `height` label is turned upside down (turned about its own centre, which moves). */
export function turnHalf(element: LaidOutElement, width: number, height: number): LaidOutElement {
  const cx = element.box.x + element.box.width / 2;
  const cy = element.box.y + element.box.height / 2;
  const turned = moved(element, width - 2 * cx, height - 2 * cy);
  return { ...turned, rotation: (element.rotation + 180) % 360 };
}
