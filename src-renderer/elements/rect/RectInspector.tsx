// The rectangle's panel: stroke, fill and corner radius.
import { ShapeStyleFields } from '../../features/inspector/ShapeStyleFields';
import type { ElementDraftOf } from '../../store';

export function RectInspector({ element }: { element: ElementDraftOf<'rect'> }) {
  return <ShapeStyleFields element={element} cornerRadius />;
}
