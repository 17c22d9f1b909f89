// The body of POST /v1/print (also the editor's POST /api/print), the print job it answers with, and the /v1 printer answers.
import { z } from 'zod';
import { ZPL_FONT_MODES } from '../emit/zpl/zplFontDownloads';
import { MEDIA_SENSING_MODES, MEDIA_TYPES, PRINT_MODES } from '../emit/zpl/zplPrinterSettings';
import { ZPL_DPIS } from '../render/outputFormats';
import {
  checkTemplateAndData,
  labelDataShape,
  renderWarningSchema,
  sheetStartSchema,
  templateSourceShape,
} from './renderRequest';

/** Stated limits of one print job (docs/printing.md, "Print jobs"): copies of the whole document, and labels sent in all. */
export const PRINT_LIMITS = { maxCopies: 1_000, maxLabels: 10_000 } as const;

export const PRINT_JOB_STATUSES = ['queued', 'sending', 'done', 'failed', 'cancelled'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** The document a printer takes: ZPL, or PDF for a system queue that converts it. */
export const PRINT_FORMATS = ['zpl', 'pdf'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

export const printRequestSchema = z
  .object({
    ...templateSourceShape,
    ...labelDataShape,
    printerId: z
      .string({ error: 'printerId must be a string' })
      .min(1, { message: 'printerId is required' })
      .max(100)
      .describe('A printer of the team (GET /v1/printers)'),
    copies: z
      .number({ error: 'copies must be a number' })
      .int({ message: 'copies must be a whole number' })
      .min(1, { message: `copies must be between 1 and ${PRINT_LIMITS.maxCopies}` })
      .max(PRINT_LIMITS.maxCopies, { message: `copies must be between 1 and ${PRINT_LIMITS.maxCopies}` })
      .optional()
      .describe(
        `Times the whole document is printed, in order (1, 2, 3, 1, 2, 3); default 1. Labels × copies at most ${PRINT_LIMITS.maxLabels}`,
      ),
    sheetStart: sheetStartSchema,
    zpl: z
      .string({ error: 'zpl must be a string' })
      .min(1, { message: 'zpl must not be empty' })
      .optional()
      .describe(
        'Raw ZPL instead of a template: sent to the printer unchanged. Configuration commands (^JU, ~JR, ^NS…) are refused unless the printer allows them; each label counts its ^PQ quantity',
      ),
  })
  .superRefine((request, ctx) => {
    if (request.zpl === undefined) return checkTemplateAndData(request, ctx);
    const others = (['templateId', 'templateVersion', 'template', 'data', 'records', 'quantityField'] as const).filter(
      (key) => request[key] !== undefined,
    );
    if (others.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['zpl'],
        message: `send either zpl or a template with data, not both (got zpl and ${others.join(', ')})`,
      });
  });

export type PrintRequest = z.infer<typeof printRequestSchema>;

export const jobErrorSchema = z.object({
  code: z
    .string()
    .describe(
      'Stable code: PAPER_OUT, HEAD_OPEN, RIBBON_OUT, PAUSED, PRINTER_UNREACHABLE, PRINTER_TIMEOUT, PRINTER_INTERRUPTED, PRINTER_REJECTED, ...',
    ),
  message: z.string(),
});

const isoTime = z.string().describe('ISO 8601');

/** Where a job came in from when no API call made it: a virtual printer's port, or a file in a hot folder. */
export const printJobSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('virtual-printer'),
    virtualPrinterId: z.string(),
    name: z.string().describe('The virtual printer’s name'),
    client: z.string().describe('The IP address of the system that printed to it'),
  }),
  z.object({
    kind: z.literal('hot-folder'),
    folder: z.string().describe('The watched folder’s absolute path'),
    file: z.string().describe('The file’s name in it'),
  }),
]);
export type PrintJobSource = z.infer<typeof printJobSourceSchema>;

