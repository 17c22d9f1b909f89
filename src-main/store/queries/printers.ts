// Queries of the printers table: create, read, list by team, update, remove; the kind's own fields checked by zod.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { ZPL_DPIS, type ZplDpi } from '../../../src-shared/render/outputFormats';
import { ZPL_FONT_MODES, type ZplFontMode } from '../../../src-shared/emit/zpl/zplFontDownloads';
import { timeZoneSchema } from '../../../src-shared/expr/timeZoneName';
import { parseLength, toPoints } from '../../../src-shared/units/length';
import type { Executor, PrinterRow } from '../schema';

export const PRINTER_KINDS = ['raw', 'system', 'device'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];
export const DEFAULT_RAW_PORT = 9100;

/** Values that end up as arguments of other programs (lp) or in file names must not read as options. */
const notAnOption = (what: string) => z.string().trim().min(1, { message: 'must not be empty' }).refine((text) => !text.startsWith('-'), { message: `${what} must not start with "-"` });

/** A host name or an IPv4/IPv6 address: letters, digits and . - : _ only, so nothing else can ride along. */
const hostSchema = notAnOption('a host').pipe(z.string().max(253).regex(/^[A-Za-z0-9.:_-]+$/, { message: 'must be a host name or an IP address' }));

/** The fields of each kind: how the printer is reached. */
export const printerConnectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('raw'), host: hostSchema, port: z.number().int().min(1).max(65535) }),
  z.strictObject({
    kind: z.literal('system'),
    // CUPS queue names: printable characters except space, tab, "/", "\\", "#", quotes.
    queue: notAnOption('a queue name').pipe(z.string().max(127).regex(/^[^\s/\\#'"]+$/, { message: 'must be a CUPS queue name (no spaces, "/", "\\", "#" or quotes)' })),
    /** The queue passes bytes to the printer untouched: send ZPL (lp -o raw) rather than PDF. */
    rawQueue: z.boolean(),
  }),
  z.strictObject({ kind: z.literal('device'), path: z.string().refine((path) => path.startsWith('/'), { message: 'must be an absolute path such as /dev/usb/lp0' }) }),
]);
export type PrinterConnection = z.infer<typeof printerConnectionSchema>;

const lengthSchema = z.string().refine((text) => (parseLength(text)?.value ?? 0) > 0, { message: 'must be a positive length with a unit, e.g. "4in" or "100mm"' });
export const mediaSizeSchema = z.strictObject({ width: lengthSchema, height: lengthSchema });
export type MediaSize = z.infer<typeof mediaSizeSchema>;

export const dpiSchema = z.literal(ZPL_DPIS, { error: `must be one of ${ZPL_DPIS.join(', ')}` });
export const darknessSchema = z.number().int().min(0).max(30);
/** The edge a printer cannot print on, the same at every side; an inch is far more than any label printer leaves. */
export const unprintableMarginSchema = lengthSchema.refine((text) => toPoints(text) <= 72, { message: 'must be at most 1in' });
export const speedSchema = z.number().int().min(2).max(14);
export const printerFontsSchema = z.enum(ZPL_FONT_MODES, { error: `must be one of ${ZPL_FONT_MODES.join(', ')}` });

/** What `printer add` gives: the connection and the settings that ZPL sets (null: leave the printer's own). */
export const newPrinterSchema = z.object({
  teamId: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  connection: printerConnectionSchema,
  dpi: dpiSchema,
  media: mediaSizeSchema.nullable(),
  darkness: darknessSchema.nullable(),
  speed: speedSchema.nullable(),
  /** The IANA zone now() and formatDate use on this printer's labels, stored by its canonical name; null: UTC. */
  timeZone: timeZoneSchema.nullable().default(null),
  /** Raw ZPL sent to it may hold configuration commands (RAW_ZPL_CONFIG_COMMANDS); default false: refused. */
  allowConfigCommands: z.boolean().default(false),
  /** What it cannot print at the label's edges (design warnings flag elements there); null: it prints to the edges. */
  unprintableMargin: unprintableMarginSchema.nullable().default(null),
  /** Texts in the template's fonts: 'graphic' (default) draws them; 'download' sends the fonts with each job (~DY, ^A@). */
  fonts: printerFontsSchema.default('graphic'),
});
export type NewPrinter = z.input<typeof newPrinterSchema>;

export interface PrinterRecord {
  id: string;
  teamId: string;
  name: string;
  connection: PrinterConnection;
  dpi: ZplDpi;
  media: MediaSize | null;
  darkness: number | null;
  speed: number | null;
  /** IANA time zone of now() and formatDate on this printer's labels (RenderJob.timeZone); null: UTC. */
  timeZone: string | null;
  allowConfigCommands: boolean;
  /** A length at every edge ("1mm"), or null: none. */
  unprintableMargin: string | null;
  /** How its ZPL prints texts in the template's fonts (RenderJob.zplFonts). */
  fonts: ZplFontMode;
  createdAt: number;
}

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
    media: row.media_width !== null && row.media_height !== null ? { width: row.media_width, height: row.media_height } : null,
    darkness: row.darkness,
    speed: row.speed,
    timeZone: row.time_zone,
    allowConfigCommands: row.allow_config_commands === 1,
    unprintableMargin: row.unprintable_margin,
    // The column's CHECK constraint admits only the modes.
    fonts: row.fonts as ZplFontMode,
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
      // A caller that does not speak of the time zone, config commands, margin or fonts (the editor's form) keeps what was set before.
      const row = toRow(
        id,
        {
          ...printer,
          timeZone: printer.timeZone === undefined ? existing.timeZone : printer.timeZone,
          allowConfigCommands: printer.allowConfigCommands ?? existing.allowConfigCommands,
          unprintableMargin: printer.unprintableMargin === undefined ? existing.unprintableMargin : printer.unprintableMargin,
          fonts: printer.fonts ?? existing.fonts,
        },
        existing.createdAt,
      );
      const { name, kind, connection, dpi, media_width, media_height, darkness, speed, time_zone, allow_config_commands, unprintable_margin, fonts } = row;
      await db
        .updateTable('printers')
        .set({ name, kind, connection, dpi, media_width, media_height, darkness, speed, time_zone, allow_config_commands, unprintable_margin, fonts })
        .where('id', '=', id)
        .where('team_id', '=', row.team_id)
        .execute();
      return toPrinter(row);
    },

    get,

    async list(teamId: string): Promise<PrinterRecord[]> {
      return (await db.selectFrom('printers').selectAll().where('team_id', '=', teamId).orderBy('created_at').orderBy(sql`rowid`).execute()).map(toPrinter);
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
