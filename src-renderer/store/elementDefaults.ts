// A new element of any kind as the editor adds it: its kind's size and fields (its EditorKind's defaults), centred where it is placed.
import type { ElementType } from '@shared/elements/elementSchema';
import { formatLength, type LengthUnit } from '../editor/units';
import type { EditorKind } from '../elements/editorKind';
import type { ElementDraft } from './templateDraft';

/** A kind's new element as EditorKind.defaults gives it; the store takes it from the caller, so the screens that never add an element (the gallery) load no kind's canvas code. */
export type ElementDefaults = EditorKind<ElementType>['defaults'];

/** The element centred on (cx, cy) in points, lengths written in `unit`. */
export function newElement(
  type: ElementType,
  defaults: ElementDefaults,
  id: string,
  cx: number,
  cy: number,
  unit: LengthUnit,
): ElementDraft {
  const { width, height, fields } = defaults;
  return {
    id,
    type,
    position: { mode: 'absolute', x: formatLength(cx - width / 2, unit), y: formatLength(cy - height / 2, unit) },
    width: formatLength(width, unit),
    height: formatLength(height, unit),
    ...fields,
  } as ElementDraft;
}
