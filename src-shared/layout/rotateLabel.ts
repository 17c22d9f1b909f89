// Turns a whole laid-out label by a quarter turn (the viewer's X-Rotation): every element moves with its centre and turns about it.
import type { Box, LaidOutElement, LaidOutLabel, TextRun } from './laidOutLabel';

export type QuarterTurn = 0 | 90 | 180 | 270;

const moveBox = (box: Box, dx: number, dy: number): Box => ({ ...box, x: box.x + dx, y: box.y + dy });

const moveRun = (run: TextRun, dx: number, dy: number): TextRun => ({
  ...run,
  lines: run.lines.map((line) => ({ ...line, x: line.x + dx, baseline: line.baseline + dy })),
});

/** The element shifted by (dx, dy): its box and every absolute coordinate it holds. */
function moveElement(element: LaidOutElement, dx: number, dy: number): LaidOutElement {
  const box = moveBox(element.box, dx, dy);
  switch (element.type) {
    case 'text':
      return { ...element, ...moveRun(element, dx, dy), box };
    case 'barcode': {
      const { symbol } = element;
      const moved =
        symbol.kind === 'linear'
          ? { ...symbol, x: symbol.x + dx, y: symbol.y + dy, bars: symbol.bars.map((bar) => ({ ...bar, x: bar.x + dx })) }
          : // Copied by descriptors: cells may be a getter that encodes when first read (QR codes), and stays one.
            (Object.defineProperties({}, {
              ...Object.getOwnPropertyDescriptors(symbol),
              x: { value: symbol.x + dx, enumerable: true },
              y: { value: symbol.y + dy, enumerable: true },
            }) as typeof symbol);
      return { ...element, box, symbol: moved, ...(element.humanReadable ? { humanReadable: moveRun(element.humanReadable, dx, dy) } : {}) };
    }
    case 'image':
      return { ...element, box, placement: moveBox(element.placement, dx, dy) };
    case 'line':
      return { ...element, box, x1: element.x1 + dx, y1: element.y1 + dy, x2: element.x2 + dx, y2: element.y2 + dy };
    case 'rect':
    case 'ellipse':
      return { ...element, box, shape: moveBox(element.shape, dx, dy) };
  }
}

/** The label turned `degrees` clockwise: a quarter or three quarters swap its width and height. */
export function rotateLabel(label: LaidOutLabel, degrees: QuarterTurn): LaidOutLabel {
  if (degrees === 0) return label;
  const { width, height } = label;
  // Where a point's centre lands, y down, turning clockwise about the origin and back onto the page.
  const turn = (x: number, y: number): [number, number] => (degrees === 90 ? [height - y, x] : degrees === 180 ? [width - x, height - y] : [y, width - x]);
  const elements = label.elements.map((element) => {
    const centreX = element.box.x + element.box.width / 2;
    const centreY = element.box.y + element.box.height / 2;
    const [x, y] = turn(centreX, centreY);
    const moved = moveElement(element, x - centreX, y - centreY);
    return { ...moved, rotation: (element.rotation + degrees) % 360 } as LaidOutElement;
  });
  const [newWidth, newHeight] = degrees === 180 ? [width, height] : [height, width];
  return { ...label, width: newWidth, height: newHeight, elements };
}
