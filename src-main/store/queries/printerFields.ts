// A printer's fields as zod checks them, and its record: for the printers table's queries, the CLI and the API, without the query builder (a CLI usage error answers before the store is loaded).
import { z } from 'zod';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { ZPL_DPIS } from '@shared/render/outputFormats';
import { ZPL_FONT_MODES } from '@shared/emit/zpl/zplFontDownloads';
import {
  lengthInDots,
  MEDIA_SENSING_MODES,
  MEDIA_TYPES,
  PRINT_MODES,
  ZPL_LABEL_SHIFT_MAX_DOTS,
  ZPL_LABEL_TOP_MAX_DOTS,
} from '@shared/emit/zpl/zplPrinterSettings';
import { timeZoneSchema } from '@shared/expr/timeZoneName';
import { parseLength, toPoints } from '@shared/units/length';

export const PRINTER_KINDS = ['raw', 'system', 'device'] as const;
export const DEFAULT_RAW_PORT = 9100;

/** Values that end up as arguments of other programs (lp) or in file names must not read as options. */
const notAnOption = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .refine((text) => !text.startsWith('-'), { message: `${what} must not start with "-"` });

/** A host name or an IPv4/IPv6 address: letters, digits and . - : _ only, so nothing else can ride along. */
const hostSchema = notAnOption('a host').pipe(
  z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.:_-]+$/, { message: 'must be a host name or an IP address' }),
);

/** The fields of each kind: how the printer is reached. */
export const printerConnectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('raw'), host: hostSchema, port: wholeNumberFrom('The port', 1, 65535) }),
  z.strictObject({
    kind: z.literal('system'),
    // CUPS queue names: printable characters except space, tab, "/", "\\", "#", quotes.
    queue: notAnOption('a queue name').pipe(
      z
        .string()
        .max(127)
        .regex(/^[^\s/\\#'"]+$/, { message: 'must be a CUPS queue name (no spaces, "/", "\\", "#" or quotes)' }),
    ),
    /** The queue passes bytes to the printer untouched: send ZPL (lp -o raw) rather than PDF. */
    rawQueue: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('device'),
    path: z
      .string()
      .refine((path) => path.startsWith('/'), { message: 'must be an absolute path such as /dev/usb/lp0' }),
  }),
]);
export type PrinterConnection = z.infer<typeof printerConnectionSchema>;

const lengthSchema = z.string().refine((text) => (parseLength(text)?.value ?? 0) > 0, {
  message: 'must be a positive length with a unit, e.g. "4in" or "100mm"',
});
export const mediaSizeSchema = z.strictObject({ width: lengthSchema, height: lengthSchema });

export const dpiSchema = z.literal(ZPL_DPIS, { error: `must be one of ${ZPL_DPIS.join(', ')}` });
/** A whole number in a range, refused in words a person uses: "Darkness goes from 0 to 30", not zod's "Too big: expected number to be <=30". */
function wholeNumberFrom(what: string, min: number, max: number, unit = '') {
  const range = `${what} goes from ${min} to ${max}${unit}`;
  return z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: range })
    .max(max, { error: range });
}

export const darknessSchema = wholeNumberFrom('Darkness', 0, 30);
/** The edge a printer cannot print on, the same at every side; an inch is far more than any label printer leaves. */
export const unprintableMarginSchema = lengthSchema.refine((text) => toPoints(text) <= 72, {
  message: 'must be at most 1in',
});
export const speedSchema = wholeNumberFrom('Speed', 2, 14, ' inches a second');
export const printerFontsSchema = z.enum(ZPL_FONT_MODES, { error: `must be one of ${ZPL_FONT_MODES.join(', ')}` });
export const mediaTypeSchema = z.enum(MEDIA_TYPES, { error: `must be one of ${MEDIA_TYPES.join(', ')}` });
export const printModeSchema = z.enum(PRINT_MODES, { error: `must be one of ${PRINT_MODES.join(', ')}` });
export const mediaSensingSchema = z.enum(MEDIA_SENSING_MODES, {
  error: `must be one of ${MEDIA_SENSING_MODES.join(', ')}`,
});
/** A label offset: a length with a unit and a sign; how far it may go depends on the resolution (offsetsInReach). */
export const offsetSchema = z.string().refine((text) => parseLength(text) !== undefined, {
  message: 'must be a length with a unit, e.g. "1mm" or "-0.5mm"',
});

