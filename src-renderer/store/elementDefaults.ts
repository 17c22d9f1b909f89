// A new element of each type as the editor adds it: a sensible size and content, centred where it is placed.
import type { ElementType } from '@shared/elements/elementSchema';
import { formatLength, POINTS_PER_UNIT, type LengthUnit } from '../editor/units';
import type { ElementDraft, ElementDraftOf } from './templateDraft';

const MM = POINTS_PER_UNIT.mm;

/** A light grey pixel: an image element needs a source to be valid; the designer replaces it. */
export const PLACEHOLDER_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4AWO4cuUGAAUAAoGW+851AAAAAElFTkSuQmCC';

/** Default size in points and the type's own fields. */
const DEFAULTS: {
  [T in ElementType]: {
    width: number;
    height: number;
    fields: Omit<ElementDraftOf<T>, 'id' | 'type' | 'position' | 'width' | 'height'>;
  };
} = {
  text: { width: 40 * MM, height: 8 * MM, fields: { content: { text: 'Text' }, style: { fontSize: '10pt' } } },
  barcode: { width: 40 * MM, height: 15 * MM, fields: { symbology: 'code128', content: { text: '1234567890' } } },
  image: { width: 20 * MM, height: 20 * MM, fields: { src: PLACEHOLDER_IMAGE, fit: 'contain' } },
  line: { width: 30 * MM, height: 0, fields: { style: { strokeWidth: '1pt' } } },
  rect: { width: 30 * MM, height: 20 * MM, fields: { style: { strokeWidth: '1pt' } } },
  ellipse: { width: 20 * MM, height: 20 * MM, fields: { style: { strokeWidth: '1pt' } } },
};

/** The element centred on (cx, cy) in points, lengths written in `unit`. */
export function newElement(type: ElementType, id: string, cx: number, cy: number, unit: LengthUnit): ElementDraft {
  const { width, height, fields } = DEFAULTS[type];
  return {
    id,
    type,
    position: { mode: 'absolute', x: formatLength(cx - width / 2, unit), y: formatLength(cy - height / 2, unit) },
    width: formatLength(width, unit),
    height: formatLength(height, unit),
    ...fields,
  } as ElementDraft;
}
