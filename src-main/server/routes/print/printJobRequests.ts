// What /v1/print(-jobs) and the editor's /api/print(-jobs) share once the caller is known: the body, the team's printer, the submission, the 202 answer; the history page, reprint and cancel; and the team-scoped lookups.
import type { Context } from 'koa';
import { NotFoundError } from '@shared/api/apiErrors';
import { printRequestSchema, reprintRequestSchema, type PrintRequest } from '@shared/api/printRequest';
import { requestLabelData } from '@shared/api/renderRequest';
import { cancelPrintJob } from '../../../printing/cancelJob';
import type { PrintQueue } from '../../../printing/printQueue';
import { submitPrintJob } from '../../../printing/printJobSubmission';
import { printJobView } from '../../../printing/printJobView';
import { submitRawZplJob } from '../../../printing/rawZplSubmission';
import { submitReprint } from '../../../printing/reprintJob';
import { resolveLibraryImages } from '../../../images/resolveLibraryImages';
import type { RenderJob, RenderPool } from '../../../render/renderPool';
import type { Store, StoreScope } from '../../../store/openStore';
import type { PrintJobRecord } from '../../../store/queries/printJobs';
import type { PrinterRecord } from '../../../store/queries/printerFields';
import type { KeyMode, TeamRecord } from '../../../store/storeTypes';
import type { QuotaGate } from '../../admission/quotaGate';
import type { RequestedTemplate } from '../../admission/renderAdmission';
import { parseRequestBody } from '../../requestBody';

export interface PrintJobDeps {
  store: Store;
  pool: RenderPool;
  quota: QuotaGate;
  queue: Pick<PrintQueue, 'wake'>;
}

/** Who asks to print (or reprint, or cancel). */
export interface JobRequester {
  team: TeamRecord;
  apiKeyId: string | null;
  mode: KeyMode;
}

/** Who asks to print, and how a templateId is looked up for them. */
export interface PrintRequester extends JobRequester {
  /** Not asked for raw ZPL (a request with zpl names no template). */
  template(request: PrintRequest): Promise<RequestedTemplate>;
}

/** The team's printer; another team's, an unknown or a malformed id are all simply not found. */
export async function teamPrinter(store: StoreScope, teamId: string, id: string): Promise<PrinterRecord> {
  const printer = await store.printers.get(id);
  if (printer?.teamId !== teamId) throw new NotFoundError(`printer "${id}" was not found`);
  return printer;
}

export async function teamJob(store: StoreScope, teamId: string, id: string): Promise<PrintJobRecord> {
  const job = await store.printJobs.getForTeam(teamId, id);
  if (!job) throw new NotFoundError(`print job "${id}" was not found`);
  return job;
}

/** Validates, renders and stores the job, wakes the queue and answers 202 with the job and where to follow it (`jobsPath`/<id>). */
export async function acceptPrintJob(
  ctx: Context,
  { store, pool, quota, queue }: PrintJobDeps,
  requester: PrintRequester,
  jobsPath: string,
): Promise<void> {
  const request = parseRequestBody(printRequestSchema, ctx.request.body);
  const copies = request.copies ?? 1;
  let job: PrintJobRecord;
  if (request.zpl === undefined) {
    const { template, templateVersion, templateId } = await requester.template(request);
    const printer = await teamPrinter(store, requester.team.id, request.printerId);
    const { data, records } = requestLabelData(request);
    const { quantityField, sheetStart } = request;
    const render = async (renderJob: RenderJob) =>
      pool.render({
        ...renderJob,
        template: await resolveLibraryImages(store, requester.team.id, renderJob.template),
        team: requester.team.id,
      });
    job = await submitPrintJob(
      { store, render, quota },
      {
        ...requester,
        template,
        templateVersion,
        templateId,
        data,
        records,
        quantityField,
        sheetStart,
        printer,
        copies,
      },
    );
  } else {
    // Names no template: this only applies the demo-key rule (a demo key prints library templates, nothing else).
    await requester.template(request);
    const printer = await teamPrinter(store, requester.team.id, request.printerId);
    job = await submitRawZplJob(
      { store, quota },
      { ...requester, zpl: Buffer.from(request.zpl, 'utf8'), printer, copies },
    );
  }
  answerAccepted(ctx, queue, job, jobsPath);
}

function answerAccepted(ctx: Context, queue: Pick<PrintQueue, 'wake'>, job: PrintJobRecord, jobsPath: string): void {
  queue.wake();
  ctx.status = 202;
  // The Host header was checked against the names this server answers to, so it is safe to echo.
  ctx.set('Location', `${ctx.protocol}://${ctx.host}${jobsPath}/${job.id}`);
  ctx.body = printJobView(job);
}

/** POST …/print-jobs/{id}/reprint: the chosen labels (body `labels`, default all) queued again as a new job; 202 like a print. */
export async function acceptReprint(
  ctx: Context,
  { store, quota, queue }: PrintJobDeps,
  requester: JobRequester,
  jobsPath: string,
): Promise<void> {
  const original = await teamJob(store, requester.team.id, ctx.params.id ?? '');
  // No body at all (curl -X POST) reprints every label.
  const { labels } = parseRequestBody(reprintRequestSchema, ctx.request.body ?? {});
  const job = await submitReprint({ store, quota }, { ...requester, original, labels });
  answerAccepted(ctx, queue, job, jobsPath);
}

/** POST …/print-jobs/{id}/cancel: 200 with the job as it is now (cancelled); a job that already ended is 409. */
export async function answerCancel(ctx: Context, { store, queue }: PrintJobDeps, teamId: string): Promise<void> {
  const job = await cancelPrintJob(store, await teamJob(store, teamId, ctx.params.id ?? ''));
  // This process's queue cuts a retry wait of the job short now, rather than at its next poll.
  queue.wake();
  ctx.set('Cache-Control', 'no-store');
  ctx.body = printJobView(job);
}
