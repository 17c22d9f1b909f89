// Prepared statements of the images table: the team's shared image library (names unique per team, the bytes in the row).
import type Database from 'better-sqlite3';
import { ConflictError } from '../../../src-shared/api/apiErrors';
import type { LibraryImageType } from '../../../src-shared/api/images';

/** An image's metadata, as listed: no bytes. */
export interface ImageInfo {
  teamId: string;
  name: string;
  type: LibraryImageType;
  sizeBytes: number;
  pixelWidth: number;
  pixelHeight: number;
  createdAt: number;
  updatedAt: number;
}

export interface ImageRecord extends ImageInfo {
  /** The bytes as uploaded. */
  data: Buffer;
  /** What renders draw: the upload itself for PNG and JPEG, the PNG made from an SVG. */
  drawn: { mime: 'image/png' | 'image/jpeg'; bytes: Buffer };
}

/** A checked upload: its bytes, type, and for an SVG the raster renders draw. */
export interface ImageContent {
  type: LibraryImageType;
  data: Buffer;
  raster: Buffer | null;
  pixelWidth: number;
  pixelHeight: number;
}

interface ImageRow {
  team_id: string;
  name: string;
  type: LibraryImageType;
  data: Buffer;
  raster: Buffer | null;
  size_bytes: number;
  pixel_width: number;
  pixel_height: number;
  created_at: number;
  updated_at: number;
}

type InfoRow = Omit<ImageRow, 'data' | 'raster'>;

const INFO_COLUMNS = 'team_id, name, type, size_bytes, pixel_width, pixel_height, created_at, updated_at';

/** A name the team uses already: 409. */
export function imageNameTaken(name: string): ConflictError {
  return new ConflictError(`an image named "${name}" exists already: replace it with PUT, or choose another name`);
}

function toInfo(row: InfoRow): ImageInfo {
  return {
    teamId: row.team_id,
    name: row.name,
    type: row.type,
    sizeBytes: row.size_bytes,
    pixelWidth: row.pixel_width,
    pixelHeight: row.pixel_height,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRecord(row: ImageRow): ImageRecord {
  const drawn = row.raster === null ? { mime: row.type === 'png' ? ('image/png' as const) : ('image/jpeg' as const), bytes: row.data } : { mime: 'image/png' as const, bytes: row.raster };
  return { ...toInfo(row), data: row.data, drawn };
}

export function imageQueries(db: Database.Database, now: () => number) {
  const insert = db.prepare<[ImageRow]>(
    `INSERT INTO images (team_id, name, type, data, raster, size_bytes, pixel_width, pixel_height, created_at, updated_at)
     VALUES (@team_id, @name, @type, @data, @raster, @size_bytes, @pixel_width, @pixel_height, @created_at, @updated_at)`,
  );
  const update = db.prepare<[Omit<ImageRow, 'created_at'>]>(
    `UPDATE images SET type = @type, data = @data, raster = @raster, size_bytes = @size_bytes, pixel_width = @pixel_width,
     pixel_height = @pixel_height, updated_at = @updated_at WHERE team_id = @team_id AND name = @name`,
  );
  const selectOne = db.prepare<[string, string], ImageRow>('SELECT * FROM images WHERE team_id = ? AND name = ?');
  const selectInfo = db.prepare<[string, string], InfoRow>(`SELECT ${INFO_COLUMNS} FROM images WHERE team_id = ? AND name = ?`);
  const selectAll = db.prepare<[string], InfoRow>(`SELECT ${INFO_COLUMNS} FROM images WHERE team_id = ? ORDER BY name`);
  const countTeam = db.prepare<[string], { count: number }>('SELECT COUNT(*) AS count FROM images WHERE team_id = ?');
  const deleteOne = db.prepare<[string, string]>('DELETE FROM images WHERE team_id = ? AND name = ?');

  const row = (teamId: string, name: string, content: ImageContent, at: number): ImageRow => ({
    team_id: teamId,
    name,
    type: content.type,
    data: content.data,
    raster: content.raster,
    size_bytes: content.data.length,
    pixel_width: content.pixelWidth,
    pixel_height: content.pixelHeight,
    created_at: at,
    updated_at: at,
  });

  return {
    /**
     * Adds an image under a new name (a valid slug). A taken name is a ConflictError; past `maxImages` the team's
     * library is full (checked in the same transaction, so two uploads cannot both take the last place).
     */
    create(teamId: string, name: string, content: ImageContent, maxImages: number): ImageInfo {
      return db
        .transaction(() => {
          if (selectInfo.get(teamId, name)) throw imageNameTaken(name);
          const count = countTeam.get(teamId)?.count ?? 0;
          if (count >= maxImages) throw new ConflictError(`the image library holds ${count} images, the most a team keeps: delete one first`);
          const added = row(teamId, name, content, now());
          insert.run(added);
          return toInfo(added);
        })
        .immediate();
    },

    /** Puts new bytes under an existing name; undefined when the team has no image of that name. */
    replace(teamId: string, name: string, content: ImageContent): ImageInfo | undefined {
      const { team_id, type, data, raster, size_bytes, pixel_width, pixel_height, updated_at } = row(teamId, name, content, now());
      if (update.run({ team_id, name, type, data, raster, size_bytes, pixel_width, pixel_height, updated_at }).changes === 0) return undefined;
      const info = selectInfo.get(teamId, name);
      return info && toInfo(info);
    },

    get(teamId: string, name: string): ImageRecord | undefined {
      const found = selectOne.get(teamId, name);
      return found && toRecord(found);
    },

    /** The metadata alone, without reading the bytes. */
    info(teamId: string, name: string): ImageInfo | undefined {
      const found = selectInfo.get(teamId, name);
      return found && toInfo(found);
    },

    list(teamId: string): ImageInfo[] {
      return selectAll.all(teamId).map(toInfo);
    },

    /** True when the image was there. */
    remove(teamId: string, name: string): boolean {
      return deleteOne.run(teamId, name).changes > 0;
    },
  };
}

export type ImageQueries = ReturnType<typeof imageQueries>;
