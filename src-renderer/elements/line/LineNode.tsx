// Canvas node of a line element: from its first to its second end, the stroke centred on it.
import { Line } from 'react-konva';
import type { LaidOutOf } from '../../engine';
import type { ElementNodeProps } from '../elementNodeProps';

export function LineNode({ element }: ElementNodeProps<LaidOutOf<'line'>>) {
  if (element.stroke === undefined) return null;
  return (
    <Line
      points={[element.x1, element.y1, element.x2, element.y2]}
      stroke={element.stroke}
      strokeWidth={element.strokeWidth}
      listening={false}
    />
  );
}
