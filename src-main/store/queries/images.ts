// Queries of the images table: the team's shared image library (names unique per team, the bytes in the row).
import { ConflictError } from '@shared/api/apiErrors';
import type { LibraryImageType } from '@shared/api/images';
import { atomically, type Executor, type ImageRow } from '../schema';
import { lockTeamForBudget } from './teams';

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

type InfoRow = Omit<ImageRow, 'data' | 'raster'>;

const INFO_COLUMNS = [
  'team_id',
  'name',
  'type',
  'size_bytes',
  'pixel_width',
  'pixel_height',
  'created_at',
  'updated_at',
] as const;

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

/** What renders draw of an image: an SVG's raster is a PNG, PNG and JPEG are drawn as uploaded. */
function drawnImage(type: LibraryImageType, bytes: Buffer): ImageRecord['drawn'] {
  return { mime: type === 'jpeg' ? 'image/jpeg' : 'image/png', bytes };
}

function toRecord(row: ImageRow): ImageRecord {
  return { ...toInfo(row), data: row.data, drawn: drawnImage(row.type, row.raster ?? row.data) };
}

function imageRow(teamId: string, name: string, content: ImageContent, at: number): ImageRow {
  return {
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
  };
}

export function imageQueries(db: Executor, now: () => number) {
  const info = async (teamId: string, name: string): Promise<ImageInfo | undefined> => {
    const found = await db
      .selectFrom('images')
      .select(INFO_COLUMNS)
      .where('team_id', '=', teamId)
      .where('name', '=', name)
      .executeTakeFirst();
    return found && toInfo(found);
  };

  return {
    /**
     * Adds an image under a new name (a valid slug). A taken name is a ConflictError, also when another node takes it
     * at the same moment (the insert yields to the primary key). Past `maxImages` the team's library is full: counted
     * after the insert in the same transaction, which rolls back. The team's row is locked first, so two nodes'
     * simultaneous uploads count in turn and cannot both take the last place.
     */
    create(teamId: string, name: string, content: ImageContent, maxImages: number): Promise<ImageInfo> {
      return atomically(db, async (trx) => {
        await lockTeamForBudget(trx, teamId);
        const added = imageRow(teamId, name, content, now());
        const inserted = await trx
          .insertInto('images')
          .values(added)
          .onConflict((oc) => oc.columns(['team_id', 'name']).doNothing())
          .returning('name')
          .executeTakeFirst();
        if (!inserted) throw imageNameTaken(name);
        const { count } = await trx
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('team_id', '=', teamId)
          .executeTakeFirstOrThrow();
        const before = Number(count) - 1;
        if (before >= maxImages)
          throw new ConflictError(`the image library holds ${before} images, the most a team keeps: delete one first`);
        return toInfo(added);
      });
    },

    /** Puts new bytes under an existing name; undefined when the team has no image of that name. */
    async replace(teamId: string, name: string, content: ImageContent): Promise<ImageInfo | undefined> {
      const { type, data, raster, size_bytes, pixel_width, pixel_height, updated_at } = imageRow(
        teamId,
        name,
        content,
        now(),
      );
      const updated = await db
        .updateTable('images')
        .set({ type, data, raster, size_bytes, pixel_width, pixel_height, updated_at })
        .where('team_id', '=', teamId)
        .where('name', '=', name)
        .returning(INFO_COLUMNS)
        .executeTakeFirst();
      return updated && toInfo(updated);
    },

    async get(teamId: string, name: string): Promise<ImageRecord | undefined> {
      const found = await db
        .selectFrom('images')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('name', '=', name)
        .executeTakeFirst();
      return found && toRecord(found);
    },

    /** The metadata alone, without reading the bytes. */
    info,

    /** What renders draw, reading only those bytes (an SVG's upload stays on disk). */
    async drawn(teamId: string, name: string): Promise<ImageRecord['drawn'] | undefined> {
      const found = await db
        .selectFrom('images')
        .select((eb) => ['type', eb.fn.coalesce('raster', 'data').as('bytes')])
        .where('team_id', '=', teamId)
        .where('name', '=', name)
        .executeTakeFirst();
      return found && drawnImage(found.type, found.bytes);
    },

    async list(teamId: string): Promise<ImageInfo[]> {
      return (
        await db.selectFrom('images').select(INFO_COLUMNS).where('team_id', '=', teamId).orderBy('name').execute()
      ).map(toInfo);
    },

    /** True when the image was there. */
    async remove(teamId: string, name: string): Promise<boolean> {
      const result = await db
        .deleteFrom('images')
        .where('team_id', '=', teamId)
        .where('name', '=', name)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ImageQueries = ReturnType<typeof imageQueries>;
