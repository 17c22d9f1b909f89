// The inspector: the label's settings when nothing is selected, one element's every property, or a note for several.
import { EDITOR_KINDS, ElementTypeInspector } from '../../elements/editorKinds';
import { selectSelectedElements, useEditorStore, type ElementDraft } from '../../store';
import { ConditionField } from './ConditionField';
import { ElementPicker } from './ElementPicker';
import { TextField } from './fields/TextField';
import { GeometryFields } from './GeometryFields';
import { LabelSettings } from './LabelSettings';
import { ProblemList } from './ProblemList';

function ElementInspector({ element }: { element: ElementDraft }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const ids = useEditorStore((state) => state.template.elements);
  const taken = (id: string) => id !== element.id && ids.some((other) => other.id === id);
  return (
    <div className="inspector-section">
      <div className="panel-heading">
        <h2 className="panel-title">{EDITOR_KINDS[element.type].name}</h2>
        <SelectionActions />
      </div>
      <ProblemList elementId={element.id} />
      <TextField
        label="Element id"
        value={element.id}
        applyOn="blur"
        maxLength={200}
        onChange={(id) => {
          const trimmed = id.trim();
          if (trimmed && !taken(trimmed)) updateElement(element.id, { id: trimmed });
        }}
      />
      <GeometryFields element={element} />
      <ElementTypeInspector element={element} />
      <fieldset className="field-group">
        <legend>Visibility</legend>
        <ConditionField element={element} />
      </fieldset>
    </div>
  );
}

/** Duplicate and delete for what is selected (also Ctrl+D and Delete on the canvas). */
function SelectionActions() {
  const duplicateSelection = useEditorStore((state) => state.duplicateSelection);
  const deleteSelection = useEditorStore((state) => state.deleteSelection);
  return (
    <div className="button-row selection-actions">
      <button type="button" onClick={duplicateSelection} title="Duplicate (Ctrl+D)">
        Duplicate
      </button>
      <button type="button" className="danger" onClick={deleteSelection} title="Delete (Del)">
        Delete
      </button>
    </div>
  );
}

export function Inspector() {
  const selected = useEditorStore(selectSelectedElements);
  const [only] = selected;
  return (
    <div className="inspector">
      <ElementPicker />
      {selected.length === 0 && <LabelSettings />}
      {/* Keyed by id: fields typed into belong to their element, not to whichever is selected next. */}
      {selected.length === 1 && only && <ElementInspector key={only.id} element={only} />}
      {selected.length > 1 && (
        <div className="inspector-section">
          <div className="panel-heading">
            <h2 className="panel-title">{selected.length} elements selected</h2>
            <SelectionActions />
          </div>
          <p className="hint">Align, distribute and order them with the toolbar; select one to edit its properties.</p>
        </div>
      )}
    </div>
  );
}
