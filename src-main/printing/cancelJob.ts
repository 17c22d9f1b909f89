// Cancelling a print job: a queued or sending job becomes cancelled in one commit, which every queue (of any process)
// checks before each attempt, so no connection to the printer follows; its document is kept for reprints like an ended job's.
import { ConflictError } from '@shared/api/apiErrors';
import type { Store } from '../store/openStore';
import type { PrintJobRecord } from '../store/queries/printJobs';
import { keepDocument, returnCountersIfSafe } from './jobSettlement';
import { documentFileName } from './printJobDocument';

/**
 * Cancels `job` (read by id and team by the caller) and returns it as it is now; a cancelled job again is no error.
 * A chunk in flight at that moment is not cut: the printer would be left with half a label or a stored format. It
 * finishes, its acknowledgement is recorded in labelsSent, and nothing more is sent. The counter values go back now
 * if that is safe, or, with an attempt in flight, once the queue sending it has recorded what that attempt delivered.
 */
export async function cancelPrintJob(store: Store, job: PrintJobRecord): Promise<PrintJobRecord> {
  if (job.status === 'cancelled') return job;
  const fileName = documentFileName(job);
  const bytes = await store.printDocuments.size(fileName);
  const keep = await store.transaction(async (trx) => {
    if (!(await trx.printJobs.cancel(job.id))) {
      const now = await trx.printJobs.get(job.id);
      if (now?.status === 'cancelled') return true;
      throw new ConflictError(
        `print job "${job.id}" is ${now?.status ?? 'gone'}: only a queued or sending job can be cancelled`,
      );
    }
    const returned = await returnCountersIfSafe(trx, job.id);
    const cancelled = await trx.printJobs.get(job.id);
    return !returned && bytes !== undefined && cancelled !== undefined && (await keepDocument(trx, cancelled, bytes));
  });
  // A queue sending the job holds its bytes in memory; the file is only for reprints now.
  if (!keep) await store.printDocuments.remove(fileName);
  const cancelled = await store.printJobs.get(job.id);
  if (cancelled === undefined) throw new Error(`print job ${job.id} vanished while it was cancelled`);
  return cancelled;
}
