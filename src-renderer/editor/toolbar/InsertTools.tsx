// Adds an element of each type at the label's centre, selected so the inspector shows it.
import type { ElementType } from '@shared/elements/elementSchema';
import { ELEMENT_TYPE_NAMES } from '../../elements/elementInspectors';
import { editorStore } from '../../store';

const INSERTABLE: { type: ElementType; name: string }[] = [
  { type: 'text', name: 'Add text' },
  { type: 'barcode', name: 'Add barcode' },
  { type: 'image', name: 'Add image' },
  { type: 'line', name: 'Add line' },
  { type: 'rect', name: 'Add rectangle' },
  { type: 'ellipse', name: 'Add ellipse' },
];

export function InsertTools() {
  return (
    <>
      {INSERTABLE.map(({ type, name }) => (
        <button
          key={type}
          type="button"
          aria-label={name}
          title={name}
          onClick={() => editorStore.getState().addElement(type)}
        >
          + {ELEMENT_TYPE_NAMES[type]}
        </button>
      ))}
    </>
  );
}
