// The line's panel: its stroke (a line has no fill).
import { ShapeStyleFields } from '../../features/inspector/ShapeStyleFields';
import type { ElementDraftOf } from '../../store';

export function LineInspector({ element }: { element: ElementDraftOf<'line'> }) {
  return <ShapeStyleFields element={element} fill={false} />;
}
