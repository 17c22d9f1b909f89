// Canvas node of a barcode element: the symbol's dark rectangles filled as one path, and the human-readable line as glyphs.
import { Shape } from 'react-konva';
import { symbolRects, type LaidOutOf } from '../../engine';
import type { ElementNodeProps } from '../elementNodeProps';
import { drawTextRun } from '../text/drawTextRun';

/** One path per laid-out barcode (relative to its box): a QR code's few hundred rectangles are built once, not per redraw. */
const symbolPaths = new WeakMap<LaidOutOf<'barcode'>, Path2D>();

function symbolPath(element: LaidOutOf<'barcode'>): Path2D {
  let path = symbolPaths.get(element);
  if (!path) {
    path = new Path2D();
    const { symbol, box } = element;
    if (symbol.kind === 'vector') path.addPath(new Path2D(symbol.path), new DOMMatrix([1, 0, 0, 1, -box.x, -box.y]));
    else for (const rect of symbolRects(symbol)) path.rect(rect.x - box.x, rect.y - box.y, rect.width, rect.height);
    symbolPaths.set(element, path);
  }
  return path;
}

export function BarcodeNode({ element, fonts }: ElementNodeProps<LaidOutOf<'barcode'>>) {
  const { box } = element;
  return (
    <Shape
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      listening={false}
      sceneFunc={(context) => {
        context.setAttr('fillStyle', element.color);
        // Even-odd: MaxiCode's rings are each two circles; rectangles of other symbols never overlap, so it changes nothing for them.
        context.fill(symbolPath(element), 'evenodd');
        if (element.humanReadable) drawTextRun(context, element.humanReadable, fonts, box);
      }}
    />
  );
}
