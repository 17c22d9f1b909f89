// Checks of the private API's answers: cheap shape checks, each tied to the server's interface so the two cannot drift apart.
import { z } from 'zod';
import type {
  CreatedApiKey,
  DailyRenders,
  EditorApiKey,
  EditorLibrary,
  EditorSession,
  EditorSettings,
  EditorTemplate,
  EditorTemplateSummary,
  EditorTemplateVersion,
  EditorTemplateVersionContent,
  EditorUsage,
  NextCounters,
} from '@shared/api/editorApi';
import type { Template } from '@shared/model/template';
import type { LabelStock } from '@shared/stocks/labelStocks';

const status = z.enum(['draft', 'published']);

export const sessionSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  superAdmin: z.literal(true),
  version: z.string(),
  serverUrl: z.string(),
  lanAccess: z.boolean(),
  host: z.string(),
  port: z.number(),
}) satisfies z.ZodType<EditorSession>;

export const templateSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status,
  librarySlug: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  dimensions: z.object({ width: z.string(), height: z.string() }),
  latestVersion: z.number().int().nullable(),
  draftChanged: z.boolean(),
}) satisfies z.ZodType<EditorTemplateSummary>;

/** The content was validated by the server when stored; checking its every field again here would buy nothing. */
const storedTemplate = z.custom<Template>(
  (value) => typeof value === 'object' && value !== null && Array.isArray((value as { elements?: unknown }).elements),
  { message: 'content must be a template object' },
);

export const templateSchema = templateSummarySchema.extend({
  content: storedTemplate,
}) satisfies z.ZodType<EditorTemplate>;
export const templateListSchema = z.object({ templates: z.array(templateSummarySchema) });

export const templateVersionSchema = z.object({
  number: z.number().int(),
  createdAt: z.number(),
  author: z.string().nullable(),
  note: z.string().nullable(),
}) satisfies z.ZodType<EditorTemplateVersion>;
export const templateVersionListSchema = z.object({ versions: z.array(templateVersionSchema) });
export const templateVersionContentSchema = templateVersionSchema.extend({
  content: storedTemplate,
}) satisfies z.ZodType<EditorTemplateVersionContent>;

export const stockSchema = z.looseObject({
  id: z.string(),
  vendor: z.enum(['Zebra', 'Dymo', 'Brother', 'Avery', 'Herma']),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['roll', 'sheet']),
  width: z.number().positive(),
  height: z.number().positive(),
  units: z.enum(['in', 'mm']),
  cornerRadius: z.number().optional(),
  continuous: z.literal(true).optional(),
  sheet: z
    .object({
      pageWidth: z.number().positive(),
      pageHeight: z.number().positive(),
      columns: z.number().int().positive(),
      rows: z.number().int().positive(),
      marginTop: z.number().min(0),
      marginLeft: z.number().min(0),
      gapX: z.number().min(0),
      gapY: z.number().min(0),
    })
    .optional(),
}) satisfies z.ZodType<LabelStock>;
export const stockListSchema = z.object({ stocks: z.array(stockSchema) });

export const apiKeySchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  mode: z.enum(['live', 'test']),
  demo: z.boolean(),
  prefix: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
}) satisfies z.ZodType<EditorApiKey>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export const createdKeySchema = z.object({
  id: z.string(),
  key: z.string().min(1),
  record: apiKeySchema,
}) satisfies z.ZodType<CreatedApiKey>;

const dailyRendersSchema = z.object({
  day: z.string(),
  live: z.number(),
  test: z.number(),
}) satisfies z.ZodType<DailyRenders>;

export const usageSchema = z.object({
  period: z.object({ start: z.string(), end: z.string() }),
  renders: z.object({ live: z.number(), test: z.number() }),
  quota: z.object({ limit: z.number(), remaining: z.number(), hardCap: z.boolean() }),
  plan: z.enum(['dev', 'starter', 'pro', 'enterprise']),
  storage: z.object({ usedBytes: z.number(), limitBytes: z.number() }),
  perDay: z.array(dailyRendersSchema),
}) satisfies z.ZodType<EditorUsage>;

export const nextCountersSchema = z.object({
  counters: z.record(z.string(), z.number()),
}) satisfies z.ZodType<NextCounters>;

export const settingsSchema = z.object({
  host: z.string(),
  port: z.number(),
  lanAccess: z.boolean(),
  allowedHostnames: z.array(z.string()),
  viewerWithoutKey: z.boolean(),
  restartRequired: z.boolean(),
}) satisfies z.ZodType<EditorSettings>;

export const librarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  templates: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), status })),
}) satisfies z.ZodType<EditorLibrary>;
export const libraryListSchema = z.object({ libraries: z.array(librarySchema) });

/** A render warning as the preview's header carries it. */
export const warningListSchema = z.array(
  z.object({ code: z.string(), message: z.string(), elementId: z.string().optional() }),
);
