// What happens as a print job ends (done, failed, cancelled): its document kept for reprints within the team's storage
// budget, and its counter values given back when nothing of it can have printed. Both run inside the ending transaction.
import { MAX_OUTPUT_BYTES } from '@shared/api/plans';
import type { StoreScope } from '../store/openStore';
import type { PrintJobRecord } from '../store/queries/printJobs';
import { teamStorage } from '../store/storageBudget';

/** An ended job's document is kept this long for reprints, as render outputs are kept for downloads. */
export const REPRINT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Gives the job's counter values back when that is safe: it ended failed or cancelled, no label of it may have reached
 * a printer (no chunk acknowledged, no attempt cut after bytes went out, no reprint of it, no attempt in flight or lost
 * in a crash), and no render took values since (each counter's next value is still the end of the job's block). A job whose values went back keeps no document:
 * a reprint would print serials another label may get. True when any value went back.
 */
export async function returnCountersIfSafe(store: StoreScope, jobId: string): Promise<boolean> {
  const job = await store.printJobs.get(jobId);
  if (job?.counters == null || job.countersReturned || job.maybePrinted || job.sendingChunk) return false;
  if (job.status !== 'failed' && job.status !== 'cancelled') return false;
  if ((await store.counters.release(job.teamId, job.counters)) === 0) return false;
  await store.printJobs.markCountersReturned(job.id);
  if (job.documentBytes !== null) await store.printJobs.setKeptDocument(job.id, null);
  return true;
}

/**
 * Keeps an ended job's document of `bytes` for reprints when the team's storage budget has room for it (and it is
 * within the per-output cap): printing is never refused for the room its reprints would take, the reprint is. True
 * when it is kept; otherwise the caller deletes the file after the commit.
 */
export async function keepDocument(store: StoreScope, job: PrintJobRecord, bytes: number): Promise<boolean> {
  if (job.countersReturned) return false;
  if (job.documentBytes !== null) return true;
  const team = await store.teams.get(job.teamId);
  if (team === undefined || bytes > MAX_OUTPUT_BYTES) return false;
  const { usedBytes, limitBytes } = await teamStorage(store, team);
  if (usedBytes + bytes > limitBytes) return false;
  await store.printJobs.setKeptDocument(job.id, { bytes, expiresAt: store.now() + REPRINT_RETENTION_MS });
  return true;
}
