// The body of POST /v1/render (spec 2.1 plus Labelsmith's zplDpi and batches: records, quantityField) and the render result (spec 2.2).
import { z } from 'zod';
import { timeZoneSchema } from '../expr/timeZoneName';
import { BATCH_LIMITS, OUTPUT_FORMATS, PNG_DPI, ZPL_DPIS } from '../render/outputFormats';

/** Deepest nesting accepted in `data`: real label data is shallow, and deep values only cost stack and time. */
export const MAX_DATA_DEPTH = 32;

/** True when the value nests objects/arrays deeper than `limit` (iterative: deep input cannot overflow the stack). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** A JSON object of label data, bounded in depth; `what` names it in messages. */
export function dataObjectSchema(what: string) {
  return z
    .custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
      message: `${what} must be a JSON object`,
    })
    .refine((value) => !nestsDeeperThan(value, MAX_DATA_DEPTH), {
      message: `${what} nests deeper than ${MAX_DATA_DEPTH} levels`,
    });
}

/** One label's data: also the editor preview's `data`. */
export const renderDataSchema = dataObjectSchema('data');

/** The template a request names, a saved one or one inline: the same fields in /v1/render and /v1/print. */
export const templateSourceShape = {
  templateId: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe('A team template id or slug, or a library template as <librarySlug>:<templateSlug>'),
  templateVersion: z
    .number({ error: 'templateVersion must be a number' })
    .int({ message: 'templateVersion must be a whole number' })
    .min(1, { message: 'templateVersion must be at least 1' })
    .optional()
    .describe('With templateId: the published version to render (GET /v1/templates/{id}/versions); default the newest'),
  template: z
    .custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
      message: 'template must be a JSON object (an inline template, spec 2.3)',
    })
    .optional()
    .describe('An inline template object (spec 2.3)'),
};

/** A template with a sheet (dimensions.sheet), as PDF: the label position its first label takes on the first sheet. */
export const sheetStartSchema = z
  .number({ error: 'sheetStart must be a number' })
  .int({ message: 'sheetStart must be a whole number' })
  .min(1, { message: 'sheetStart must be 1 or more' })
  .max(10_000, { message: 'sheetStart must be at most 10000' })
  .optional()
  .describe(
    'For a template with a sheet, in pdf: the 1-based label position on the first sheet to start at (a partly used sheet); default 1. A Labelsmith extension',
  );

/** One label's data or a batch of records: the same fields in /v1/render and /v1/print. */
export const labelDataShape = {
  data: renderDataSchema
    .optional()
    .describe(
      'Data bound into the template; its top-level keys are variables in contentExpression. Send data or records; with records, the values every record takes (the prompted fields of a print), over its own',
    ),
  records: z
    .array(dataObjectSchema('a record'), { error: 'records must be an array of objects' })
    .min(1, { message: 'records must hold at least one record' })
    .max(BATCH_LIMITS.maxRecords, { message: `at most ${BATCH_LIMITS.maxRecords} records per request` })
    .optional()
    .describe(
      `A batch instead of data: one label per record, in order, in one document (pdf pages, zpl labels, html pages, png: a zip of label-0001.png ...). At most ${BATCH_LIMITS.maxRecords} records and ${BATCH_LIMITS.maxLabels} labels after quantity`,
    ),
  quantityField: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      `With records: the record field holding its copies, a whole number 1..${BATCH_LIMITS.maxQuantity} (missing or empty: 1)`,
    ),
};

type TemplateAndData = {
  templateId?: string;
  templateVersion?: number;
  template?: unknown;
  data?: unknown;
  records?: unknown[];
  quantityField?: string;
};

/** Exactly one of templateId and template, data or records (or both: data then goes to every record), and quantityField only with records. */
export function checkTemplateAndData(request: TemplateAndData, ctx: z.RefinementCtx<TemplateAndData>): void {
  if (request.templateId !== undefined && request.template !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'send either templateId or template, not both' });
  }
  if (request.templateId === undefined && request.template === undefined) {
    ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'templateId or template is required' });
  }
  if (request.templateVersion !== undefined && request.templateId === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['templateVersion'],
      message: 'templateVersion needs templateId (an inline template has no versions)',
    });
  }
  if (request.data === undefined && request.records === undefined) {
    ctx.addIssue({ code: 'custom', path: ['data'], message: 'data or records is required' });
  }
  if (request.quantityField !== undefined && request.records === undefined) {
    ctx.addIssue({ code: 'custom', path: ['quantityField'], message: 'quantityField needs records' });
  }
}

