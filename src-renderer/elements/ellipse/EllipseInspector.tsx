// The ellipse's panel: stroke and fill.
import { ShapeStyleFields } from '../../features/inspector/ShapeStyleFields';
import type { ElementDraftOf } from '../../store';

export function EllipseInspector({ element }: { element: ElementDraftOf<'ellipse'> }) {
  return <ShapeStyleFields element={element} />;
}
