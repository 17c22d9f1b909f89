// The element's condition: drawn only when this expression is true for the record; empty means always.
import { useEditorStore, type ElementDraft } from '../../store';
import { ExpressionField } from './ExpressionField';

export function ConditionField({ element }: { element: ElementDraft }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  return (
    <ExpressionField
      label="Condition"
      purpose="condition"
      scope="fields"
      value={element.condition ?? ''}
      placeholder="Always shown, e.g. onSale"
      onChange={(source) => updateElement(element.id, { condition: source.trim() === '' ? undefined : source })}
    />
  );
}
