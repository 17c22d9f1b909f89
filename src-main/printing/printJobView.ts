// A print job as /v1, the editor's /api and `labelsmith print` show it: the same JSON everywhere, times as ISO 8601.
import type { PrintJob } from '@shared/api/printRequest';
import type { PrintJobRecord } from '../store/queries/printJobs';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A pending job's document is in print-jobs/ until it ends; an ended one's only if it was kept. */
export function reprintable(job: PrintJobRecord): boolean {
  if (job.countersReturned) return false;
  return job.status === 'queued' || job.status === 'sending' || job.documentBytes !== null;
}

export function printJobView(job: PrintJobRecord): PrintJob {
  const view: PrintJob = {
    id: job.id,
    status: job.status,
    printerId: job.printerId,
    format: job.format,
    labelCount: job.labelCount,
    copies: job.copies,
    totalLabels: job.labelCount * job.copies,
    labelsSent: job.labelsSent,
    attempts: job.attempts,
    createdAt: iso(job.createdAt),
    updatedAt: iso(job.updatedAt),
    warnings: job.warnings,
    templateId: job.templateId,
    reprintable: reprintable(job),
    countersReturned: job.countersReturned,
    templateVersion: job.templateVersion,
  };
  if (job.reprintOf !== null && job.reprintLabels !== null) {
    view.reprintOf = job.reprintOf;
    view.reprintLabels = job.reprintLabels;
  }
  if (job.documentExpiresAt !== null) view.reprintableUntil = iso(job.documentExpiresAt);
  if (job.error !== null) view.error = job.error;
  if (job.source !== null) view.source = job.source;
  // While the job is pending, what the retries are waiting out.
  const pending = job.status === 'queued' || job.status === 'sending';
  if (pending && job.lastError !== null) view.lastError = job.lastError;
  if (pending && job.nextAttemptAt !== null) view.nextAttemptAt = iso(job.nextAttemptAt);
  return view;
}
