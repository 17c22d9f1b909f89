// Checks of the editor's printer answers (/api/printers); a printer's status and print jobs have the /v1 schemas (printRequest.ts).
import { z } from 'zod';
import type {
  EditorHotFolder,
  EditorPrinter,
  EditorPrinterTestResult,
  EditorVirtualPrinter,
} from '@shared/api/editorPrinters';
import { ZPL_FONT_MODES } from '@shared/emit/zpl/zplFontDownloads';
import { MEDIA_SENSING_MODES, MEDIA_TYPES, PRINT_MODES } from '@shared/emit/zpl/zplPrinterSettings';
import { ZPL_DPIS } from '@shared/render/outputFormats';

const connectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('raw'), host: z.string(), port: z.number() }),
  z.object({ kind: z.literal('system'), queue: z.string(), rawQueue: z.boolean() }),
  z.object({ kind: z.literal('device'), path: z.string() }),
]);

export const editorPrinterSchema = z.object({
  id: z.string(),
  name: z.string(),
  connection: connectionSchema,
  dpi: z.union(ZPL_DPIS.map((dpi) => z.literal(dpi))),
  media: z.object({ width: z.string(), height: z.string() }).nullable(),
  darkness: z.number().nullable(),
  speed: z.number().nullable(),
  timeZone: z.string().nullable(),
  unprintableMargin: z.string().nullable(),
  fonts: z.enum(ZPL_FONT_MODES),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  printMode: z.enum(PRINT_MODES).nullable(),
  mediaSensing: z.enum(MEDIA_SENSING_MODES).nullable(),
  topOffset: z.string().nullable(),
  leftOffset: z.string().nullable(),
  createdAt: z.number(),
}) satisfies z.ZodType<EditorPrinter>;
export const editorPrinterListSchema = z.object({ printers: z.array(editorPrinterSchema) });

export const editorVirtualPrinterSchema = z.object({
  id: z.string(),
  name: z.string(),
  listen: z.string(),
  routes: z.array(z.string()),
  routeIds: z.array(z.string()),
  pool: z.enum(['failover', 'round-robin']),
  allowedClients: z.array(z.string()),
  dpi: z.number().nullable(),
}) satisfies z.ZodType<EditorVirtualPrinter>;
export const editorVirtualPrinterListSchema = z.object({ virtualPrinters: z.array(editorVirtualPrinterSchema) });

export const editorHotFolderSchema = z.object({
  id: z.string(),
  folder: z.string(),
  printerId: z.string(),
  printer: z.string().nullable(),
  templateSlug: z.string().nullable(),
  enabled: z.boolean(),
  problem: z.object({ code: z.string(), message: z.string() }).nullable(),
}) satisfies z.ZodType<EditorHotFolder>;
export const editorHotFolderListSchema = z.object({ hotFolders: z.array(editorHotFolderSchema) });

/** A received job's ZPL (GET /api/print-jobs/{id}/zpl), for the ZPL page. */
export const printJobZplSchema = z.object({ zpl: z.string() });

export const printerTestResultSchema = z.object({
  id: z.string(),
  format: z.enum(['zpl', 'pdf']),
  bytes: z.number(),
  requestId: z.string().optional(),
}) satisfies z.ZodType<EditorPrinterTestResult>;
