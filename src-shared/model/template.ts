// The template format (spec 2.3 plus Labelsmith's element types) and its validation into {path, message} errors.
import { z } from 'zod';
import { dataObjectSchema } from '../api/renderRequest';
import { elementSchema } from '../elements/elementSchema';
import { InvalidTemplateError, type ErrorDetail } from '../errors';
import { toPoints } from '../units/length';
import { lengthSchema, MAX_ELEMENTS, MAX_SIDE_POINTS } from './common';
import { issueDetails } from './issuePath';
import { checkPrompts, fieldPathSchema, MAX_PROMPTS, promptSchema } from './prompts';
import { templateCounters } from './templateCounters';
import { checkSheet, sheetSchema } from '../sheets/sheetLayout';

/** Enough records to flip through while designing; more belongs in a batch render, not in the template. */
export const MAX_SAMPLE_RECORDS = 50;

export const templateSchema = z.strictObject({
  formatVersion: z.literal(1, { error: 'formatVersion must be 1' }),
  meta: z.strictObject({
    name: z.string().max(200),
    description: z.string().max(5000).optional(),
    tags: z.array(z.string().max(100)).max(50).optional(),
    /**
     * The designer's sample records (a Labelsmith extension of spec 2.3's meta): the editor's data panel and the
     * gallery's thumbnail (first record) use them; renders ignore them and take the request's data.
     */
    sampleData: z
      .array(dataObjectSchema('a sample record'))
      .max(MAX_SAMPLE_RECORDS, { message: `at most ${MAX_SAMPLE_RECORDS} sample records` })
      .optional(),
    /**
     * Which sheet column fills which field (field path to column header), saved by the editor's data panel and used by
     * `--records` on the CLI (a Labelsmith extension); renders through the API take records as they are sent.
     */
    columnMap: z.record(fieldPathSchema, z.string().min(1).max(200)).optional(),
  }),
  dimensions: z.strictObject({
    width: lengthSchema,
    height: lengthSchema,
    safeMargin: lengthSchema.optional(),
    /** Labels printed on sheets (a Labelsmith extension): where they sit on the page, for PDF output N-up. */
    sheet: sheetSchema.optional(),
  }),
  elements: z.array(elementSchema).max(MAX_ELEMENTS, { message: `at most ${MAX_ELEMENTS} elements` }),
  /** Fields the operator fills at print time (a Labelsmith extension): a missing value takes its default. */
  prompts: z
    .array(promptSchema)
    .max(MAX_PROMPTS, { message: `at most ${MAX_PROMPTS} prompts` })
    .optional(),
});

export type Template = z.infer<typeof templateSchema>;
/** A template as written by people: defaults not yet applied. */
export type TemplateInput = z.input<typeof templateSchema>;

const MAX_SIDE_TEXT = '1 m';

/** Checks zod cannot express per field: sizes within bounds, unique ids. */
function checkGeometry(template: Template): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const side = (path: string, text: string, allowNegative: boolean): void => {
    const points = toPoints(text);
    if (!allowNegative && points <= 0) errors.push({ path, message: 'must be greater than zero' });
    else if (Math.abs(points) > MAX_SIDE_POINTS) errors.push({ path, message: `must be at most ${MAX_SIDE_TEXT}` });
  };
  side('dimensions.width', template.dimensions.width, false);
  side('dimensions.height', template.dimensions.height, false);
  if (template.dimensions.sheet && errors.length === 0) {
    errors.push(
      ...checkSheet(template.dimensions.sheet, {
        width: toPoints(template.dimensions.width),
        height: toPoints(template.dimensions.height),
      }),
    );
  }
  const seen = new Set<string>();
  template.elements.forEach((element, index) => {
    const at = `elements[${index}]`;
    const isLine = element.type === 'line';
    side(`${at}.width`, element.width, isLine);
    side(`${at}.height`, element.height, isLine);
    for (const axis of ['x', 'y'] as const) {
      if (Math.abs(toPoints(element.position[axis])) > MAX_SIDE_POINTS) {
        errors.push({ path: `${at}.position.${axis}`, message: `must be within ${MAX_SIDE_TEXT} of the label origin` });
      }
    }
    if (seen.has(element.id)) errors.push({ path: `${at}.id`, message: `duplicate element id "${element.id}"` });
    seen.add(element.id);
    if (
      element.type === 'image' &&
      element.src === undefined &&
      element.content?.expression === undefined &&
      element.contentExpression === undefined
    ) {
      errors.push({ path: `${at}.src`, message: 'an image needs src, content.expression or contentExpression' });
    }
  });
  return errors;
}

export type ValidationResult = { ok: true; template: Template } | { ok: false; errors: ErrorDetail[] };

/** Validates unknown JSON as a template; every problem is reported, not just the first. */
export function validateTemplate(input: unknown): ValidationResult {
  const parsed = templateSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, errors: issueDetails(parsed.error.issues) };
  }
  const errors = [
    ...checkGeometry(parsed.data),
    ...templateCounters(parsed.data).errors,
    ...checkPrompts(parsed.data.prompts ?? []),
  ];
  return errors.length > 0 ? { ok: false, errors } : { ok: true, template: parsed.data };
}

/** Validates or throws InvalidTemplateError (code INVALID_TEMPLATE, details.errors). */
export function parseTemplate(input: unknown): Template {
  const result = validateTemplate(input);
  if (!result.ok) throw new InvalidTemplateError(result.errors);
  return result.template;
}