/** A printer's media handling, sent with each job (^MT ^MM ^MN ^LT ^LS); each null or left out: the printer's own setting. */
export const mediaHandlingShape = {
  mediaType: mediaTypeSchema.nullable().default(null),
  printMode: printModeSchema.nullable().default(null),
  mediaSensing: mediaSensingSchema.nullable().default(null),
  topOffset: offsetSchema.nullable().default(null),
  leftOffset: offsetSchema.nullable().default(null),
};

/** ^LT takes at most 120 dot rows either way, ^LS 9999 dots: the offsets in dots at the printer's resolution. */
const OFFSET_REACH = {
  topOffset: { command: '^LT', maxDots: ZPL_LABEL_TOP_MAX_DOTS },
  leftOffset: { command: '^LS', maxDots: ZPL_LABEL_SHIFT_MAX_DOTS },
} as const;

/**
 * Refuses offsets past what ZPL can send at the printer's resolution, on the offset's own path (the store's schema and
 * the API's body both check it: the limit depends on the dpi next to it).
 */
export function offsetsInReach(
  printer: { dpi: number; topOffset?: string | null; leftOffset?: string | null },
  ctx: z.RefinementCtx,
): void {
  for (const field of ['topOffset', 'leftOffset'] as const) {
    const offset = printer[field];
    if (offset === undefined || offset === null || parseLength(offset) === undefined) continue;
    const { command, maxDots } = OFFSET_REACH[field];
    const dots = lengthInDots(offset, printer.dpi);
    if (Math.abs(dots) > maxDots) {
      const reach = `${((maxDots / printer.dpi) * 25.4).toFixed(1)}mm`;
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${offset} is ${Math.abs(dots)} dots at ${printer.dpi} dpi; ZPL's ${command} moves the label at most ${maxDots} dots (${reach}) either way`,
      });
    }
  }
}

/** What `printer add` gives: the connection and the settings that ZPL sets (null: leave the printer's own). */
export const newPrinterSchema = z
  .object({
    teamId: z.string().min(1),
    name: z.string().trim().min(1).max(200),
    connection: printerConnectionSchema,
    dpi: dpiSchema,
    media: mediaSizeSchema.nullable(),
    darkness: darknessSchema.nullable(),
    speed: speedSchema.nullable(),
    /** The IANA zone now() and formatDate use on this printer's labels, stored by its canonical name; null: UTC. */
    timeZone: timeZoneSchema.nullable().default(null),
    /** Raw ZPL sent to it may hold any command; default false: only the label-drawing commands of rawZplScan's allow-list. */
    allowConfigCommands: z.boolean().default(false),
    /** What it cannot print at the label's edges (design warnings flag elements there); null: it prints to the edges. */
    unprintableMargin: unprintableMarginSchema.nullable().default(null),
    /** Texts in the template's fonts: 'graphic' (default) draws them; 'download' sends the fonts with each job (~DY, ^A@). */
    fonts: printerFontsSchema.default('graphic'),
    ...mediaHandlingShape,
  })
  .superRefine(offsetsInReach);
export type NewPrinter = z.input<typeof newPrinterSchema>;

/**
 * A stored printer: what the editor is shown of it (EditorPrinter, which the editor's client checks) and what stays on the
 * server, its team and whether raw ZPL may configure it.
 */
export interface PrinterRecord extends EditorPrinter {
  teamId: string;
  allowConfigCommands: boolean;
}
