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
    for (const rect of symbolRects(element.symbol)) path.rect(rect.x - element.box.x, rect.y - element.box.y, rect.width, rect.height);
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
        context.fill(symbolPath(element));
        if (element.humanReadable) drawTextRun(context, element.humanReadable, fonts, box);
      }}
    />
  );
}
