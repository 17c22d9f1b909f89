// The editor's private API under /api (admin session only): the request schemas the server checks and the shapes it answers with.
import { z } from 'zod';
import type { FontFamily, FontFaceKey, FontStyle, FontWeight } from '../fonts/fontFaces';
import type { Template } from '../model/template';
import type { Usage } from './resources';
import { renderDataSchema, renderRequestSchema } from './renderRequest';
import { slugSchema } from './slug';
import { ZPL_VIEWER_MAX_INCHES } from './zplViewer';

/**
 * Changes made with the session cookie must carry this header set to "1": a cross-site form or image cannot send a
 * custom header, and a cross-site script may not without a CORS preflight, which this server never grants (CSRF).
 */
export const EDITOR_HEADER = 'X-Labelsmith-Editor';
/** The cookie the server sets when the browser opens the admin link (HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = 'labelsmith_session';
/** Preview answers carry the render's warnings here, as URI-encoded JSON [{code, message, elementId?}]. */
export const PREVIEW_WARNINGS_HEADER = 'X-Labelsmith-Warnings';

/** A name people give to a team, key, library or template: trimmed, 1 to 200 characters. The admin CLI uses it too. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(200, { message: 'must be at most 200 characters' });

function jsonObject(what: string) {
  return z.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    {
      message: `${what} must be a JSON object`,
    },
  );
}

/** A DNS name or IPv4 address as a Host header carries it, without port. */
const hostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/, {
    message: 'must be a host name such as "labels.example.org"',
  });

export const TEMPLATE_SORTS = ['name', 'updated', 'created'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

/** GET /api/templates?search=&sort=: search matches name, slug, description and tags; updated and created sort newest first. */
export const templateListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  sort: z.enum(TEMPLATE_SORTS, { error: `sort must be one of: ${TEMPLATE_SORTS.join(', ')}` }).default('updated'),
});

/** POST /api/templates: a new draft; the slug defaults to one made from meta.name. */
export const createTemplateBodySchema = z.object({ content: jsonObject('content'), slug: slugSchema.optional() });
/** PUT /api/templates/:id and POST /api/templates/import. */
export const templateContentBodySchema = z.object({ content: jsonObject('content') });
/** POST /api/zpl/import: one label of the ZPL (as the viewer sizes it) made a new draft template; the slug defaults to one made from the name. */
export const zplImportBodySchema = z.object({
  zpl: z.string({ error: 'zpl must be the ZPL as a string' }).min(1, { message: 'zpl must not be empty' }),
  dpmm: z
    .union([z.literal(6), z.literal(8), z.literal(12), z.literal(24)], { error: 'dpmm must be 6, 8, 12 or 24' })
    .default(8),
  width: z
    .number()
    .positive()
    .max(ZPL_VIEWER_MAX_INCHES, { message: `width is at most ${ZPL_VIEWER_MAX_INCHES} inches` })
    .default(4),
  height: z
    .number()
    .positive()
    .max(ZPL_VIEWER_MAX_INCHES, { message: `height is at most ${ZPL_VIEWER_MAX_INCHES} inches` })
    .default(6),
  index: z.number().int().min(0).default(0),
  name: nameSchema.optional(),
  slug: slugSchema.optional(),
});

/** The answer of POST /api/zpl/import (201): the new template and what the import could not keep as it was. */
export interface EditorZplImport {
  id: string;
  slug: string;
  name: string;
  /** The reader's warnings carry their position (offset in the ZPL); the lift's have none. */
  warnings: { code: string; message: string; position?: number }[];
}

/** What a publisher may say about a version: trimmed, at most 500 characters; empty means none. */
export const versionNoteSchema = z
  .string()
  .trim()
  .max(500, { message: 'the note must be at most 500 characters' })
  .transform((note) => (note === '' ? undefined : note));

