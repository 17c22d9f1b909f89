// Checks of the ZPL page's answers (/api/zpl/preview and /api/zpl/import), tied to the server's types.
import { z } from 'zod';
import type { EditorZplImport } from '@shared/api/editorApi';
import type { ZplPreviewAnswer } from '@shared/api/zplEditorApi';

const zplWarningSchema = z.object({ code: z.string(), message: z.string(), command: z.string(), position: z.number() });

export const zplPreviewAnswerSchema = z.object({
  labels: z.array(z.object({ png: z.string(), widthDots: z.number(), heightDots: z.number() })),
  totalCount: z.number(),
  warnings: z.array(zplWarningSchema),
}) satisfies z.ZodType<ZplPreviewAnswer>;

/** POST /api/zpl/import: the saved template's id, to open it, and what the import could not carry over. */
export const zplImportAnswerSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  warnings: z.array(z.object({ code: z.string(), message: z.string(), position: z.number().optional() })),
}) satisfies z.ZodType<EditorZplImport>;
