// Canvas node of a rect element: the laid-out outline (the box inset by half the stroke) with its fill, stroke and corners.
import { Rect } from 'react-konva';
import type { LaidOutOf } from '../../engine';
import type { ElementNodeProps } from '../elementNodeProps';

export function RectNode({ element }: ElementNodeProps<LaidOutOf<'rect'>>) {
  if (element.stroke === undefined && element.fill === undefined) return null;
  return (
    <Rect
      {...element.shape}
      cornerRadius={element.cornerRadius}
      fill={element.fill}
      stroke={element.stroke}
      strokeWidth={element.strokeWidth}
      perfectDrawEnabled={false}
      listening={false}
    />
  );
}
