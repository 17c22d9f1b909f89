// Where a text or barcode gets its value: literal text, or an expression over the sample record.
import { useId } from 'react';
import { selectSampleData, useEditorStore, type ElementDraft } from '../../store';
import { contentView, expressionPatch, switchToExpression, switchToText, textPatch, type ContentSource } from './contentMode';
import { ExpressionField } from './ExpressionField';
import { previewExpression } from './expressionPreview';
import { TextField } from './fields/TextField';

export function ContentField({ element }: { element: ElementDraft & ContentSource }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const data = useEditorStore(selectSampleData);
  const view = contentView(element);
  const name = useId();
  const toText = () => {
    if (view.mode !== 'expression') return;
    const preview = previewExpression(view.source, data, view.scope);
    updateElement(element.id, switchToText(preview.kind === 'value' ? preview.text : ''));
  };
  return (
    <fieldset className="field-group">
      <legend>Content</legend>
      <div className="radio-row">
        <label>
          <input type="radio" name={name} checked={view.mode === 'text'} onChange={toText} />
          Text
        </label>
        <label>
          <input type="radio" name={name} checked={view.mode === 'expression'} onChange={() => updateElement(element.id, switchToExpression(element))} />
          Expression
        </label>
      </div>
      {view.mode === 'text' ? (
        <TextField label="Content text" multiline={element.type === 'text'} value={view.text} onChange={(text) => updateElement(element.id, textPatch(text))} />
      ) : (
        <ExpressionField
          label="Content expression"
          value={view.source}
          scope={view.scope}
          placeholder={view.scope === 'data' ? 'data.name' : 'name'}
          onChange={(source) => updateElement(element.id, expressionPatch(view.key, source))}
        />
      )}
    </fieldset>
  );
}
