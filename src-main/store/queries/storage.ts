// Queries of team_storage (the bytes of a team's kept outputs and print-job documents, kept by triggers) and the order they expire in.
import { sql } from 'kysely';
import type { Executor } from '../schema';

export function storageQueries(db: Executor) {
  return {
    /** Bytes of the team's kept outputs and reprint documents, expired ones the sweep has not deleted yet included. */
    async used(teamId: string): Promise<number> {
      return (
        (await db.selectFrom('team_storage').select('bytes').where('team_id', '=', teamId).executeTakeFirst())?.bytes ??
        0
      );
    },

    /** When enough of the team's outputs and reprint documents will have expired to free `bytes` (epoch ms); undefined if all of them together do not. */
    async freedBy(teamId: string, bytes: number): Promise<number | undefined> {
      const rows = await db
        .selectFrom('renders')
        .select(['size_bytes', 'expires_at'])
        .where('team_id', '=', teamId)
        .unionAll(
          db
            .selectFrom('print_jobs')
            .select([sql<number>`document_bytes`.as('size_bytes'), sql<number>`document_expires_at`.as('expires_at')])
            .where('team_id', '=', teamId)
            .where('document_bytes', 'is not', null),
        )
        .orderBy('expires_at')
        .execute();
      let freed = 0;
      for (const row of rows) {
        freed += row.size_bytes;
        if (freed >= bytes) return row.expires_at;
      }
      return undefined;
    },
  };
}

export type StorageQueries = ReturnType<typeof storageQueries>;
