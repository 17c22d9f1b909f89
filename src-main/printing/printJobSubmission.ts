// A print job's submission: render for the printer at once (bad input fails the request), store the document, then the job and its usage in one commit.
import { randomUUID } from 'node:crypto';
import { QuotaExceededError } from '@shared/api/apiErrors';
import { PRINT_LIMITS, type PrintJobSource } from '@shared/api/printRequest';
import { BadRequestError, type AppError } from '@shared/errors';
import { planBatch } from '@shared/render/batchPlan';
import { toPoints } from '@shared/units/length';
import type { RenderJob, RenderResult } from '../render/renderPool';
import type { StepOptions } from '../render/taskProtocol';
import type { QuotaGate } from '../server/admission/quotaGate';
import { admitRenders } from '../server/admission/renderAdmission';
import type { Store, StoreScope } from '../store/openStore';
import type { CounterReservation } from '../store/queries/counters';
import type { ClaimOwner, PrintJobRecord, PrintJobWarning } from '../store/queries/printJobs';
import type { PrinterRecord } from '../store/queries/printerFields';
import { countRenders } from '../store/recordRender';
import { renderCounters } from '../store/renderCounters';
import type { KeyMode, TeamRecord } from '../store/storeTypes';
import { printerDriver } from './printerDrivers';
import { jobDocument } from './printJobDocument';

export type Render = (job: RenderJob) => Promise<RenderResult>;

/** What to print: template JSON (inline, or a stored one's content) with one label's data or a batch of records. */
export interface PrintSource {
  template: unknown;
  /** The stored version `template` is; null or absent: an inline template or an editor draft. */
  templateVersion?: number | null;
  data?: unknown;
  records?: unknown[];
  quantityField?: string;
  /** records[0]'s number in its source (1-based): warnings and errors name records by it. */
  firstRecordNumber?: number;
  /** A template with a sheet, printed as PDF: the label position on the first sheet to start at. */
  sheetStart?: number;
}

export interface PrinterDocument {
  format: 'zpl' | 'pdf';
  bytes: Uint8Array;
  labelCount: number;
  warnings: PrintJobWarning[];
  /** The template version it was rendered from (PrintSource.templateVersion); absent for raw ZPL. */
  templateVersion?: number | null;
}

/**
 * Renders what to print for this printer, in the render pool: the printer's kind decides the format (ZPL, or PDF for a
 * system queue that converts it), its density the resolution the labels are laid out for, its margin the design
 * warnings, its fonts setting how texts in the template's fonts print in ZPL (graphics, or fonts downloaded once per
 * job) and its time zone now() and formatDate. Everything a label's content will ever depend on at print time
 * (counters, the printer's time zone) belongs here, in this one step.
 */
export async function renderForPrinter(
  render: Render,
  source: PrintSource,
  printer: PrinterRecord,
  counters?: Record<string, number>,
): Promise<PrinterDocument> {
  const { template, data, records, quantityField, firstRecordNumber, sheetStart } = source;
  const options = printerRenderOptions(printer);
  const rendered = await render({
    template,
    data,
    records,
    quantityField,
    firstRecordNumber,
    ...options,
    counters,
    sheetStart,
  });
  return {
    format: options.format,
    bytes: rendered.bytes,
    labelCount: rendered.labelCount,
    warnings: rendered.warnings,
    templateVersion: source.templateVersion ?? null,
  };
}

/** How a label renders for `printer` (see renderForPrinter): its format, resolution, fonts setting, time zone and margin. */
export function printerRenderOptions(printer: PrinterRecord) {
  const { format } = printerDriver(printer);
  const unprintableMargin = printer.unprintableMargin === null ? undefined : toPoints(printer.unprintableMargin);
  // dpi as well as zplDpi: a system queue's PDF is laid out for its printer too, so its bars are that printer's dots.
  return {
    format,
    dpi: printer.dpi,
    zplDpi: printer.dpi,
    zplFonts: printer.fonts,
    timeZone: printer.timeZone ?? undefined,
    unprintableMargin,
  } satisfies StepOptions;
}

export interface SubmitDeps {
  store: Store;
  render: Render;
  quota: QuotaGate;
}

export interface PrintSubmission extends PrintSource {
  team: TeamRecord;
  apiKeyId: string | null;
  mode: KeyMode;
  /** Read by id and team by the caller: only a configured printer of the team. */
  printer: PrinterRecord;
  copies: number;
  /** The queue that will send the job itself (the CLI); without it any server's queue takes it. */
  owner?: ClaimOwner;
  /** The stored template printed, for the history's template filter; null or absent for an inline template or raw ZPL. */
  templateId?: string | null;
  /** A reprint: the job whose labels it prints again, and which ones as asked. */
  reprint?: { of: string; labels: string };
  /** Warnings found before the render (a virtual printer's label read to be laid out again), kept ahead of its own. */
  warnings?: PrintJobWarning[];
  /** A virtual printer's or hot folder's job: where it came from. */
  source?: PrintJobSource;
  /** Written in the job's own commit, with its id: a hot folder's claim of its file, so a crash cannot print it twice. */
  claimInCommit?: (trx: StoreScope, jobId: string) => Promise<void>;
}

/**
 * The submission of a job that came in without a caller to answer (a virtual printer's label, a hot folder's file):
 * live, one copy, no API key, and where it came from.
 */
export function inboundSubmission(
  team: TeamRecord,
  printer: PrinterRecord,
  source: PrintJobSource,
): Pick<PrintSubmission, 'team' | 'apiKeyId' | 'mode' | 'printer' | 'copies' | 'source'> {
  return { team, apiKeyId: null, mode: 'live', printer, copies: 1, source };
}

