// Restores the invariant "a render row exists exactly while its output file does" after a crash.
import type { StoreScope } from './openStore';

/**
 * Files younger than this are left alone: another process sharing the data directory (a second server, the desktop
 * app) may be between writing an output and committing its row. A crash's leftovers go at a later sweep.
 */
export const ORPHAN_GRACE_MS = 60_000;

/**
 * Removes output files no row points at (and leftover temp files) once older than the grace period, and rows whose
 * file is gone. File ages are measured against the wall clock, as file times are, never against store.now.
 */
export async function removeOrphans(store: StoreScope, graceMs: number = ORPHAN_GRACE_MS): Promise<{ files: number; rows: number }> {
  const rows = await store.renders.listFiles();
  // Rows are read before the folder: a file written meanwhile is younger than the grace period, so it stays.
  const files = store.outputs.removeUnreferenced(new Set(rows.map((row) => row.fileName)), Date.now() - graceMs);
  // A row is committed only after its file is complete, so a row without a file is damage, not work in progress.
  const lost = rows.filter((row) => !store.outputs.exists(row.fileName));
  if (lost.length > 0) {
    await store.transaction(async (trx) => {
      for (const row of lost) await trx.renders.delete(row.id);
    });
  }
  return { files, rows: lost.length };
}
