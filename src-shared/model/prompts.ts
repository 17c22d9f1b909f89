// Prompted fields: values the operator gives at print time (a lot number, a date), declared in the template with a label, type and default.
import { z } from 'zod';
import { BadRequestError, type ErrorDetail } from '../errors';
import { isMissing } from '../expr';
import { FORBIDDEN_NAMES } from '../expr/limits';
import type { LabelData } from '../layout/layoutLabel';
import { valueAt } from '../records/recordValues';
import { issueDetails } from './issuePath';

export const PROMPT_TYPES = ['text', 'number', 'date'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** A field path as expressions read it: names joined by dots ("lot", "origin.site"). */
const FIELD_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const ISO_DATE = /^\d{4}-\d\d-\d\d$/;
export const MAX_PROMPTS = 50;

/** A data field as a template names it: a prompt's field, a column mapping's field. */
export const fieldPathSchema = z
  .string()
  .regex(FIELD_PATH, { message: 'must be a field name such as "lot" or "origin.site"' })
  .refine((name) => !name.split('.').some((key) => FORBIDDEN_NAMES.has(key)), {
    message: 'must not name __proto__, constructor or prototype',
  });

export const promptSchema = z.strictObject({
  /** The data field the value fills, dotted for a nested one. */
  name: fieldPathSchema,
  /** What the print dialog asks ("Lot number"). */
  label: z.string().min(1, { message: 'must not be empty' }).max(200),
  type: z.enum(PROMPT_TYPES, { error: `must be one of: ${PROMPT_TYPES.join(', ')}` }).default('text'),
  /** Used when the operator gives no value. */
  default: z.string().max(1000).optional(),
});

export type Prompt = z.infer<typeof promptSchema>;
/** A prompt as written (the editor's form, a template file): its type may be left out, and it may not be valid yet. */
export type PromptDraft = z.input<typeof promptSchema>;

/** A given value as a prompt of `type` takes it, or the reason it is not one; text is kept as given. */
function typedValue(type: PromptType, value: unknown): { value: unknown } | { problem: string } {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string')
    return { problem: `must be ${type === 'text' ? 'text' : `a ${type}`}, got ${JSON.stringify(value)}` };
  if (type === 'number') {
    const number = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(number))
      return { problem: `must be a number, got ${JSON.stringify(value)}` };
    return { value: number };
  }
  if (type === 'date') {
    const date = text.trim();
    if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(date)) || new Date(date).toISOString().slice(0, 10) !== date) {
      return { problem: `must be a date as YYYY-MM-DD, got ${JSON.stringify(value)}` };
    }
    return { value: date };
  }
  return { value: text };
}

/** Template checks of the prompts: each name once, each default a value of its type (when the type is one). */
export function checkPrompts(prompts: readonly PromptDraft[]): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const seen = new Set<string>();
  prompts.forEach((prompt, index) => {
    // An empty name is already "must be a field name"; saying it is a duplicate too would add nothing.
    if (prompt.name !== '' && seen.has(prompt.name))
      errors.push({ path: `prompts[${index}].name`, message: `duplicate prompt "${prompt.name}"` });
    seen.add(prompt.name);
    const type = promptSchema.shape.type.safeParse(prompt.type);
    if (prompt.default === undefined || !type.success) return;
    const typed = typedValue(type.data, prompt.default);
    if ('problem' in typed) errors.push({ path: `prompts[${index}].default`, message: typed.problem });
  });
  return errors;
}

/**
 * Every problem of prompts as typed, each prompt checked on its own: the editor's form says what is wrong beside the
 * field even while another part of the template is invalid (validateTemplate checks names twice and defaults only once
 * the whole template parses). Paths as validateTemplate gives them (`prompts[1].default`).
 */
export function promptProblems(prompts: readonly PromptDraft[]): ErrorDetail[] {
  const schemaErrors = prompts.flatMap((prompt, index) => {
    const parsed = promptSchema.safeParse(prompt);
    return parsed.success ? [] : issueDetails(parsed.error.issues, ['prompts', index]);
  });
  return [...schemaErrors, ...checkPrompts(prompts)];
}

function withValue(record: LabelData, path: string, value: unknown): LabelData {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...record, [key]: value };
  const inner = record[key];
  const child = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as LabelData) : {};
  return { ...record, [key]: withValue(child, rest.join('.'), value) };
}

/**
 * The data with each prompted field checked against its type (a number prompt's "12" becomes 12) and, when the data
 * leaves it empty, filled with its default. A value of the wrong type is BAD_REQUEST naming the prompt; data without
 * prompts comes back as it is.
 */
export function withPromptValues(prompts: readonly Prompt[] | undefined, data: LabelData): LabelData {
  if (prompts === undefined || prompts.length === 0) return data;
  let result = data;
  for (const prompt of prompts) {
    const given = valueAt(data, prompt.name);
    const value = isMissing(given) ? prompt.default : given;
    if (isMissing(value)) continue;
    const typed = typedValue(prompt.type, value);
    if ('problem' in typed) {
      const message = `prompted field "${prompt.name}" (${prompt.label}): ${typed.problem}`;
      throw new BadRequestError(message, { errors: [{ path: `data.${prompt.name}`, message }] });
    }
    if (typed.value !== given) result = withValue(result, prompt.name, typed.value);
  }
  return result;
}
