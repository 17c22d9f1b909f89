// A new element of any kind as the editor adds it: its kind's size and fields (EDITOR_KINDS), centred where it is placed.
import type { ElementType } from '@shared/elements/elementSchema';
import { formatLength, type LengthUnit } from '../editor/units';
import { EDITOR_KINDS } from '../elements/editorKinds';
import type { ElementDraft } from './templateDraft';

/** The element centred on (cx, cy) in points, lengths written in `unit`. */
export function newElement(type: ElementType, id: string, cx: number, cy: number, unit: LengthUnit): ElementDraft {
  const { width, height, fields } = EDITOR_KINDS[type].defaults;
  return {
    id,
    type,
    position: { mode: 'absolute', x: formatLength(cx - width / 2, unit), y: formatLength(cy - height / 2, unit) },
    width: formatLength(width, unit),
    height: formatLength(height, unit),
    ...fields,
  } as ElementDraft;
}
