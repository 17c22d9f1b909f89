// Deletes outputs past their 7 days, leaving tombstones so their ids answer 410 OUTPUT_EXPIRED rather than 404, print-job documents kept for reprints past theirs, old history and hot folders' old claims.
import { documentFileName } from '../printing/printJobDocument';
import type { StoreScope } from './openStore';

/**
 * Tombstones are kept this long after expiry, then forgotten (the id answers 404 like an unknown one): they are one
 * small row per render, and a client still asking after three months is not helped by the difference.
 */
export const TOMBSTONE_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** A print job that ended (done, failed or cancelled) is kept as long, so "what happened to that job?" has an answer for a quarter. */
export const FINISHED_PRINT_JOB_RETENTION_MS = TOMBSTONE_RETENTION_MS;

/**
 * A hot folder's claim of a file is kept this long after the file left the folder. Only an open claim (file still in
 * the folder) guards against printing twice; a moved one answers "which job did that file become?", and a file of
 * the same name and content dropped later is a new file either way.
 */
export const MOVED_HOT_FOLDER_FILE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Run at server start and periodically. Rows go first, documents after the commit: a crash in between leaves orphans,
 * never a row without its document. Several nodes may purge at once (one shared database): each document is removed
 * by the node whose transaction removed its row, and removing an absent one is no error anyway. Counts what went
 * (this call's share): expired outputs, forgotten tombstones, forgotten finished print jobs, released print documents,
 * forgotten hot folder claims.
 */
export async function purgeExpired(
  store: StoreScope,
  at: number = store.now(),
): Promise<{ expired: number; forgotten: number; printJobs: number; printDocuments: number; hotFolderFiles: number }> {
  const { expired, forgotten, printJobs, documents, hotFolderFiles } = await store.transaction(async (trx) => {
    const expired = [];
    for (const render of await trx.renders.listExpired(at))
      if (await trx.renders.expire(render, at)) expired.push(render);
    return {
      expired,
      documents: await trx.printJobs.releaseExpiredDocuments(at),
      forgotten: await trx.renders.forgetExpiredBefore(at - TOMBSTONE_RETENTION_MS),
      printJobs: await trx.printJobs.forgetFinishedBefore(at - FINISHED_PRINT_JOB_RETENTION_MS),
      hotFolderFiles: await trx.hotFolderFiles.forgetMovedBefore(at - MOVED_HOT_FOLDER_FILE_RETENTION_MS),
    };
  });
  for (const render of expired) await store.outputs.remove(render.fileName);
  for (const job of documents) await store.printDocuments.remove(documentFileName(job));
  return { expired: expired.length, forgotten, printJobs, printDocuments: documents.length, hotFolderFiles };
}
