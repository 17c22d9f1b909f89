// The Data tab's prompted fields: the values a print asks for (a lot number, a date), declared with a name, label, type
// and default and saved in the template's `prompts`, each problem said beside its field.
import { useId, useMemo } from 'react';
import { MAX_PROMPTS, PROMPT_TYPES, promptProblems, type PromptDraft, type PromptType } from '@shared/model/prompts';
import { selectTemplate, useEditorStore } from '../../store';
import { draftFields } from '../../store/sheetMapping';
import { SelectField } from '../inspector/fields/SelectField';
import { TextField } from '../inspector/fields/TextField';
import { addPrompt, changePrompt, problemsOfPrompt, removePrompt } from './promptEdits';

const TYPE_OPTIONS: { value: PromptType; label: string }[] = PROMPT_TYPES.map((value) => ({
  value,
  label: { text: 'Text', number: 'Number', date: 'Date (YYYY-MM-DD)' }[value],
}));

const DEFAULT_PLACEHOLDER: Record<PromptType, string> = { text: 'none', number: 'e.g. 1', date: 'YYYY-MM-DD' };

export function PromptSection() {
  const template = useEditorStore(selectTemplate);
  const updateTemplate = useEditorStore((state) => state.updateTemplate);
  const prompts = useMemo(() => template.prompts ?? [], [template.prompts]);
  const problems = useMemo(() => promptProblems(prompts), [prompts]);
  const setPrompts = (next: PromptDraft[] | undefined) => updateTemplate({ prompts: next });
  return (
    <section aria-label="Asked at print time">
      <h3 className="panel-subtitle">Asked at print time</h3>
      <p className="hint">
        Fields the print dialog asks for, with their default filled in (the CLI takes them as{' '}
        <code>--set name=value</code>, the API in <code>data</code>).
      </p>
      {prompts.map((prompt, index) => (
        // By position: a name being typed must not remount its own field.
        <PromptFieldset
          key={index}
          index={index}
          prompt={prompt}
          problems={problemsOfPrompt(problems, index)}
          onChange={(change) => setPrompts(changePrompt(prompts, index, change))}
          onRemove={() => setPrompts(removePrompt(prompts, index))}
        />
      ))}
      <div className="button-row">
        <button
          type="button"
          onClick={() => setPrompts(addPrompt(prompts, draftFields(template)))}
          disabled={prompts.length >= MAX_PROMPTS}
        >
          Add prompted field
        </button>
      </div>
    </section>
  );
}

interface PromptFieldsetProps {
  index: number;
  prompt: PromptDraft;
  problems: ReadonlyMap<string, string>;
  onChange(change: Partial<PromptDraft>): void;
  onRemove(): void;
}

function PromptFieldset({ index, prompt, problems, onChange, onRemove }: PromptFieldsetProps) {
  const ids = { name: useId(), label: useId(), default: useId() };
  // A type the editor does not know shows as text; its problem is said below the fields.
  const type = PROMPT_TYPES.find((known) => known === prompt.type) ?? 'text';
  const said = (field: 'name' | 'label' | 'default') => {
    const message = problems.get(field);
    return {
      invalid: message !== undefined,
      hintId: ids[field],
      hint: message && (
        <p id={ids[field]} className="hint error-text">
          {message}
        </p>
      ),
    };
  };
  // What is not about one of the text fields: a type the editor does not know, a key the format does not have.
  const others = [...problems].filter(([field]) => !['name', 'label', 'default'].includes(field));
  return (
    <fieldset className="field-group">
      <legend>Prompted field {index + 1}</legend>
      <TextField
        label="Name"
        value={prompt.name}
        maxLength={200}
        onChange={(name) => onChange({ name })}
        {...said('name')}
      />
      <TextField
        label="Label"
        value={prompt.label}
        maxLength={200}
        onChange={(label) => onChange({ label })}
        {...said('label')}
      />
      <SelectField label="Type" value={type} options={TYPE_OPTIONS} onChange={(next) => onChange({ type: next })} />
      <TextField
        label="Default"
        value={prompt.default ?? ''}
        placeholder={DEFAULT_PLACEHOLDER[type]}
        maxLength={1000}
        onChange={(value) => onChange({ default: value })}
        {...said('default')}
      />
      {others.map(([field, message]) => (
        <p key={field} className="hint error-text">
          {field === '' ? message : `${field}: ${message}`}
        </p>
      ))}
      <div className="button-row">
        <button type="button" className="danger" onClick={onRemove} aria-label={`Remove prompted field ${index + 1}`}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}