export const printJobSchema = z.object({
  id: z.uuid(),
  status: z
    .enum(PRINT_JOB_STATUSES)
    .describe(
      'queued: waiting its turn; sending: being sent (retries included); done: every label acknowledged; failed: see error; cancelled: stopped by a cancel',
    ),
  printerId: z.string(),
  format: z.enum(PRINT_FORMATS),
  labelCount: z
    .number()
    .int()
    .describe('Labels in the document: 1 for data, the records times their quantities for a batch'),
  copies: z.number().int(),
  totalLabels: z.number().int().describe('labelCount × copies'),
  labelsSent: z.number().int().describe('Labels the printer acknowledged so far'),
  attempts: z.number().int().describe('Failed attempts since the last acknowledged part'),
  createdAt: isoTime,
  updatedAt: isoTime,
  error: jobErrorSchema.optional().describe('Why the job failed (status failed)'),
  lastError: jobErrorSchema.optional().describe('While retrying: why the last attempt failed'),
  nextAttemptAt: isoTime.optional().describe('While retrying: when the next attempt starts'),
  warnings: z.array(renderWarningSchema).describe('What the render had to give way on, as in /v1/render'),
  templateId: z
    .string()
    .nullable()
    .describe('The stored template printed (a reprint: its original’s); null for an inline template or raw ZPL'),
  reprintOf: z.uuid().optional().describe('A reprint: the job whose labels it prints again'),
  reprintLabels: z
    .string()
    .optional()
    .describe('A reprint: which labels of that job, 1-based over its labels × copies ("12-15", "1,3,5-7")'),
  reprintable: z
    .boolean()
    .describe(
      'Its labels can be reprinted now: its document is kept (pending jobs, and ended ones for 7 days) and its counter values were not given back',
    ),
  reprintableUntil: isoTime.optional().describe('An ended job: when its kept document, and so the reprint, goes'),
  countersReturned: z
    .boolean()
    .describe(
      'Its counter values went back to the counters (it ended having printed nothing, and nobody took values since)',
    ),
  templateVersion: z
    .number()
    .int()
    .nullable()
    .describe(
      'The version of the saved template printed; null for an inline template, raw ZPL or a draft printed from the editor',
    ),
  source: printJobSourceSchema
    .optional()
    .describe('A job no API call made: the virtual printer and client it came from, or the hot folder file'),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const REPRINT_LABELS_EXAMPLE = '"12-15" or "1,3,5-7"';

export const reprintRequestSchema = z.object({
  labels: z
    .string({ error: `labels must be text such as ${REPRINT_LABELS_EXAMPLE}` })
    .max(1000, { message: 'labels must be at most 1000 characters' })
    .optional()
    .describe(
      'Which labels of the job to print again: 1-based numbers over its labels × copies, ranges and commas ("12-15", "1,3,5-7"); default all',
    ),
});
export type ReprintRequest = z.infer<typeof reprintRequestSchema>;

/** GET /v1/print-jobs: one page of the team's jobs, newest first. */
export const PRINT_JOB_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

const ISO_INSTANT = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d))?$/;

/** A moment as ISO 8601: a date (UTC midnight) or a date and time with Z or an offset, never a local time. */
function instant(name: string) {
  const message = `${name} must be an ISO 8601 date or time with a zone, such as 2026-11-26 or 2026-11-26T08:00:00Z`;
  return z
    .string({ error: message })
    .regex(ISO_INSTANT, { message })
    .transform((text, ctx) => {
      const ms = Date.parse(text);
      if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message });
      return ms;
    });
}

