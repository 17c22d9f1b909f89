// Queries of the printers table: create, read, list by team, update, remove; the kind's own fields checked by zod (printerFields).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ZplDpi } from '@shared/render/outputFormats';
import type { ZplFontMode } from '@shared/emit/zpl/zplFontDownloads';
import type { MediaSensing, MediaType, PrintMode } from '@shared/emit/zpl/zplPrinterSettings';
import { newPrinterSchema, printerConnectionSchema, type NewPrinter, type PrinterRecord } from './printerFields';
import type { Executor, PrinterRow } from '../schema';

function toPrinter(row: PrinterRow): PrinterRecord {
  const parsed = printerConnectionSchema.safeParse({ ...(JSON.parse(row.connection) as object), kind: row.kind });
  // Only this module writes the table: a connection that does not parse was edited by hand, and guessing would hide it.
  if (!parsed.success) throw new Error(`the stored printer ${row.id} is not valid: ${z.prettifyError(parsed.error)}`);
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    connection: parsed.data,
    // The column's CHECK constraint admits only these resolutions.
    dpi: row.dpi as ZplDpi,
    media:
      row.media_width !== null && row.media_height !== null
        ? { width: row.media_width, height: row.media_height }
        : null,
    darkness: row.darkness,
    speed: row.speed,
    timeZone: row.time_zone,
    allowConfigCommands: row.allow_config_commands === 1,
    unprintableMargin: row.unprintable_margin,
    // The column's CHECK constraint admits only the modes.
    fonts: row.fonts as ZplFontMode,
    // The columns' CHECK constraints admit only the modes.
    mediaType: row.media_type as MediaType | null,
    printMode: row.print_mode as PrintMode | null,
    mediaSensing: row.media_sensing as MediaSensing | null,
    topOffset: row.top_offset,
    leftOffset: row.left_offset,
    createdAt: row.created_at,
  };
}

/** The row of a printer, validated (throws a ZodError naming each problem). */
function toRow(id: string, printer: NewPrinter, createdAt: number): PrinterRow {
  const { connection, ...fields } = newPrinterSchema.parse(printer);
  const { kind, ...kindFields } = connection;
  return {
    id,
    team_id: fields.teamId,
    name: fields.name,
    kind,
    connection: JSON.stringify(kindFields),
    dpi: fields.dpi,
    media_width: fields.media?.width ?? null,
    media_height: fields.media?.height ?? null,
    darkness: fields.darkness,
    speed: fields.speed,
    time_zone: fields.timeZone,
    allow_config_commands: fields.allowConfigCommands ? 1 : 0,
    unprintable_margin: fields.unprintableMargin,
    fonts: fields.fonts,
    media_type: fields.mediaType,
    print_mode: fields.printMode,
    media_sensing: fields.mediaSensing,
    top_offset: fields.topOffset,
    left_offset: fields.leftOffset,
    created_at: createdAt,
  };
}

export function printerQueries(db: Executor, now: () => number) {
  const get = async (id: string): Promise<PrinterRecord | undefined> => {
    const row = await db.selectFrom('printers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toPrinter(row);
  };

  return {
    /** Validates the printer (throws a ZodError naming each problem) and stores it. */
    async create(printer: NewPrinter): Promise<PrinterRecord> {
      const row = toRow(randomUUID(), printer, now());
      await db.insertInto('printers').values(row).execute();
      return toPrinter(row);
    },

    /** Replaces every field but the id, team and creation time (validated as create does); undefined when the team has no such printer. */
    async update(id: string, printer: NewPrinter): Promise<PrinterRecord | undefined> {
      const existing = await get(id);
      if (existing?.teamId !== printer.teamId) return undefined;
      // A caller that does not speak of a later setting (the time zone, config commands, margin, fonts or media
      // handling: an older client, the editor's form for config commands) keeps what was set before.
      const kept = <K extends keyof NewPrinter & keyof PrinterRecord>(field: K) =>
        printer[field] === undefined ? existing[field] : printer[field];
      const row = toRow(
        id,
        {
          ...printer,
          timeZone: kept('timeZone'),
          allowConfigCommands: kept('allowConfigCommands'),
          unprintableMargin: kept('unprintableMargin'),
          fonts: kept('fonts'),
          mediaType: kept('mediaType'),
          printMode: kept('printMode'),
          mediaSensing: kept('mediaSensing'),
          topOffset: kept('topOffset'),
          leftOffset: kept('leftOffset'),
        },
        existing.createdAt,
      );
      const {
        name,
        kind,
        connection,
        dpi,
        media_width,
        media_height,
        darkness,
        speed,
        time_zone,
        allow_config_commands,
        unprintable_margin,
        fonts,
      } = row;
      const { media_type, print_mode, media_sensing, top_offset, left_offset } = row;
      await db
        .updateTable('printers')
        .set({
          name,
          kind,
          connection,
          dpi,
          media_width,
          media_height,
          darkness,
          speed,
          time_zone,
          allow_config_commands,
          unprintable_margin,
          fonts,
        })
        .set({ media_type, print_mode, media_sensing, top_offset, left_offset })
        .where('id', '=', id)
        .where('team_id', '=', row.team_id)
        .execute();
      return toPrinter(row);
    },

    get,

    async list(teamId: string): Promise<PrinterRecord[]> {
      return (
        await db
          .selectFrom('printers')
          .selectAll()
          .where('team_id', '=', teamId)
          .orderBy('created_at')
          .orderBy(sql`rowid`)
          .execute()
      ).map(toPrinter);
    },

    /** The removed printer, or undefined when there was none with this id. */
    async remove(id: string): Promise<PrinterRecord | undefined> {
      const printer = await get(id);
      if (printer) await db.deleteFrom('printers').where('id', '=', id).execute();
      return printer;
    },
  };
}

export type PrinterQueries = ReturnType<typeof printerQueries>;
