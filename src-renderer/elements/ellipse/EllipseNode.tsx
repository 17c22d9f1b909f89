// Canvas node of an ellipse element: inscribed in the laid-out shape (the box inset by half the stroke).
import { Ellipse } from 'react-konva';
import type { LaidOutOf } from '../../engine';
import type { ElementNodeProps } from '../elementNodeProps';

export function EllipseNode({ element }: ElementNodeProps<LaidOutOf<'ellipse'>>) {
  const { shape } = element;
  if (element.stroke === undefined && element.fill === undefined) return null;
  return (
    <Ellipse
      x={shape.x + shape.width / 2}
      y={shape.y + shape.height / 2}
      radiusX={shape.width / 2}
      radiusY={shape.height / 2}
      fill={element.fill}
      stroke={element.stroke}
      strokeWidth={element.strokeWidth}
      perfectDrawEnabled={false}
      listening={false}
    />
  );
}
