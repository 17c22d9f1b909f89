// The body of POST /v1/print (also the editor's POST /api/print), the print job it answers with, and the /v1 printer answers.
import { z } from 'zod';
import { ZPL_DPIS } from '../render/outputFormats';
import { checkTemplateAndData, labelDataShape, renderWarningSchema, templateSourceShape } from './renderRequest';

/** Stated limits of one print job (README, "Print jobs"): copies of the whole document, and labels sent in all. */
export const PRINT_LIMITS = { maxCopies: 1_000, maxLabels: 10_000 } as const;

export const PRINT_JOB_STATUSES = ['queued', 'sending', 'done', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** The document a printer takes: ZPL, or PDF for a system queue that converts it. */
export const PRINT_FORMATS = ['zpl', 'pdf'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

export const printRequestSchema = z
  .object({
    ...templateSourceShape,
    ...labelDataShape,
    printerId: z.string({ error: 'printerId must be a string' }).min(1, { message: 'printerId is required' }).max(100).describe('A printer of the team (GET /v1/printers)'),
    copies: z
      .number({ error: 'copies must be a number' })
      .int({ message: 'copies must be a whole number' })
      .min(1, { message: `copies must be between 1 and ${PRINT_LIMITS.maxCopies}` })
      .max(PRINT_LIMITS.maxCopies, { message: `copies must be between 1 and ${PRINT_LIMITS.maxCopies}` })
      .optional()
      .describe(`Times the whole document is printed, in order (1, 2, 3, 1, 2, 3); default 1. Labels × copies at most ${PRINT_LIMITS.maxLabels}`),
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
    const others = (['templateId', 'templateVersion', 'template', 'data', 'records', 'quantityField'] as const).filter((key) => request[key] !== undefined);
    if (others.length > 0) ctx.addIssue({ code: 'custom', path: ['zpl'], message: `send either zpl or a template with data, not both (got zpl and ${others.join(', ')})` });
  });

export type PrintRequest = z.infer<typeof printRequestSchema>;

export const jobErrorSchema = z.object({
  code: z.string().describe('Stable code: PAPER_OUT, HEAD_OPEN, RIBBON_OUT, PAUSED, PRINTER_UNREACHABLE, PRINTER_TIMEOUT, PRINTER_INTERRUPTED, PRINTER_REJECTED, ...'),
  message: z.string(),
});

const isoTime = z.string().describe('ISO 8601');

export const printJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(PRINT_JOB_STATUSES).describe('queued: waiting its turn; sending: being sent (retries included); done: every label acknowledged; failed: see error'),
  printerId: z.string(),
  format: z.enum(PRINT_FORMATS),
  labelCount: z.number().int().describe('Labels in the document: 1 for data, the records times their quantities for a batch'),
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
  templateVersion: z.number().int().nullable().describe('The version of the saved template printed; null for an inline template, raw ZPL or a draft printed from the editor'),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const apiPrinterSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['raw', 'system', 'device']),
  format: z.enum(PRINT_FORMATS).describe('What print jobs for this printer are rendered as'),
  dpi: z.union(ZPL_DPIS.map((dpi) => z.literal(dpi))),
  media: z.object({ width: z.string(), height: z.string() }).nullable().describe('Default media size as lengths with a unit'),
  darkness: z.number().int().nullable(),
  speed: z.number().int().nullable(),
  timeZone: z.string().nullable().describe("IANA time zone of now() and formatDate on this printer's labels; null: UTC"),
  allowConfigCommands: z.boolean().describe('Raw ZPL sent to it may hold configuration commands (^JU, ~JR, ^NS…); else they are refused'),
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
