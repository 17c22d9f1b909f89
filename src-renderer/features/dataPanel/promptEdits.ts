// The Data tab's prompt form as pure edits of the template's `prompts`: add one (named after a field the label shows),
// change one, remove one, and the problems of one prompt by the field they are about.
import type { ErrorDetail } from '@shared/errors';
import { MAX_PROMPTS, type PromptDraft } from '@shared/model/prompts';

/**
 * A new prompt: the first field the label shows that nothing prompts yet (what a designer most often asks for), else
 * "field1", "field2", … whichever is free. Its label repeats the name until the designer words it.
 */
export function newPrompt(prompts: readonly PromptDraft[], labelFields: readonly string[]): PromptDraft {
  const taken = new Set(prompts.map((prompt) => prompt.name));
  let name = labelFields.find((field) => !taken.has(field));
  for (let n = 1; name === undefined; n += 1) if (!taken.has(`field${n}`)) name = `field${n}`;
  return { name, label: name, type: 'text' };
}

/** The prompts with a new one at the end; none is added past the template's limit. */
export function addPrompt(prompts: readonly PromptDraft[], labelFields: readonly string[]): PromptDraft[] {
  return prompts.length >= MAX_PROMPTS ? [...prompts] : [...prompts, newPrompt(prompts, labelFields)];
}

/** Prompt `index` changed; an empty default is no default (the operator then must type a value, or the field stays empty). */
export function changePrompt(
  prompts: readonly PromptDraft[],
  index: number,
  change: Partial<PromptDraft>,
): PromptDraft[] {
  return prompts.map((prompt, at) => {
    if (at !== index) return prompt;
    const { default: given, ...rest } = { ...prompt, ...change };
    return given === undefined || given === '' ? rest : { ...rest, default: given };
  });
}

/** Prompt `index` removed; no prompts left is no `prompts` in the template at all. */
export function removePrompt(prompts: readonly PromptDraft[], index: number): PromptDraft[] | undefined {
  const left = prompts.filter((_, at) => at !== index);
  return left.length === 0 ? undefined : left;
}

/**
 * The problems of prompt `index`, by the field they are about ("name", "label", "type", "default"; "" for the prompt
 * as a whole, say a key the format does not know), several of one field joined.
 */
export function problemsOfPrompt(problems: readonly ErrorDetail[], index: number): Map<string, string> {
  const prefix = `prompts[${index}]`;
  const byField = new Map<string, string>();
  for (const { path, message } of problems) {
    if (path !== prefix && !path.startsWith(`${prefix}.`)) continue;
    const field = path.slice(prefix.length + 1);
    const said = byField.get(field);
    byField.set(field, said === undefined ? message : `${said}; ${message}`);
  }
  return byField;
}
