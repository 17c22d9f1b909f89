// An expression being typed: live value (or error) with the selected record as the canvas binds it, and field names to complete from that record.
import { useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import {
  applyCompletion,
  completeAt,
  completionPaths,
  previewExpression,
  type ExpressionPreview,
  type ExpressionScope,
} from './expressionPreview';
import { useGestureEdit } from './fields/useGestureEdit';
import { useCanvasBinding } from './useCanvasBinding';

export interface ExpressionFieldProps {
  label: string;
  value: string;
  scope: ExpressionScope;
  onChange(source: string): void;
  /** 'condition' says shown or hidden instead of the value. */
  purpose?: 'value' | 'condition';
  placeholder?: string;
}

function describe(preview: ExpressionPreview, purpose: 'value' | 'condition'): string {
  if (preview.kind === 'empty')
    return purpose === 'condition' ? 'No condition: always shown.' : 'Type an expression, such as name or upper(name).';
  if (preview.kind === 'error') return `Error: ${preview.message}`;
  if (purpose === 'condition')
    return preview.truthy
      ? `Shown with this record (${preview.text || 'true'}).`
      : `Hidden with this record (${preview.text || 'empty'}).`;
  return preview.text === '' ? 'Value: (empty)' : `Value: ${preview.text}`;
}

export function ExpressionField({
  label,
  value,
  scope,
  onChange,
  purpose = 'value',
  placeholder,
}: ExpressionFieldProps) {
  // The value the canvas draws: the record bound as the canvas binds it, counters at their next value.
  const { data, env, problem } = useCanvasBinding();
  const [draft, setDraft] = useState<string | null>(null);
  const [cursor, setCursor] = useState(0);
  const [focused, setFocused] = useState(false);
  const gesture = useGestureEdit();
  const input = useRef<HTMLInputElement>(null);
  const suggestions = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const outputId = useId();
  const source = draft ?? value;
  const evaluated = previewExpression(source, data, scope, env);
  const preview: ExpressionPreview =
    problem !== undefined && evaluated.kind === 'value' ? { kind: 'error', message: problem } : evaluated;
  const fields = useMemo(() => completionPaths(data, scope), [data, scope]);
  const completion = focused ? completeAt(source, cursor, fields) : undefined;

  const edit = (next: string) => {
    setDraft(next);
    gesture.change(() => onChange(next));
  };
  const choose = (option: string) => {
    if (!completion) return;
    const { text, cursor: at } = applyCompletion(source, completion, option);
    edit(text);
    setCursor(at);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      gesture.commit();
      setDraft(null);
    } else if (event.key === 'Escape') {
      gesture.cancel();
      setDraft(null);
    } else if (event.key === 'ArrowDown' && completion && completion.options.length > 0) {
      event.preventDefault();
      suggestions.current?.querySelector('button')?.focus();
    }
  };
  const onSuggestionKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(suggestions.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.current?.focus();
      else buttons[Math.min(next, buttons.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      input.current?.focus();
    }
  };
  // Focus moving between the field and its suggestions keeps the suggestions open.
  const onBlurWithin = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setFocused(false);
    setDraft(null);
    gesture.commit();
  };
  const trackCursor = () => setCursor(input.current?.selectionStart ?? source.length);

  return (
    <div className="field expression-field" onFocus={() => setFocused(true)} onBlur={onBlurWithin}>
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={input}
        id={inputId}
        type="text"
        className="code"
        spellCheck={false}
        autoComplete="off"
        value={source}
        placeholder={placeholder}
        aria-describedby={outputId}
        aria-invalid={preview.kind === 'error' || undefined}
        onChange={(event) => {
          edit(event.target.value);
          setCursor(event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={trackCursor}
        onClick={trackCursor}
        onSelect={trackCursor}
      />
      <output
        id={outputId}
        htmlFor={inputId}
        className={preview.kind === 'error' ? 'expression-output error-text' : 'expression-output'}
      >
        {describe(preview, purpose)}
      </output>
      {completion && completion.options.length > 0 && (
        <div
          ref={suggestions}
          role="group"
          aria-label="Suggestions"
          className="suggestions"
          onKeyDown={onSuggestionKey}
        >
          {completion.options.map((option) => (
            <button
              key={option}
              type="button"
              className="suggestion code"
              // Keeps the caret in the field while clicking.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