export const renderRequestSchema = z
  .object({
    ...templateSourceShape,
    ...labelDataShape,
    format: z.enum(OUTPUT_FORMATS, { error: `format must be one of: ${OUTPUT_FORMATS.join(', ')}` }),
    dpi: z
      .number({ error: 'dpi must be a number' })
      .int({ message: 'dpi must be a whole number' })
      .min(PNG_DPI.min, { message: `dpi must be between ${PNG_DPI.min} and ${PNG_DPI.max}` })
      .max(PNG_DPI.max, { message: `dpi must be between ${PNG_DPI.min} and ${PNG_DPI.max}` })
      .optional()
      .describe('PNG resolution, default 300; ignored for other formats'),
    zplDpi: z
      .union(
        ZPL_DPIS.map((dpi) => z.literal(dpi)),
        { error: `zplDpi must be one of: ${ZPL_DPIS.join(', ')}` },
      )
      .optional()
      .describe('ZPL printer resolution, default 203; ignored for other formats'),
    delivery: z.enum(['url', 'inline'], { error: 'delivery must be "url" or "inline"' }).optional(),
    sheetStart: sheetStartSchema,
    timeZone: timeZoneSchema
      .optional()
      .describe(
        'IANA time zone in which now() and formatDate show instants, e.g. Europe/Berlin; default UTC (a Labelsmith extension)',
      ),
  })
  .superRefine(checkTemplateAndData);

export type RenderRequest = z.infer<typeof renderRequestSchema>;

/** Render answers name the template version rendered in this header (the only place an inline document can); absent for an inline template. */
export const TEMPLATE_VERSION_HEADER = 'X-Template-Version';

export const renderResultSchema = z.object({
  id: z.uuid(),
  status: z.literal('complete'),
  format: z.enum(OUTPUT_FORMATS),
  url: z.string().describe('{base_url}/v1/render-outputs/<render_id>, valid for 7 days'),
  sizeBytes: z.number().int(),
  renderTimeMs: z.number(),
});

export type RenderResult = z.infer<typeof renderResultSchema>;

export const renderWarningSchema = z.object({
  code: z.string().describe('Stable code, e.g. FONT_FALLBACK, TEXT_TRUNCATED'),
  message: z.string(),
  elementId: z
    .string()
    .optional()
    .describe('The element to change (of overlapping ones: the one drawn over the other)'),
  elementIds: z
    .array(z.string())
    .optional()
    .describe('Every element the warning is about, when there are several (overlaps)'),
  record: z
    .number()
    .int()
    .optional()
    .describe('In a batch: the number of the record whose label warned, 1-based (the first record is 1)'),
});

/** The url-delivery answer: spec 2.2's render result plus the render's warnings (a Labelsmith extension). */
export const renderAnswerSchema = renderResultSchema.extend({
  warnings: z
    .array(renderWarningSchema)
    .describe('What the render had to give way on (an unknown font, text that did not fit); empty when nothing'),
  labelCount: z
    .number()
    .int()
    .describe('Labels in the output: 1 for data, the records times their quantities for a batch'),
  templateVersion: z
    .number()
    .int()
    .nullable()
    .describe('The version of the saved template that was rendered; null for an inline template'),
});

export type RenderAnswer = z.infer<typeof renderAnswerSchema>;

/** A record with `values` on top: nested objects merge key by key, anything else replaces. */
function withValues(record: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const result = { ...record };
  for (const [key, value] of Object.entries(values)) {
    const current = result[key];
    const nested = (item: unknown): item is Record<string, unknown> =>
      typeof item === 'object' && item !== null && !Array.isArray(item);
    result[key] = nested(value) && nested(current) ? withValues(current, value) : value;
  }
  return result;
}

/**
 * The labels' data of a request: `data` alone, or the records, each with `data` on top when both are sent (the values
 * of the prompted fields, given once for the whole batch).
 */
export function requestLabelData<T extends { data?: Record<string, unknown>; records?: Record<string, unknown>[] }>(
  request: T,
): { data?: Record<string, unknown>; records?: Record<string, unknown>[] } {
  const { data, records } = request;
  if (records === undefined || data === undefined) return { data, records };
  return { records: records.map((record) => withValues(record, data)) };
}