/** Distinct labels the job renders (records after quantity); labels × copies over the stated limit is a 400 naming copies. */
function distinctLabels(source: PrintSource, copies: number): number {
  const labels =
    source.records === undefined
      ? 1
      : planBatch(source.records, source.quantityField, source.firstRecordNumber).labelCount;
  const total = labels * copies;
  if (total > PRINT_LIMITS.maxLabels) {
    const message = `labels × copies must be at most ${PRINT_LIMITS.maxLabels} per job, got ${labels} × ${copies} = ${total}`;
    throw new BadRequestError(`copies: ${message}`, { errors: [{ path: 'copies', message }] });
  }
  return labels;
}

/**
 * Renders, then stores the job and its usage (labels × copies, as renders) with storePrintJob. Bad templates or
 * data fail here as /v1/render's do (400, 502); the quota is checked for every label before anything renders.
 */
export async function submitPrintJob(
  { store, render, quota }: SubmitDeps,
  submission: PrintSubmission,
): Promise<PrintJobRecord> {
  const labels = distinctLabels(submission, submission.copies);
  return submitMadeJob({ store, quota }, submission, labels, submission.template, (counters) =>
    renderForPrinter(render, submission, submission.printer, counters),
  );
}

/**
 * Admits `labels` × copies against the quota, takes the counter values `template`'s labels use, makes the document
 * (`make`, given those values) and stores the job with storePrintJob; the values go back when nothing was stored.
 */
export async function submitMadeJob(
  { store, quota }: Omit<SubmitDeps, 'render'>,
  submission: Omit<PrintSubmission, keyof PrintSource>,
  labels: number,
  template: unknown,
  make: (counters: Record<string, number> | undefined) => Promise<PrinterDocument>,
): Promise<PrintJobRecord> {
  const { team, mode, copies } = submission;
  const total = labels * copies;
  const reservation = await admitRenders(quota, team, mode, total);
  // Every print job takes its counter values, test keys included: these labels exist on paper, and a serial printed
  // twice is what counters are there to prevent. Copies are the same labels again, so they share their values.
  const counters = await renderCounters(store, team.id, template, labels, true);
  let committed = false;
  try {
    const rendered = await make(counters.values);
    const document = { ...rendered, warnings: [...(submission.warnings ?? []), ...rendered.warnings] };
    const job = await storePrintJob(store, submission, document, total, counters.reservation);
    committed = true;
    return job;
  } finally {
    // A job that was never stored prints nothing: its values can go to the next render.
    if (!committed) await counters.release();
    await reservation?.release();
  }
}

/**
 * Stores the document durably, then commits the job and its usage (`renders`) together: once this returns the job
 * survives a crash and is counted, and a failure on the way leaves neither. `counters`: the values its labels took,
 * kept with the job so they can go back if it ends having printed nothing. `inCommit` runs in the same transaction.
 */
export async function storePrintJob(
  store: Store,
  submission: Omit<PrintSubmission, keyof PrintSource>,
  document: PrinterDocument & { raw?: boolean },
  renders: number,
  counters?: CounterReservation,
  inCommit?: (trx: StoreScope) => Promise<void>,
): Promise<PrintJobRecord> {
  const { team, mode, printer, copies } = submission;
  // Checked before anything is stored: the queue cuts ZPL into whole labels.
  jobDocument(document.format, document.bytes, document.labelCount, document.raw);
  const id = randomUUID();
  const fileName = await store.printDocuments.write(id, document.format, document.bytes);
  try {
    return await store.transaction(async (trx) => {
      await inCommit?.(trx);
      await submission.claimInCommit?.(trx, id);
      const { apiKeyId, templateId, reprint, source } = submission;
      const { format, labelCount, warnings, raw } = document;
      const created = await trx.printJobs.create(
        {
          id,
          teamId: team.id,
          apiKeyId,
          mode,
          printerId: printer.id,
          format,
          labelCount,
          copies,
          warnings,
          raw,
          templateId,
          templateVersion: document.templateVersion ?? null,
          reprint,
          counters,
          source,
        },
        submission.owner ?? null,
      );
      await countRenders(trx, team.id, mode, created.createdAt, renders);
      return created;
    });
  } catch (error) {
    await store.printDocuments.remove(fileName);
    throw error;
  }
}

/**
 * A job that came in without a caller to answer (a virtual printer's label, a hot folder's file) and that the team's
 * quota refused (`error` QUOTA_EXCEEDED; other errors are left alone): kept as a failed job with the error's code and
 * message, so the print history shows what an old system believes it printed. No document, no usage, nothing sent.
 * `raw`: it would have gone as raw ZPL, else in the printer's format. Undefined when `error` is not the quota's.
 */
export async function recordQuotaRefusal(
  store: Store,
  submission: ReturnType<typeof inboundSubmission>,
  made: { raw: boolean; labelCount: number },
  error: AppError,
): Promise<PrintJobRecord | undefined> {
  if (!(error instanceof QuotaExceededError)) return undefined;
  const { team, apiKeyId, mode, printer, copies, source } = submission;
  return store.printJobs.create({
    id: randomUUID(),
    teamId: team.id,
    apiKeyId,
    mode,
    printerId: printer.id,
    format: made.raw ? 'zpl' : printerDriver(printer).format,
    labelCount: made.labelCount,
    copies,
    warnings: [],
    source,
    refused: { code: error.code, message: `refused when it arrived, nothing printed: ${error.message}` },
  });
}
