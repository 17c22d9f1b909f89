// The `barcode` element: a linear or 2D symbol in whole printer dots inside its box, with an optional human-readable line.
import { z } from 'zod';
import { colorSchema, contentShape, elementBaseShape, lengthSchema } from '../../model/common';
import { parseLength } from '../../units/length';
import { moduleWidthSchema, ratioSchema } from './barcodeModule';

/** bwip-js names of the symbologies Labelsmith supports. */
export const SYMBOLOGIES = [
  'code128',
  'gs1-128',
  'ean13',
  'ean8',
  'upca',
  'upce',
  'code39',
  'code93',
  'interleaved2of5',
  'itf14',
  'qrcode',
  'datamatrix',
  'gs1datamatrix',
  'pdf417',
  'azteccode',
] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/**
 * Symbologies a laid-out barcode may have that no template element offers yet: the ZPL reader draws them from printer
 * commands (^BD, ^BR, ^BK, ^BZ, ^BF). bwip-js names, so an element type that offers one later moves it to SYMBOLOGIES.
 */
export const READER_ONLY_SYMBOLOGIES = [
  'maxicode',
  'databaromni',
  'databartruncated',
  'databarstacked',
  'databarstackedomni',
  'databarlimited',
  'databarexpanded',
  'databarexpandedstacked',
  'rationalizedCodabar',
  'postnet',
  'planet',
  'onecode',
  'micropdf417',
] as const;

/** What a laid-out barcode may carry: every element symbology and the reader-only ones. */
export type LaidOutSymbology = Symbology | (typeof READER_ONLY_SYMBOLOGIES)[number];

export const TWO_D_SYMBOLOGIES: ReadonlySet<Symbology> = new Set(['qrcode', 'datamatrix', 'gs1datamatrix', 'pdf417', 'azteccode']);

export const barcodeStyleSchema = z.strictObject({
  /** Colour of bars and modules; the background stays unpainted. */
  color: colorSchema.optional(),
  /** Font of the human-readable line. */
  fontFamily: z.string().max(100).optional(),
  fontSize: lengthSchema.optional(),
});

export const barcodeElementSchema = z.strictObject({
  ...elementBaseShape,
  type: z.literal('barcode'),
  ...contentShape,
  symbology: z.enum(SYMBOLOGIES, { error: `must be one of: ${SYMBOLOGIES.join(', ')}` }),
  /** Human-readable line under linear codes; ignored by 2D codes. */
  showText: z.boolean().optional(),
  /** QR error correction level. */
  errorCorrection: z.enum(['L', 'M', 'Q', 'H']).optional(),
  /**
   * The X-dimension: a length ("0.33mm", rounded to the nearest whole dot of the target) or whole dots ("3dots"). The
   * symbol's size then follows from the data and the box is only its limit; without it the largest whole-dot module
   * that fits the box is taken.
   */
  moduleWidth: moduleWidthSchema.optional(),
  /** Wide to narrow, 2.0 to 3.0, for the symbologies with two bar widths (code39, interleaved2of5, itf14); others ignore it. */
  ratio: ratioSchema.optional(),
  /** Keep the symbology's quiet zones clear inside the box; default on for EAN/UPC, off for the others. */
  quietZone: z.boolean().optional(),
  /**
   * Height of a linear code's bars. Named apart from `height` (the box's, as every element has): without it the bars
   * fill the box less the human-readable line. 2D codes ignore it.
   */
  barHeight: lengthSchema.refine((text) => (parseLength(text)?.value ?? 1) > 0, { message: 'must be over 0' }).optional(),
  style: barcodeStyleSchema.optional(),
});

export type BarcodeElement = z.infer<typeof barcodeElementSchema>;

export const BARCODE_DEFAULTS = {
  color: '#000000',
  fontFamily: 'sans',
  fontSize: '8pt',
  showText: true,
  errorCorrection: 'M',
} as const;
