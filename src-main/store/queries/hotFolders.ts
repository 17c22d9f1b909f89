// Queries of the hot_folders table: the folders the server watches (folder, team, printer, template, enabled): create, read, change, list, remove.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Executor, HotFolderRow } from '../schema';

export const newHotFolderSchema = z.object({
  teamId: z.string().min(1),
  /** An absolute path, as the folder's real path: claims of its files are recorded under it. */
  folder: z.string().min(1).startsWith('/', { error: 'must be an absolute path' }),
  printerId: z.string().min(1),
  templateSlug: z.string().trim().min(1).max(200).nullable().default(null),
  enabled: z.boolean().default(true),
});
export type NewHotFolder = z.input<typeof newHotFolderSchema>;

export interface HotFolderRecord {
  id: string;
  teamId: string;
  folder: string;
  printerId: string;
  templateSlug: string | null;
  enabled: boolean;
  createdAt: number;
}

function toHotFolder(row: HotFolderRow): HotFolderRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    folder: row.folder,
    printerId: row.printer_id,
    templateSlug: row.template_slug,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
  };
}

export function hotFolderQueries(db: Executor, now: () => number) {
  const get = async (id: string): Promise<HotFolderRecord | undefined> => {
    const row = await db.selectFrom('hot_folders').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toHotFolder(row);
  };
  const ordered = () =>
    db
      .selectFrom('hot_folders')
      .selectAll()
      .orderBy('created_at')
      .orderBy(sql`rowid`);
  /** Validates it (throws a ZodError naming each problem) as the columns hold it. */
  const columns = (hotFolder: NewHotFolder) => {
    const fields = newHotFolderSchema.parse(hotFolder);
    return {
      team_id: fields.teamId,
      folder: fields.folder,
      printer_id: fields.printerId,
      template_slug: fields.templateSlug,
      enabled: fields.enabled ? 1 : 0,
    };
  };

  return {
    async create(hotFolder: NewHotFolder): Promise<HotFolderRecord> {
      const row: HotFolderRow = { id: randomUUID(), ...columns(hotFolder), created_at: now() };
      await db.insertInto('hot_folders').values(row).execute();
      return toHotFolder(row);
    },

    get,

    /** The configuration of this folder (its real path), whichever team's. */
    async ofFolder(folder: string): Promise<HotFolderRecord | undefined> {
      const row = await db.selectFrom('hot_folders').selectAll().where('folder', '=', folder).executeTakeFirst();
      return row && toHotFolder(row);
    },

    /** Replaces every field but its id and creation time; undefined when there is none with this id. */
    async update(id: string, hotFolder: NewHotFolder): Promise<HotFolderRecord | undefined> {
      await db.updateTable('hot_folders').set(columns(hotFolder)).where('id', '=', id).execute();
      return get(id);
    },

    async list(teamId: string): Promise<HotFolderRecord[]> {
      return (await ordered().where('team_id', '=', teamId).execute()).map(toHotFolder);
    },

    /** Every team's enabled ones: what the server watches. */
    async listEnabled(): Promise<HotFolderRecord[]> {
      return (await ordered().where('enabled', '=', 1).execute()).map(toHotFolder);
    },

    /** The removed configuration, or undefined when there was none with this id. Its files' claims stay. */
    async remove(id: string): Promise<HotFolderRecord | undefined> {
      const hotFolder = await get(id);
      if (hotFolder) await db.deleteFrom('hot_folders').where('id', '=', id).execute();
      return hotFolder;
    },
  };
}

export type HotFolderQueries = ReturnType<typeof hotFolderQueries>;
