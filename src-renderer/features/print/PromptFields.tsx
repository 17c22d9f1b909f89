// The print dialog's prompted fields: one input per prompt the template declares (text, number or date), its default filled in.
import { useId } from 'react';
import { setPath } from '@shared/records/tableRecords';
import type { TemplateDraft } from '../../store';

export type PromptDrafts = TemplateDraft['prompts'];
export type PromptValues = Record<string, string>;

/** The values the dialog starts with: each prompt's default. */
export function promptDefaults(prompts: PromptDrafts): PromptValues {
  return Object.fromEntries((prompts ?? []).map((prompt) => [prompt.name, prompt.default ?? '']));
}

/** The prompted values as the print's `data` (dotted names nested); an empty one is left out, so its default applies. */
export function promptData(values: PromptValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === '') continue;
    try {
      setPath(data, name, value);
    } catch {
      // A name the template check refuses: the print is refused with the template's errors anyway.
    }
  }
  return data;
}

export function PromptFields({
  prompts,
  values,
  onChange,
}: {
  prompts: PromptDrafts;
  values: PromptValues;
  onChange(values: PromptValues): void;
}) {
  const id = useId();
  if (!prompts || prompts.length === 0) return null;
  return (
    <fieldset className="field-group">
      <legend>Asked at print time</legend>
      {prompts.map((prompt, index) => (
        <div className="field" key={prompt.name}>
          <label htmlFor={`${id}-${index}`}>{prompt.label}</label>
          <input
            id={`${id}-${index}`}
            type={prompt.type === 'number' ? 'number' : prompt.type === 'date' ? 'date' : 'text'}
            value={values[prompt.name] ?? ''}
            placeholder={prompt.default}
            onChange={(event) => onChange({ ...values, [prompt.name]: event.target.value })}
          />
        </div>
      ))}
    </fieldset>
  );
}
