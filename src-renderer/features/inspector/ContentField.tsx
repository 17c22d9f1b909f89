// Where a text or barcode gets its value: literal text, an expression over the sample record, or a counter (a serial number the control writes as counter()).
import { useId, useState } from 'react';
import { useEditorStore, type ElementDraft } from '../../store';
import {
  contentView,
  expressionPatch,
  switchToExpression,
  switchToText,
  textPatch,
  type ContentSource,
} from './contentMode';
import { counterExpression, NEW_COUNTER, readCounterExpression } from './counterContent';
import { CounterFields } from './CounterFields';
import { ExpressionField } from './ExpressionField';
import { previewExpression } from './expressionPreview';
import { TextField } from './fields/TextField';
import { useCanvasBinding } from './useCanvasBinding';
import { drawnBarcodeValue } from '../../elements/barcode/moduleWidthText';

export function ContentField({ element }: { element: ElementDraft & ContentSource }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const { data, env } = useCanvasBinding();
  const view = contentView(element);
  const slug = useEditorStore((state) => state.documentInfo.slug);
  // A counter's expression can still be edited as an expression when asked for ("Expression" while it shows the counter).
  const [asExpression, setAsExpression] = useState(false);
  const written = view.mode === 'expression' ? readCounterExpression(view.source, slug) : undefined;
  const counter = asExpression ? undefined : written;
  const name = useId();
  // A barcode's drawn value may differ from the one given (a check digit computed and added): said when it does.
  const drawn = useEditorStore((state) =>
    element.type === 'barcode' ? drawnBarcodeValue(state.canvasLabel, element.id) : undefined,
  );
  const value = view.mode === 'text' ? view.text : previewExpression(view.source, data, view.scope, env);
  const valueText = typeof value === 'string' ? value : value.kind === 'value' ? value.text : undefined;
  const toText = () => {
    if (view.mode !== 'expression') return;
    const preview = previewExpression(view.source, data, view.scope, env);
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
          <input
            type="radio"
            name={name}
            checked={view.mode === 'expression' && counter === undefined}
            onChange={() =>
              view.mode === 'expression'
                ? setAsExpression(true)
                : updateElement(element.id, switchToExpression(element))
            }
          />
          Expression
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={counter !== undefined}
            onChange={() => {
              setAsExpression(false);
              if (written === undefined)
                updateElement(
                  element.id,
                  expressionPatch(
                    view.mode === 'expression' ? view.key : 'contentExpression',
                    counterExpression(NEW_COUNTER, slug),
                  ),
                );
            }}
          />
          Counter
        </label>
      </div>
      {counter !== undefined && view.mode === 'expression' ? (
        <CounterFields
          setup={counter}
          onChange={(source) => updateElement(element.id, expressionPatch(view.key, source))}
        />
      ) : view.mode === 'text' ? (
        <TextField
          label="Content text"
          multiline={element.type === 'text'}
          value={view.text}
          onChange={(text) => updateElement(element.id, textPatch(text))}
        />
      ) : (
        <ExpressionField
          label="Content expression"
          value={view.source}
          scope={view.scope}
          placeholder={view.scope === 'data' ? 'data.name' : 'name'}
          onChange={(source) => updateElement(element.id, expressionPatch(view.key, source))}
        />
      )}
      {drawn !== undefined && valueText !== undefined && drawn !== valueText && (
        <p className="hint">
          The canvas draws <output aria-label="Drawn value">{drawn}</output>, as the printer will.
        </p>
      )}
    </fieldset>
  );
}
