// Restores the invariant "a render row (or a print job that needs its document) exists exactly while its document does" after a crash.
import { documentFileName } from '../printing/printJobDocument';
import type { StoreScope } from './openStore';

/**
 * Documents younger than this are left alone: another process sharing the data directory or the bucket (a second
 * server, the desktop app) may be between writing a document and committing its row. A crash's leftovers go at a later sweep.
 */
export const ORPHAN_GRACE_MS = 60_000;

/**
 * Removes render outputs and print job documents no row points at (and leftover temp files) once older than the grace
 * period, then, in a folder, rows whose file is gone. Ages are measured against the wall clock, as file and object times
 * are, never against store.now.
 *
 * On S3 this runs from the server's hourly sweep only, never at open: listing a shared bucket at every node's start
 * would cost a listing per start however large the bucket grows. The listing goes a page (1000 keys) at a time, each
 * page checked against the database, so memory stays bounded. Rows without their object are not looked for there (one
 * request per row): a row is committed only after PutObject answered, and S3 does not lose acknowledged objects.
 */
export async function removeOrphans(
  store: StoreScope,
  graceMs: number = ORPHAN_GRACE_MS,
): Promise<{ files: number; rows: number }> {
  const cutoff = Date.now() - graceMs;
  // Names are checked against the rows after they are listed: a document written since is younger than the grace period.
  const files = await store.outputs.removeUnreferenced((names) => store.renders.referencedFiles(names), cutoff);
  const inUse = new Set((await store.printJobs.documentsInUse()).map(documentFileName));
  const documents = await store.printDocuments.removeUnreferenced(async () => inUse, cutoff);
  if (store.outputs.kind !== 'folder') return { files: files + documents, rows: 0 };
  // A row is committed only after its file is complete, so a row without a file is damage, not work in progress.
  const lost: { id: string }[] = [];
  for (const row of await store.renders.listFiles())
    if ((await store.outputs.size(row.fileName)) === undefined) lost.push(row);
  if (lost.length > 0) {
    await store.transaction(async (trx) => {
      for (const row of lost) await trx.renders.delete(row.id);
    });
  }
  return { files: files + documents, rows: lost.length };
}
