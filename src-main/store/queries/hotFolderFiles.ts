// Queries of the hot_folder_files table: a file of a watched folder claimed with its job, found again after a crash, released once moved, forgotten long after.
import type { Executor } from '../schema';

export interface HotFolderClaim {
  folder: string;
  name: string;
  sha256: string;
  teamId: string;
  jobId: string;
}

export function hotFolderFileQueries(db: Executor, now: () => number) {
  return {
    /** In the job's own transaction: a second claim of the same open file (another watcher) fails the commit. */
    async claim(claim: HotFolderClaim): Promise<void> {
      await db
        .insertInto('hot_folder_files')
        .values({
          folder: claim.folder,
          name: claim.name,
          sha256: claim.sha256,
          team_id: claim.teamId,
          job_id: claim.jobId,
          claimed_at: now(),
          moved_at: null,
        })
        .execute();
    },

    /** The job an unmoved file of this name and content already became, if any. */
    async openClaim(folder: string, name: string, sha256: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('hot_folder_files')
        .select('job_id')
        .where('folder', '=', folder)
        .where('name', '=', name)
        .where('sha256', '=', sha256)
        .where('moved_at', 'is', null)
        .executeTakeFirst();
      return row?.job_id;
    },

    /** The folder's files claimed but not yet recorded as moved: after a crash, some were moved already. */
    async openClaims(folder: string): Promise<{ name: string; sha256: string }[]> {
      return await db
        .selectFrom('hot_folder_files')
        .select(['name', 'sha256'])
        .where('folder', '=', folder)
        .where('moved_at', 'is', null)
        .execute();
    },

    /** The file left the folder: a file of the same name and content dropped later is a new one. */
    async moved(folder: string, name: string, sha256: string): Promise<void> {
      await db
        .updateTable('hot_folder_files')
        .set({ moved_at: now() })
        .where('folder', '=', folder)
        .where('name', '=', name)
        .where('sha256', '=', sha256)
        .where('moved_at', 'is', null)
        .execute();
    },

    /**
     * Forgets claims whose file left the folder (to done/ or failed/) before `before`; a claim still open (its file
     * not yet recorded as moved) is kept whatever its age: it is what stops a file from printing twice. Counts them.
     */
    async forgetMovedBefore(before: number): Promise<number> {
      const result = await db
        .deleteFrom('hot_folder_files')
        .where('moved_at', 'is not', null)
        .where('moved_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type HotFolderFileQueries = ReturnType<typeof hotFolderFileQueries>;