/** The query of GET /v1/print-jobs, which refuses unknown parameters (knownQuery), and of the editor's /api/print-jobs, which ignores them. */
export const printJobListQuerySchema = z
  .object({
    printer: z
      .string({ error: 'printer must be given once' })
      .min(1)
      .max(100)
      .optional()
      .describe('Only this printer’s jobs'),
    status: z
      .string({ error: 'status must be given once (several as a comma list)' })
      .transform((text, ctx) => {
        const statuses = text.split(',').map((part) => part.trim());
        const unknown = statuses.filter((status) => !(PRINT_JOB_STATUSES as readonly string[]).includes(status));
        if (unknown.length > 0)
          ctx.addIssue({
            code: 'custom',
            message: `status must be one or more of ${PRINT_JOB_STATUSES.join(', ')} (comma-separated), got ${JSON.stringify(unknown[0])}`,
          });
        return statuses as PrintJobStatus[];
      })
      .optional()
      .describe('Only jobs in these states: one, or several comma-separated (queued,sending)'),
    template: z
      .string({ error: 'template must be given once' })
      .min(1)
      .max(200)
      .optional()
      .describe('Only jobs of this stored template: its id or slug, or <library>:<slug>'),
    from: instant('from').optional().describe('Only jobs created at or after this moment (ISO 8601)'),
    to: instant('to').optional().describe('Only jobs created before this moment (ISO 8601)'),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int({ message: 'limit must be a whole number' })
      .min(1, { message: `limit must be between 1 and ${PRINT_JOB_PAGE.maxLimit}` })
      .max(PRINT_JOB_PAGE.maxLimit, { message: `limit must be between 1 and ${PRINT_JOB_PAGE.maxLimit}` })
      .default(PRINT_JOB_PAGE.defaultLimit)
      .describe(`Jobs per page, 1..${PRINT_JOB_PAGE.maxLimit} (default ${PRINT_JOB_PAGE.defaultLimit})`),
    cursor: z
      .string({ error: 'cursor must be given once' })
      .regex(/^[1-9]\d{0,14}$/, { message: 'cursor must be the nextCursor of an earlier page' })
      .transform(Number)
      .optional()
      .describe('The nextCursor of the previous page'),
  })
  .superRefine((query, ctx) => {
    if (query.from !== undefined && query.to !== undefined && query.to <= query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
  });
export type PrintJobListQuery = z.output<typeof printJobListQuerySchema>;

export const printJobPageSchema = z.object({
  printJobs: z.array(printJobSchema),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null on the last page'),
});
export type PrintJobPage = z.infer<typeof printJobPageSchema>;

export const apiPrinterSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['raw', 'system', 'device']),
  format: z.enum(PRINT_FORMATS).describe('What print jobs for this printer are rendered as'),
  dpi: z.union(ZPL_DPIS.map((dpi) => z.literal(dpi))),
  media: z
    .object({ width: z.string(), height: z.string() })
    .nullable()
    .describe('Default media size as lengths with a unit'),
  darkness: z.number().int().nullable(),
  speed: z.number().int().nullable(),
  timeZone: z
    .string()
    .nullable()
    .describe("IANA time zone of now() and formatDate on this printer's labels; null: UTC"),
  allowConfigCommands: z
    .boolean()
    .describe('Raw ZPL sent to it may hold configuration commands (^JU, ~JR, ^NS…); else they are refused'),
  unprintableMargin: z
    .string()
    .nullable()
    .describe(
      'What it cannot print at every edge of the label, as a length ("1mm"); null: none. Print jobs warn of elements there (ELEMENT_IN_UNPRINTABLE_MARGIN)',
    ),
  mediaType: z
    .enum(MEDIA_TYPES)
    .nullable()
    .describe(
      "Sent with each ZPL job as ^MT (D, T): direct-thermal media or thermal-transfer with a ribbon; null: the printer's own setting. PDF queues get it as the CUPS Zebra driver's MediaType option",
    ),
  printMode: z
    .enum(PRINT_MODES)
    .nullable()
    .describe(
      "What the printer does after each label, sent as ^MM (T, P, C, R); null: its own setting. PDF queues: the CUPS Zebra driver's zePrintMode",
    ),
  mediaSensing: z
    .enum(MEDIA_SENSING_MODES)
    .nullable()
    .describe(
      "How the printer finds a label's start, sent as ^MN: gap (Y, the gap or notch between labels), mark (M, a black mark), continuous (N); null: its own setting. PDF queues: the CUPS Zebra driver's zeMediaTracking",
    ),
  topOffset: z
    .string()
    .nullable()
    .describe(
      'How far the whole print moves down (negative: up), a length with a unit ("1mm"); sent to ZPL printers as ^LT in dots, at most 120 dots either way. Not sent to PDF queues. null: the printer\'s own',
    ),
  leftOffset: z
    .string()
    .nullable()
    .describe(
      "How far the whole print moves right (negative: left), a length with a unit; sent to ZPL printers as ^LS with the sign turned (^LS shifts left), at most 9999 dots. Not sent to PDF queues. null: the printer's own",
    ),
  fonts: z
    .enum(ZPL_FONT_MODES)
    .describe(
      'Texts in the template\'s fonts print as graphics of their glyphs (graphic) or in the fonts sent with each job (download, ~DY + ^A@); "Printer 0" texts are always ^A0',
    ),
  createdAt: isoTime,
});
export type ApiPrinter = z.infer<typeof apiPrinterSchema>;

export const printerListSchema = z.object({ printers: z.array(apiPrinterSchema) });

/** The ~HS flags and counts the API reports; the printer's password (~HS string 3) is never passed on. */
export const printerStateSchema = z.object({
  paperOut: z.boolean(),
  paused: z.boolean(),
  headOpen: z.boolean(),
  ribbonOut: z.boolean(),
  bufferFull: z.boolean(),
  labelsInBuffer: z.number().int(),
  overTemperature: z.boolean(),
  underTemperature: z.boolean(),
  corruptRam: z.boolean(),
  partialFormat: z.boolean(),
  labelWaiting: z.boolean(),
  labelsRemainingInBatch: z.number().int(),
  printMode: z.string(),
  thermalTransfer: z.boolean(),
});
export type PrinterState = z.infer<typeof printerStateSchema>;

export const printerStatusSchema = z.object({
  id: z.string(),
  reachable: z.boolean().nullable().describe('null: this kind of printer has no status to read (a system queue)'),
  state: printerStateSchema.nullable().describe("A raw printer's ~HS answer; null when none was read"),
  error: z.string().optional().describe('Why the printer could not be reached or read'),
  checkedAt: isoTime,
});
export type PrinterStatus = z.infer<typeof printerStatusSchema>;
