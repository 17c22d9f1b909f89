// Prepared statements of team_storage (the bytes of a team's kept outputs and print-job documents, kept by triggers) and the order they expire in.
import type Database from 'better-sqlite3';

export function storageQueries(db: Database.Database) {
  const selectUsed = db.prepare<[string], { bytes: number }>('SELECT bytes FROM team_storage WHERE team_id = ?');
  const selectByExpiry = db.prepare<[string, string], { size_bytes: number; expires_at: number }>(
    `SELECT size_bytes, expires_at FROM renders WHERE team_id = ?
     UNION ALL SELECT document_bytes, document_expires_at FROM print_jobs WHERE team_id = ? AND document_bytes IS NOT NULL
     ORDER BY expires_at`,
  );

  return {
    /** Bytes of the team's kept outputs and reprint documents, expired ones the sweep has not deleted yet included. */
    used(teamId: string): number {
      return selectUsed.get(teamId)?.bytes ?? 0;
    },

    /** When enough of the team's outputs and reprint documents will have expired to free `bytes` (epoch ms); undefined if all of them together do not. */
    freedBy(teamId: string, bytes: number): number | undefined {
      let freed = 0;
      for (const row of selectByExpiry.iterate(teamId, teamId)) {
        freed += row.size_bytes;
        if (freed >= bytes) return row.expires_at;
      }
      return undefined;
    },
  };
}

export type StorageQueries = ReturnType<typeof storageQueries>;
