// Prepared statements of the renders table (downloadable outputs) and of expired_renders (tombstones for 410 vs 404).
import type Database from 'better-sqlite3';
import type { OutputFormat } from '../../../src-shared/render/outputFormats';
import type { KeyMode, RenderRecord } from '../storeTypes';

interface RenderRow {
  id: string;
  team_id: string;
  api_key_id: string | null;
  mode: string;
  format: string;
  content_type: string;
  size_bytes: number;
  render_time_ms: number;
  file_name: string;
  created_at: number;
  expires_at: number;
}

function toRender(row: RenderRow): RenderRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    apiKeyId: row.api_key_id,
    // The columns' CHECK constraints admit only these values.
    mode: row.mode as KeyMode,
    format: row.format as OutputFormat,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    renderTimeMs: row.render_time_ms,
    fileName: row.file_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

function toRow(render: RenderRecord): RenderRow {
  return {
    id: render.id,
    team_id: render.teamId,
    api_key_id: render.apiKeyId,
    mode: render.mode,
    format: render.format,
    content_type: render.contentType,
    size_bytes: render.sizeBytes,
    render_time_ms: render.renderTimeMs,
    file_name: render.fileName,
    created_at: render.createdAt,
    expires_at: render.expiresAt,
  };
}

/** What a download request for an id finds; `expired` carries the team so another team's id can still be a 404. */
export type RenderLookup = { state: 'ready'; render: RenderRecord } | { state: 'expired'; teamId: string } | undefined;

export function renderQueries(db: Database.Database, now: () => number) {
  const insert = db.prepare<[RenderRow]>(
    `INSERT INTO renders (id, team_id, api_key_id, mode, format, content_type, size_bytes, render_time_ms, file_name, created_at, expires_at)
     VALUES (@id, @team_id, @api_key_id, @mode, @format, @content_type, @size_bytes, @render_time_ms, @file_name, @created_at, @expires_at)`,
  );
  const selectOne = db.prepare<[string], RenderRow>('SELECT * FROM renders WHERE id = ?');
  const selectExpired = db.prepare<[number], RenderRow>('SELECT * FROM renders WHERE expires_at <= ? ORDER BY expires_at');
  const selectFiles = db.prepare<[], { id: string; file_name: string }>('SELECT id, file_name FROM renders');
  const deleteOne = db.prepare<[string]>('DELETE FROM renders WHERE id = ?');
  const insertTombstone = db.prepare<[{ id: string; team_id: string; expired_at: number }]>(
    'INSERT OR IGNORE INTO expired_renders (id, team_id, expired_at) VALUES (@id, @team_id, @expired_at)',
  );
  const selectTombstone = db.prepare<[string], { team_id: string }>('SELECT team_id FROM expired_renders WHERE id = ?');
  const deleteTombstones = db.prepare<[number]>('DELETE FROM expired_renders WHERE expired_at < ?');

  const get = (id: string): RenderRecord | undefined => {
    const row = selectOne.get(id);
    return row && toRender(row);
  };

  return {
    insert(render: RenderRecord): void {
      insert.run(toRow(render));
    },

    get,

    /** A row past its expiry that the purge has not reached yet is already expired. */
    lookup(id: string, at: number = now()): RenderLookup {
      const render = get(id);
      if (render) return render.expiresAt > at ? { state: 'ready', render } : { state: 'expired', teamId: render.teamId };
      const tombstone = selectTombstone.get(id);
      return tombstone && { state: 'expired', teamId: tombstone.team_id };
    },

    listExpired(at: number = now()): RenderRecord[] {
      return selectExpired.all(at).map(toRender);
    },

    /** Every row's output file, for the orphan sweep. */
    listFiles(): { id: string; fileName: string }[] {
      return selectFiles.all().map((row) => ({ id: row.id, fileName: row.file_name }));
    },

    /** Removes the row and leaves a tombstone; run inside a transaction with the other expiries of a purge. */
    expire(render: RenderRecord, at: number = now()): void {
      insertTombstone.run({ id: render.id, team_id: render.teamId, expired_at: at });
      deleteOne.run(render.id);
    },

    /** Removes the row without a tombstone (its output is lost, not expired). */
    delete(id: string): void {
      deleteOne.run(id);
    },

    /** Forgets tombstones older than `before`: such ids then answer 404 like unknown ones. */
    forgetExpiredBefore(before: number): number {
      return deleteTombstones.run(before).changes;
    },
  };
}

export type RenderQueries = ReturnType<typeof renderQueries>;
