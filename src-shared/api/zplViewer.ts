// The Labelary-compatible ZPL viewer's vocabulary: its URL parameters, output kinds, rotation, the X-Warnings header and the JSON answer.
import { z } from 'zod';
import { BadRequestError } from '../errors';
import { ZPL_DPMM, type ZplDpmm, type ZplWarning } from '../read/zpl/zplField';

/** Largest label side accepted, in inches (Labelary's own bound): 15 in at 24 dpmm is 9,144 dots. */
export const ZPL_VIEWER_MAX_INCHES = 15;

/** What the viewer draws, chosen by the Accept header: one PNG, a PDF of every label, or the laid-out labels as JSON. */
export const ZPL_VIEW_FORMATS = ['png', 'pdf', 'json'] as const;
export type ZplViewFormat = (typeof ZPL_VIEW_FORMATS)[number];

export const ZPL_VIEW_CONTENT_TYPES: Record<ZplViewFormat, string> = {
  png: 'image/png',
  pdf: 'application/pdf',
  json: 'application/json',
};

/** X-Rotation: clockwise degrees applied to the drawn output (png and pdf). */
export const ZPL_ROTATIONS = [0, 90, 180, 270] as const;
export type ZplRotation = (typeof ZPL_ROTATIONS)[number];

/**
 * X-Quality: how PNG pixels are drawn. Bitonal (the default): every pixel a printer dot, black or white, 1-bit, as the
 * printer prints it; Grayscale: edges antialiased in 8-bit grey, for a screen.
 */
export const ZPL_QUALITIES = ['bitonal', 'grayscale'] as const;
export type ZplQuality = (typeof ZPL_QUALITIES)[number];

/** X-Quality's value, case-insensitively (absent: bitonal). */
export function parseQuality(header: string | undefined): ZplQuality {
  const text = (header ?? '').trim().toLowerCase();
  if (text === '') return 'bitonal';
  const quality = ZPL_QUALITIES.find((choice) => choice === text);
  if (quality === undefined)
    throw new BadRequestError(`X-Quality must be Bitonal or Grayscale, got ${JSON.stringify(header?.trim())}`);
  return quality;
}

/** X-Warnings is cut before it reaches this many bytes: common HTTP clients refuse answers with more than 16 KB of headers. */
export const X_WARNINGS_MAX_BYTES = 8_000;

export interface ZplLabelSize {
  dpmm: ZplDpmm;
  /** Label size in dots (inchesToDots). */
  widthDots: number;
  heightDots: number;
}

const DPMM_PATTERN = /^(\d+)dpmm$/;
const INCHES = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const SIZE_PATTERN = new RegExp(`^${INCHES}x${INCHES}$`);

/** The resolution printers of each density really have, in dots per inch: Labelary's images are sized by it (4 x 6 in at 8 dpmm: 812 x 1218). */
export const ZPL_NOMINAL_DPI: Record<ZplDpmm, number> = { 6: 152, 8: 203, 12: 300, 24: 600 };

/** Dots across `inches` at `dpmm`: inches × the nominal dpi, rounded down (a printer has no part dots). */
export function inchesToDots(inches: number, dpmm: ZplDpmm): number {
  return Math.floor(inches * ZPL_NOMINAL_DPI[dpmm] + 1e-9);
}

