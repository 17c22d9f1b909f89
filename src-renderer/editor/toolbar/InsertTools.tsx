// Adds an element of each type at the label's centre, selected so the inspector shows it.
import { ELEMENT_TYPES } from '@shared/elements/elementSchema';
import { EDITOR_KINDS } from '../../elements/editorKinds';
import { editorStore } from '../../store';

export function InsertTools() {
  return (
    <>
      {ELEMENT_TYPES.map((type) => {
        const { name } = EDITOR_KINDS[type];
        const label = `Add ${name.toLowerCase()}`;
        return (
          <button
            key={type}
            type="button"
            aria-label={label}
            title={label}
            onClick={() => editorStore.getState().addElement(type, EDITOR_KINDS[type].defaults)}
          >
            + {name}
          </button>
        );
      })}
    </>
  );
}
