// Canvas node of a text element: its laid-out lines as glyph outlines, in one shape whose bounds are the element box.
import { Shape } from 'react-konva';
import type { LaidOutOf } from '../../engine';
import type { ElementNodeProps } from '../elementNodeProps';
import { drawTextRun } from './drawTextRun';

export function TextNode({ element, fonts }: ElementNodeProps<LaidOutOf<'text'>>) {
  const { box } = element;
  return (
    <Shape
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      listening={false}
      sceneFunc={(context) => drawTextRun(context, element, fonts, box)}
    />
  );
}