/** PATCH /api/templates/:id: a rename also renames meta.name in the content; status "published" publishes the draft as the next version, with `note`. */
export const patchTemplateBodySchema = z
  .object({
    name: nameSchema.optional(),
    status: z.enum(['draft', 'published']).optional(),
    note: versionNoteSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.status !== undefined, { message: 'send name, status or both' })
  .refine((body) => body.note === undefined || body.status === 'published', {
    message: 'a note goes with status "published"',
    path: ['note'],
  });

/** POST /api/templates/:id/versions/:n/restore: publishes version n's content as the next version. */
export const restoreVersionBodySchema = z.object({ note: versionNoteSchema.optional() });

/** POST /api/preview: an unsaved template rendered as /v1/render would, without counting it. */
/** POST /api/counters/next: the template whose counters are asked for, as the editor holds it. */
export const nextCountersBodySchema = z.object({ template: jsonObject('template') });

/** Each counter the template uses (by name) and the value the next live render or print would give its first label. */
export interface NextCounters {
  counters: Record<string, number>;
}

export const previewBodySchema = z.object({
  template: jsonObject('template'),
  data: renderDataSchema,
  format: renderRequestSchema.shape.format,
  dpi: renderRequestSchema.shape.dpi,
  zplDpi: renderRequestSchema.shape.zplDpi,
});

export const createKeyBodySchema = z.object({
  mode: z.enum(['live', 'test'], { error: 'mode must be "live" or "test"' }),
  demo: z.boolean().optional(),
  name: nameSchema.optional(),
});

export const MAX_USAGE_DAYS = 366;
export const usageQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int({ message: 'days must be a whole number' })
    .min(1, { message: `days must be between 1 and ${MAX_USAGE_DAYS}` })
    .max(MAX_USAGE_DAYS, { message: `days must be between 1 and ${MAX_USAGE_DAYS}` })
    .default(30),
});

export const settingsBodySchema = z.object({
  lanAccess: z.boolean({ error: 'lanAccess must be true or false' }),
  allowedHostnames: z.array(hostnameSchema).max(20).optional(),
  viewerWithoutKey: z.boolean({ error: 'viewerWithoutKey must be true or false' }).optional(),
});

export const createLibraryBodySchema = z.object({ slug: slugSchema, name: nameSchema });
export const libraryTemplateBodySchema = z.object({ templateId: z.string().min(1).max(100) });

export interface EditorSession {
  teamId: string;
  teamName: string;
  /** The editor manages libraries, which are shared by every team. */
  superAdmin: true;
  version: string;
  /** The origin the browser reached the server at. */
  serverUrl: string;
  lanAccess: boolean;
  host: string;
  port: number;
}

export interface EditorTemplateSummary {
  id: string;
  slug: string;
  name: string;
  status: 'draft' | 'published';
  librarySlug: string | null;
  createdAt: number;
  updatedAt: number;
  /** As the template writes them, e.g. "4in" and "6in". */
  dimensions: { width: string; height: string };
  /** The newest published version; null before the first publish. */
  latestVersion: number | null;
  /** The saved draft differs from the newest version (API keys render the version, not the draft). */
  draftChanged: boolean;
}

export interface EditorTemplate extends EditorTemplateSummary {
  content: Template;
}

/** One version as the history panel lists it (GET /api/templates/:id/versions, newest first). */
export interface EditorTemplateVersion {
  number: number;
  createdAt: number;
  author: string | null;
  note: string | null;
}

/** GET /api/templates/:id/versions/:n: a version with its content, for the compare view. */
export interface EditorTemplateVersionContent extends EditorTemplateVersion {
  content: Template;
}

/** An API key as listed: never the key or its hash. */
export interface EditorApiKey {
  id: string;
  teamId: string;
  name: string;
  mode: 'live' | 'test';
  demo: boolean;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** The answer of POST /api/keys: the only time `key` is shown. */
export interface CreatedApiKey {
  id: string;
  key: string;
  record: EditorApiKey;
}

export interface DailyRenders {
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  live: number;
  test: number;
}

export interface EditorUsage extends Usage {
  /** One entry per day, oldest first, ending today; days without renders are zeros. */
  perDay: DailyRenders[];
}

export interface EditorSettings {
  host: string;
  port: number;
  /** As stored for the next start (the running value until one is stored). */
  lanAccess: boolean;
  allowedHostnames: string[];
  /** The ZPL viewer answers Labelary clients that send no API key (as stored for the next start, or as running). */
  viewerWithoutKey: boolean;
  /** True when the stored settings differ from what the running server listens with. */
  restartRequired: boolean;
}

export interface EditorLibrary {
  slug: string;
  name: string;
  templates: { id: string; slug: string; name: string; status: 'draft' | 'published' }[];
}

export interface EditorFont {
  key: FontFaceKey;
  family: FontFamily;
  weight: FontWeight;
  style: FontStyle;
  file: string;
  /** Served without a session: the bundled fonts are public. */
  url: string;
}
