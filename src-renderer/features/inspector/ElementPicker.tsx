// Selecting an element without the mouse: every element by id and type, top of the drawing order last.
import { useId } from 'react';
import { EDITOR_KINDS } from '../../elements/editorKinds';
import { useEditorStore } from '../../store';

const NONE = '';

export function ElementPicker() {
  const selectId = useId();
  const elements = useEditorStore((state) => state.template.elements);
  const selectedIds = useEditorStore((state) => state.selectedIds);
  const select = useEditorStore((state) => state.select);
  const value = selectedIds.length === 1 ? (selectedIds[0] ?? NONE) : NONE;
  return (
    <div className="field element-picker">
      <label htmlFor={`${selectId}-1`}>Selected element</label>
      <select
        id={`${selectId}-1`}
        value={value}
        onChange={(event) => select(event.target.value === NONE ? [] : [event.target.value])}
      >
        <option value={NONE}>
          {selectedIds.length > 1 ? `${selectedIds.length} elements` : 'None (label settings)'}
        </option>
        {elements.map((element) => (
          <option key={element.id} value={element.id}>
            {element.id} ({EDITOR_KINDS[element.type].name})
          </option>
        ))}
      </select>
    </div>
  );
}