/** "8dpmm" and "4x6" (inches, decimals allowed) as a checked label size; BAD_REQUEST naming the part to fix. */
export function parseLabelSize(dpmmText: string, sizeText: string): ZplLabelSize {
  const dpmm = Number(DPMM_PATTERN.exec(dpmmText)?.[1]);
  if (!(ZPL_DPMM as readonly number[]).includes(dpmm)) {
    throw new BadRequestError(
      `the print density must be one of ${ZPL_DPMM.map((value) => `${value}dpmm`).join(', ')}, got ${JSON.stringify(dpmmText)}`,
    );
  }
  const match = SIZE_PATTERN.exec(sizeText);
  const [width, height] = [Number(match?.[1]), Number(match?.[2])];
  const bounded = (side: number) => side > 0 && side <= ZPL_VIEWER_MAX_INCHES;
  if (!match || !bounded(width) || !bounded(height)) {
    throw new BadRequestError(
      `the label size must be WIDTHxHEIGHT in inches, each above 0 and at most ${ZPL_VIEWER_MAX_INCHES} (e.g. 4x6), got ${JSON.stringify(sizeText)}`,
    );
  }
  const size = {
    dpmm: dpmm as ZplDpmm,
    widthDots: inchesToDots(width, dpmm as ZplDpmm),
    heightDots: inchesToDots(height, dpmm as ZplDpmm),
  };
  if (size.widthDots < 1 || size.heightDots < 1)
    throw new BadRequestError(`the label size ${sizeText} is less than one dot at ${dpmm}dpmm`);
  return size;
}

/** The label index of the URL (0-based, as Labelary's), or undefined for every label. */
export function parseLabelIndex(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,6}$/.test(text))
    throw new BadRequestError(`the label index must be a whole number from 0, got ${JSON.stringify(text)}`);
  return Number(text);
}

/** X-Rotation's value (absent: 0). */
export function parseRotation(header: string | undefined): ZplRotation {
  const text = (header ?? '').trim();
  if (text === '') return 0;
  const value = Number(text);
  if (!(ZPL_ROTATIONS as readonly number[]).includes(value))
    throw new BadRequestError(`X-Rotation must be one of ${ZPL_ROTATIONS.join(', ')}, got ${JSON.stringify(text)}`);
  return value as ZplRotation;
}

/** A header value keeps printable ASCII only, and "|" separates fields, so a message loses both. */
function headerField(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replaceAll('|', '/');
}

/**
 * Labelary's X-Warnings: five fields per warning, every field of every warning in one "|"-separated list: the byte
 * offset of the command in the body, its size in bytes, the command, the parameter number (empty: the whole command)
 * and the message. Warnings that would pass X_WARNINGS_MAX_BYTES are left out; the JSON answer has them all.
 */
export function xWarningsHeader(warnings: readonly ZplWarning[]): string {
  const parts: string[] = [];
  let bytes = 0;
  for (const warning of warnings) {
    // The reader reads one character a byte: its positions are byte offsets already.
    const fields = [
      String(warning.position),
      String(warning.command.length),
      headerField(warning.command),
      '',
      headerField(warning.message),
    ].join('|');
    if (bytes + fields.length + 1 > X_WARNINGS_MAX_BYTES) break;
    parts.push(fields);
    bytes += fields.length + 1;
  }
  return parts.join('|');
}

export const zplWarningSchema = z.object({
  code: z.string().describe('Stable code, e.g. ZPL_UNKNOWN_COMMAND'),
  message: z.string(),
  command: z.string().describe('The command as written, e.g. "^XYZ"'),
  position: z.number().int().describe('Offset of the command in the ZPL text, in characters (0-based)'),
  elementId: z.string().optional(),
});

/** The JSON answer: the labels as the reader laid them out (lengths in points, as the engine's LaidOutLabel) and its warnings. */
export const zplViewAnswerSchema = z.object({
  totalCount: z.number().int().describe('Labels (^XA…^XZ formats) in the input, as X-Total-Count'),
  labels: z.array(
    z.object({
      index: z.number().int().describe('0-based, as in the URL'),
      quantity: z.number().int().describe('^PQ: copies the printer would print'),
      fieldNumbers: z.record(z.string(), z.number()).describe('^FN fields: the element id and its field number'),
      width: z.number().describe('Points'),
      height: z.number().describe('Points'),
      mirror: z
        .boolean()
        .describe('^PMY: the label prints mirrored left to right; the elements are as laid out before the mirror'),
      elements: z
        .array(z.record(z.string(), z.unknown()))
        .describe('Laid-out elements in drawing order (text, barcode, image, line, rect, ellipse), lengths in points'),
    }),
  ),
  warnings: z.array(zplWarningSchema),
});
export type ZplViewAnswer = z.infer<typeof zplViewAnswerSchema>;
