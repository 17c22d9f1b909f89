// Response bodies of the /v1 API (spec sections 2.4–2.7 and 7), the source of both the server's answers and the OpenAPI document.
import { z } from 'zod';
import { PLAN_NAMES } from './plans';

export const errorBodySchema = z.object({
  error: z.string().describe('Human-readable message'),
  code: z.string().describe('Stable error code (spec section 7)'),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const templateListItemSchema = z.object({
  _id: z.string().describe('Template ID; usable as templateId'),
  name: z.string(),
  status: z.literal('published'),
  teamId: z.string(),
  createdAt: z.number().describe('Milliseconds since epoch'),
});

export const libraryTemplateListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  librarySlug: z.string(),
  dimensions: z.object({ width: z.number(), height: z.number() }),
  units: z.enum(['mm', 'cm', 'in', 'pt', 'px']),
});

export const templateListSchema = z.object({
  templates: z.array(z.union([templateListItemSchema, libraryTemplateListItemSchema])),
});

/** One published version of a template (GET /v1/templates/{id}/versions); its content is at .../versions/{number}/content. */
export const templateVersionSchema = z.object({
  number: z.number().int().describe('1 for the first publish, then 2, 3, …; never reused or changed'),
  createdAt: z.number().describe('When it was published, milliseconds since epoch'),
  author: z
    .string()
    .nullable()
    .describe(
      'Who published: "editor" (the editor\'s admin session) or "cli:<os user>"; null for versions published before Labelsmith kept versions',
    ),
  note: z.string().nullable().describe('What the publisher said about it; restores say "restored from <n>"'),
});
export type TemplateVersion = z.infer<typeof templateVersionSchema>;

export const templateVersionListSchema = z.object({
  templateId: z.string().describe("The template's id"),
  versions: z.array(templateVersionSchema).describe('Newest first'),
});
export type TemplateVersionList = z.infer<typeof templateVersionListSchema>;

export const usageSchema = z.object({
  period: z.object({
    start: z.string().describe('ISO 8601'),
    end: z.string().describe('ISO 8601, the start of the next month'),
  }),
  renders: z.object({ live: z.number().int(), test: z.number().int() }),
  quota: z.object({
    limit: z.number().int().describe('-1 means unlimited'),
    remaining: z.number().int(),
    hardCap: z.boolean(),
  }),
  plan: z.enum(PLAN_NAMES),
  storage: z
    .object({
      usedBytes: z
        .number()
        .int()
        .describe(
          'Bytes the team keeps now: its outputs (url deliveries of live and test keys, until they expire) and its library images (each upload plus the raster of an SVG)',
        ),
      limitBytes: z
        .number()
        .int()
        .describe(
          "The team's storage budget: a render whose output, or a library image whose upload, would pass it is refused with 429 STORAGE_EXCEEDED",
        ),
    })
    .describe('A Labelsmith extension: kept outputs and library images against the storage budget'),
});
export type Usage = z.infer<typeof usageSchema>;

export const readySchema = z.object({
  ok: z.literal(true),
  checks: z
    .record(z.string(), z.literal('ok'))
    .describe('Each backend the node uses (database, outputs, redis when configured) and "ok": it answered'),
});

export const healthSchema = z.object({
  ok: z.boolean(),
  version: z.string(),
  ts: z.number().describe('Server time, milliseconds since epoch'),
});
