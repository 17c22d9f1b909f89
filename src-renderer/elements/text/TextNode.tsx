// Canvas node of a text element: its laid-out lines as glyph outlines, in one shape whose bounds are the element box.
import type Konva from 'konva';
import { Shape } from 'react-konva';
import type { LaidOutOf } from '../../engine';
import type { ElementNodeProps } from '../elementNodeProps';
import { drawTextRun } from './drawTextRun';

/**
 * The scale the resize handles give the element's frame (the group with the element's id) while they are dragged:
 * the frame is scaled until the drag ends, and only then is the text laid out again at its new size.
 */
function frameScale(shape: Konva.Shape, id: string): { x: number; y: number } {
  let node: Konva.Node | null = shape.getParent();
  while (node && node.id() !== id) node = node.getParent();
  return node ? { x: node.scaleX(), y: node.scaleY() } : { x: 1, y: 1 };
}

export function TextNode({ element, fonts }: ElementNodeProps<LaidOutOf<'text'>>) {
  const { box } = element;
  return (
    <Shape
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      listening={false}
      sceneFunc={(context, shape) => {
        // Glyphs at their own size from the box's top-left corner while the frame is stretched: scaled with it they
        // looked stretched, and no printer prints a stretched font. The shape's bounds stay the box's, so the
        // handles' frame is not changed by this.
        const scale = frameScale(shape, element.id);
        if (scale.x !== 1 || scale.y !== 1) context.scale(1 / scale.x, 1 / scale.y);
        drawTextRun(context, element, fonts, box);
      }}
    />
  );
}
