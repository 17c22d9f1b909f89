// What `labelsmith print` and `labelsmith job reprint` do once their options are read: render and submit the job, then
// send it with the command's own queue. Loaded by their actions only, so a usage error answers before the renderer,
// the print queue and the store are loaded.
import { submitPrintJob } from '../printing/printJobSubmission';
import { printJobView } from '../printing/printJobView';
import { submitRawZplJob } from '../printing/rawZplSubmission';
import { createPrintQueue, type PrintQueue } from '../printing/printQueue';
import { resolveLibraryImages } from '../images/resolveLibraryImages';
import { createRenderPool, type RenderJob } from '../render/renderPool';
import { templateVersionFor } from '../server/templateAccess';
import { QuotaGate } from '../server/admission/quotaGate';
import type { Store } from '../store/openStore';
import { found, printJson } from './adminCliSupport';
import { EXIT_FAULT } from './cliErrors';
import { readBatch, type PrintOptions, type Source } from './printCommand';
import { progressLine } from './progressLine';
import { writeWarnings } from './writeWarnings';

/** The stored template --template-id names: its draft, or with --template-version that published version. */
async function storedTemplate(
  store: Store,
  teamId: string,
  options: PrintOptions,
): Promise<{ id: string; content: unknown; version: number | null }> {
  const id = options.templateId ?? '';
  const stored = found(await store.templates.resolve(teamId, id, { publishedOnly: false }), 'template', id);
  if (options.templateVersion === undefined) return { id: stored.id, content: stored.content, version: null };
  const version = await templateVersionFor(store, stored, id, options.templateVersion);
  return { id: stored.id, content: version.content, version: version.number };
}

export async function print(store: Store, options: PrintOptions, source: Source): Promise<void> {
  const { templateFile, data, zpl } = source;
  const printer = found(await store.printers.get(options.printer), 'printer', options.printer);
  const team = found(await store.teams.get(printer.teamId), 'team', printer.teamId);
  const queue = ownJobQueue(store, options.maxAttempts);
  const submission = {
    team,
    apiKeyId: null,
    mode: 'live' as const,
    printer,
    copies: options.copies ?? 1,
    owner: queue.owner,
  };
  let submitted;
  if (zpl === undefined) {
    // The administrator's command: any template of the printer's team, drafts included, or a library's by <library>:<slug>.
    const stored = options.templateId === undefined ? undefined : await storedTemplate(store, team.id, options);
    const template = stored === undefined ? templateFile : stored.content;
    const { records, firstNumber } =
      stored !== undefined && options.records !== undefined ? readBatch(options, template) : source;
    const pool = createRenderPool({ threads: 1 });
    try {
      const printed = {
        template,
        templateId: stored?.id ?? null,
        templateVersion: stored?.version ?? null,
        data,
        records,
        quantityField: options.quantityField,
        firstRecordNumber: firstNumber,
        sheetStart: options.sheetStart,
      };
      const render = async (job: RenderJob) =>
        pool.render({ ...job, template: await resolveLibraryImages(store, team.id, job.template) });
      submitted = await submitPrintJob({ store, render, quota: new QuotaGate(store) }, { ...submission, ...printed });
    } finally {
      await pool.close();
    }
  } else {
    submitted = await submitRawZplJob({ store, quota: new QuotaGate(store) }, { ...submission, zpl });
  }
  // Before the first label goes out, as the editor shows them before printing.
  writeWarnings(submitted.warnings);
  await sendOwnJob(queue, submitted.id);
}

/**
 * Sends a job this command's queue claimed (a print, a reprint) and waits until it ended; prints it as JSON. A failed or
 * cancelled job exits 1: the arguments were fine, the printer failed or someone stopped it (a fault, not bad input).
 */
export async function sendOwnJob(queue: PrintQueue, jobId: string): Promise<void> {
  queue.start();
  const job = await queue.finished(jobId);
  await queue.stop();
  if (job === undefined) throw new Error(`print job ${jobId} disappeared from the database`);
  printJson(printJobView(job));
  if (job.error !== null) {
    process.stderr.write(`error: ${job.error.message} (${job.error.code})\n`);
    process.exitCode = EXIT_FAULT;
  } else if (job.status === 'cancelled') {
    process.stderr.write(
      `error: print job ${job.id} was cancelled after ${job.labelsSent} of ${job.labelCount * job.copies} labels\n`,
    );
    process.exitCode = EXIT_FAULT;
  }
}

/** This command's queue: it sends only the job it claims itself, so a server on the same data directory never sends it too, nor this one a server's. */
export function ownJobQueue(store: Store, maxAttempts: number | undefined): PrintQueue {
  const showProgress = progressLine(process.stderr, 'sent');
  return createPrintQueue(store, {
    ownJobsOnly: true,
    retry: maxAttempts === undefined ? {} : { maxAttempts },
    onProgress: ({ labelsSent, totalLabels }) => showProgress(labelsSent, totalLabels),
  });
}
