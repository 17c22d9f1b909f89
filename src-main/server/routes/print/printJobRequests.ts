// What /v1/print and the editor's /api/print share once the caller is known: the body, the team's printer, the submission, the 202 answer; and the team-scoped lookups.
import type { Context } from 'koa';
import { NotFoundError } from '../../../../src-shared/api/apiErrors';
import { printRequestSchema, type PrintRequest } from '../../../../src-shared/api/printRequest';
import type { PrintQueue } from '../../../printing/printQueue';
import { submitPrintJob } from '../../../printing/printJobSubmission';
import { printJobView } from '../../../printing/printJobView';
import { submitRawZplJob } from '../../../printing/rawZplSubmission';
import type { RenderJob, RenderPool } from '../../../render/renderPool';
import type { Store } from '../../../store/openStore';
import type { PrintJobRecord } from '../../../store/queries/printJobs';
import type { PrinterRecord } from '../../../store/queries/printers';
import type { KeyMode, TeamRecord } from '../../../store/storeTypes';
import type { QuotaGate } from '../../quotaGate';
import type { RequestedTemplate } from '../../renderAdmission';
import { parseRequestBody } from '../../requestBody';

export interface PrintJobDeps {
  store: Store;
  pool: RenderPool;
  quota: QuotaGate;
  queue: Pick<PrintQueue, 'wake'>;
}

/** Who asks to print, and how a templateId is looked up for them. */
export interface PrintRequester {
  team: TeamRecord;
  apiKeyId: string | null;
  mode: KeyMode;
  /** Not asked for raw ZPL (a request with zpl names no template). */
  template(request: PrintRequest): RequestedTemplate;
}

/** The team's printer; another team's, an unknown or a malformed id are all simply not found. */
export function teamPrinter(store: Store, teamId: string, id: string): PrinterRecord {
  const printer = store.printers.get(id);
  if (printer?.teamId !== teamId) throw new NotFoundError(`printer "${id}" was not found`);
  return printer;
}

export function teamJob(store: Store, teamId: string, id: string): PrintJobRecord {
  const job = store.printJobs.getForTeam(teamId, id);
  if (!job) throw new NotFoundError(`print job "${id}" was not found`);
  return job;
}

/** Validates, renders and stores the job, wakes the queue and answers 202 with the job and where to follow it (`jobsPath`/<id>). */
export async function acceptPrintJob(ctx: Context, { store, pool, quota, queue }: PrintJobDeps, requester: PrintRequester, jobsPath: string): Promise<void> {
  const request = parseRequestBody(printRequestSchema, ctx.request.body);
  const copies = request.copies ?? 1;
  let job: PrintJobRecord;
  if (request.zpl === undefined) {
    const { template, templateVersion } = requester.template(request);
    const printer = teamPrinter(store, requester.team.id, request.printerId);
    const { data, records, quantityField } = request;
    const render = (renderJob: RenderJob) => pool.render({ ...renderJob, team: requester.team.id });
    job = await submitPrintJob({ store, render, quota }, { ...requester, template, templateVersion, data, records, quantityField, printer, copies });
  } else {
    // Names no template: this only applies the demo-key rule (a demo key prints library templates, nothing else).
    requester.template(request);
    const printer = teamPrinter(store, requester.team.id, request.printerId);
    job = await submitRawZplJob({ store, quota }, { ...requester, zpl: Buffer.from(request.zpl, 'utf8'), printer, copies });
  }
  queue.wake();
  ctx.status = 202;
  // The Host header was checked against the names this server answers to, so it is safe to echo.
  ctx.set('Location', `${ctx.protocol}://${ctx.host}${jobsPath}/${job.id}`);
  ctx.body = printJobView(job);
}
