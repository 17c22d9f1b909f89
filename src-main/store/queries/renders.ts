// Queries of the renders table (downloadable outputs) and of expired_renders (tombstones for 410 vs 404).
import type { OutputFormat } from '@shared/render/outputFormats';
import { precompiled } from '../precompiled';
import type { Executor, RenderRow } from '../schema';
import type { KeyMode, RenderRecord } from '../storeTypes';

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

/** The request path's statement (see precompiled): a kept output's row. */
const insertRender = precompiled<keyof RenderRow, never>((db, value) =>
  db.insertInto('renders').values({
    id: value('id'),
    team_id: value('team_id'),
    api_key_id: value('api_key_id'),
    mode: value('mode'),
    format: value('format'),
    content_type: value('content_type'),
    size_bytes: value('size_bytes'),
    render_time_ms: value('render_time_ms'),
    file_name: value('file_name'),
    created_at: value('created_at'),
    expires_at: value('expires_at'),
  }),
);

/** What a download request for an id finds; `expired` carries the team so another team's id can still be a 404. */
export type RenderLookup = { state: 'ready'; render: RenderRecord } | { state: 'expired'; teamId: string } | undefined;

export function renderQueries(db: Executor, now: () => number) {
  const get = async (id: string): Promise<RenderRecord | undefined> => {
    const row = await db.selectFrom('renders').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRender(row);
  };
  const deleteOne = async (id: string): Promise<void> => {
    await db.deleteFrom('renders').where('id', '=', id).execute();
  };

  return {
    async insert(render: RenderRecord): Promise<void> {
      await insertRender.execute(db, toRow(render));
    },

    get,

    /** A row past its expiry that the purge has not reached yet is already expired. */
    async lookup(id: string, at: number = now()): Promise<RenderLookup> {
      const render = await get(id);
      if (render)
        return render.expiresAt > at ? { state: 'ready', render } : { state: 'expired', teamId: render.teamId };
      const tombstone = await db
        .selectFrom('expired_renders')
        .select('team_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return tombstone && { state: 'expired', teamId: tombstone.team_id };
    },

    async listExpired(at: number = now()): Promise<RenderRecord[]> {
      // One order for every node: purges running at once lock the rows in the same order, so they wait rather than deadlock.
      return (
        await db
          .selectFrom('renders')
          .selectAll()
          .where('expires_at', '<=', at)
          .orderBy('expires_at')
          .orderBy('id')
          .execute()
      ).map(toRender);
    },

    /** Every row's output file, for the orphan sweep. */
    async listFiles(): Promise<{ id: string; fileName: string }[]> {
      return (await db.selectFrom('renders').select(['id', 'file_name']).execute()).map((row) => ({
        id: row.id,
        fileName: row.file_name,
      }));
    },

    /** Which of `fileNames` a row points at, for the orphan sweep's pages. */
    async referencedFiles(fileNames: readonly string[]): Promise<Set<string>> {
      if (fileNames.length === 0) return new Set();
      const rows = await db.selectFrom('renders').select('file_name').where('file_name', 'in', fileNames).execute();
      return new Set(rows.map((row) => row.file_name));
    },

    /**
     * Removes the row and leaves a tombstone; run inside a transaction with the other expiries of a purge. True when
     * this call removed the row: of several nodes purging at once, only that one removes the output.
     */
    async expire(render: RenderRecord, at: number = now()): Promise<boolean> {
      await db
        .insertInto('expired_renders')
        .values({ id: render.id, team_id: render.teamId, expired_at: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const deleted = await db.deleteFrom('renders').where('id', '=', render.id).executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },

    /** Removes the row without a tombstone (its output is lost, not expired). */
    delete: deleteOne,

    /** Forgets tombstones older than `before`: such ids then answer 404 like unknown ones. */
    async forgetExpiredBefore(before: number): Promise<number> {
      return Number(
        (await db.deleteFrom('expired_renders').where('expired_at', '<', before).executeTakeFirst()).numDeletedRows,
      );
    },
  };
}

export type RenderQueries = ReturnType<typeof renderQueries>;
