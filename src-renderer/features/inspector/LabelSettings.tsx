// The label itself, shown when nothing is selected: name, description, tags, size, unit and safe margin, and the fields
// asked at print time (edited in the Data tab).
import { convertLength, LENGTH_UNITS, type LengthUnit } from '../../editor/units';
import { selectTemplate, selectTemplateUnit, useEditorStore } from '../../store';
import { LengthField } from './fields/LengthField';
import { SelectField } from './fields/SelectField';
import { TextField } from './fields/TextField';
import { parseTags } from './fontChoices';
import { ProblemList } from './ProblemList';

export function LabelSettings() {
  const template = useEditorStore(selectTemplate);
  const unit = useEditorStore(selectTemplateUnit);
  const updateTemplate = useEditorStore((state) => state.updateTemplate);
  const setSidePanel = useEditorStore((state) => state.setSidePanel);
  const prompted = (template.prompts ?? []).map((prompt) => prompt.label || prompt.name);
  const dimensions = template.dimensions;
  // Changing the unit rewrites the label's lengths; elements keep theirs (the inspector shows them in the new unit).
  const changeUnit = (next: LengthUnit) =>
    updateTemplate({
      dimensions: {
        width: convertLength(dimensions.width, next) ?? dimensions.width,
        height: convertLength(dimensions.height, next) ?? dimensions.height,
        ...(dimensions.safeMargin !== undefined && {
          safeMargin: convertLength(dimensions.safeMargin, next) ?? dimensions.safeMargin,
        }),
      },
    });
  return (
    <div className="inspector-section">
      <h2 className="panel-title">Label</h2>
      <ProblemList elementId={undefined} />
      <TextField
        label="Name"
        value={template.meta.name}
        maxLength={200}
        onChange={(name) => updateTemplate({ meta: { name } })}
      />
      <TextField
        label="Description"
        multiline
        value={template.meta.description ?? ''}
        onChange={(description) =>
          updateTemplate({ meta: { description: description === '' ? undefined : description } })
        }
      />
      <TextField
        label="Tags"
        placeholder="retail, shelf"
        value={(template.meta.tags ?? []).join(', ')}
        applyOn="blur"
        onChange={(text) => {
          const tags = parseTags(text);
          updateTemplate({ meta: { tags: tags.length > 0 ? tags : undefined } });
        }}
      />
      <fieldset className="field-group">
        <legend>Size</legend>
        <div className="field-grid">
          <LengthField
            label="Width"
            value={dimensions.width}
            unit={unit}
            min={0}
            onChange={(width) => updateTemplate({ dimensions: { width } })}
          />
          <LengthField
            label="Height"
            value={dimensions.height}
            unit={unit}
            min={0}
            onChange={(height) => updateTemplate({ dimensions: { height } })}
          />
          <LengthField
            label="Safe margin"
            value={dimensions.safeMargin}
            fallback={`0${unit}`}
            unit={unit}
            min={0}
            onChange={(safeMargin) => updateTemplate({ dimensions: { safeMargin } })}
          />
          <SelectField
            label="Unit"
            value={unit}
            options={LENGTH_UNITS.map((value) => ({ value, label: value }))}
            onChange={changeUnit}
          />
        </div>
      </fieldset>
      <fieldset className="field-group">
        <legend>Asked at print time</legend>
        <p className="hint">
          {prompted.length === 0 ? 'Nothing: every value comes from the data.' : prompted.join(', ')}
        </p>
        <div className="button-row">
          <button type="button" onClick={() => setSidePanel('data')}>
            Edit in the Data tab
          </button>
        </div>
      </fieldset>
    </div>
  );
}
