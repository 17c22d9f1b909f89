// The `barcode` element: a linear or 2D symbol in whole printer dots inside its box, with an optional human-readable line.
import { z } from 'zod';
import { colorSchema, contentShape, elementBaseShape, lengthSchema } from '../../model/common';
import { parseLength } from '../../units/length';
import { moduleWidthSchema, quietZoneSchema, ratioSchema } from './barcodeModule';

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
  // Carriers, GS1 and health care (docs/template-format.md, "Symbologies").
  'maxicode',
  'databaromni',
  'databarexpanded',
  'databarlimited',
  'databarstacked',
  'rationalizedCodabar',
  'onecode',
  'postnet',
  'planet',
  'microqrcode',
  'micropdf417',
  'hibccode128',
  'hibcdatamatrix',
  'pharmacode',
  'msi',
  'code11',
  'royalmail',
  'auspost',
  'kix',
  'japanpost',
  'isbn',
  'issn',
  'ean14',
  'sscc18',
  'gs1qrcode',
  'dotcode',
  'code32',
  'pzn',
  'swissqrcode',
] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/**
 * Symbologies a laid-out barcode may have that no template element offers: the ZPL reader draws them from ^BR types, and
 * a databarexpanded element with `segments` is laid out as the stacked form. bwip-js names.
 */
export const READER_ONLY_SYMBOLOGIES = ['databartruncated', 'databarstackedomni', 'databarexpandedstacked'] as const;

/** What a laid-out barcode may carry: every element symbology and the reader-only ones. */
export type LaidOutSymbology = Symbology | (typeof READER_ONLY_SYMBOLOGIES)[number];

/** Module grids (and MaxiCode): no bar height, no human-readable line. */
export const TWO_D_SYMBOLOGIES: ReadonlySet<Symbology> = new Set([
  'qrcode',
  'datamatrix',
  'gs1datamatrix',
  'pdf417',
  'azteccode',
  'maxicode',
  'databarstacked',
  'microqrcode',
  'micropdf417',
  'hibcdatamatrix',
  'gs1qrcode',
  'dotcode',
  'swissqrcode',
]);

/** Bars of several heights (4-state and height-modulated postal codes): drawn in whole dots, full height the bar height. */
export const POSTAL_SYMBOLOGIES: ReadonlySet<LaidOutSymbology> = new Set([
  'onecode',
  'postnet',
  'planet',
  'royalmail',
  'auspost',
  'kix',
  'japanpost',
]);

/**
 * Optional check digits and the schemes each symbology offers; the first is the default. MSI: Modulo 10 (the usual),
 * 10+10, 11 (IBM weights) or 11+10; Code 11: "auto" adds C, and K from 10 characters on, as the standard says;
 * Codabar: none by default, Modulo 16 on request.
 */
export const CHECK_DIGIT_SCHEMES = {
  msi: ['mod10', 'mod1010', 'mod11', 'mod1110', 'none'],
  code11: ['auto', 'none'],
  rationalizedCodabar: ['none', 'mod16'],
} as const satisfies Partial<Record<Symbology, readonly string[]>>;

const CHECK_DIGIT_VALUES = ['none', 'auto', 'mod10', 'mod1010', 'mod11', 'mod1110', 'mod16'] as const;
export type CheckDigitScheme = (typeof CHECK_DIGIT_VALUES)[number];

export const barcodeStyleSchema = z.strictObject({
  /** Colour of bars and modules; the background stays unpainted. */
  color: colorSchema.optional(),
  /** Font of the human-readable line. */
  fontFamily: z.string().max(100).optional(),
  fontSize: lengthSchema.optional(),
});

export const barcodeElementSchema = z
  .strictObject({
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
    /**
     * Light margins kept clear inside the box: true for the symbology's own (in modules), false for none, or a width on
     * each side (every side of a 2D code): a length ("5mm", whole dots of the target) or whole modules ("10modules").
     * Default on for EAN/UPC, off for the others.
     */
    quietZone: quietZoneSchema.optional(),
    /**
     * Height of a linear code's bars. Named apart from `height` (the box's, as every element has): without it the bars
     * fill the box less the human-readable line. 2D codes ignore it.
     */
    barHeight: lengthSchema
      .refine((text) => (parseLength(text)?.value ?? 1) > 0, { message: 'must be over 0' })
      .optional(),
    /** Optional check digits of MSI, Code 11 and Codabar (CHECK_DIGIT_SCHEMES); fixed ones (ISBN, SSCC…) are always verified or computed. */
    checkDigit: z.enum(CHECK_DIGIT_VALUES).optional(),
    /**
     * MaxiCode mode: 2 (numeric postal code) and 3 (alphanumeric) carry the structured carrier message, 4 standard, 5
     * full error correction, 6 reader programming. Default: 2 or 3 when the value is a structured carrier message, else 4.
     */
    maxicodeMode: z.number().int().min(2).max(6).optional(),
    /** GS1 DataBar Expanded: data segments per row, an even number 2 to 22; under 22 the symbol is stacked in rows. */
    segments: z
      .number()
      .int()
      .min(2)
      .max(22)
      .refine((segments) => segments % 2 === 0, { message: 'must be an even number (segments come in pairs)' })
      .optional(),
    style: barcodeStyleSchema.optional(),
  })
  .superRefine((element, ctx) => {
    // Options that belong to another symbology are refused rather than ignored: a template author sees the mistake.
    if (element.checkDigit !== undefined) {
      const schemes: readonly string[] | undefined =
        CHECK_DIGIT_SCHEMES[element.symbology as keyof typeof CHECK_DIGIT_SCHEMES];
      if (!schemes?.includes(element.checkDigit)) {
        const message = schemes
          ? `${element.symbology} takes one of: ${schemes.join(', ')}`
          : `only ${Object.keys(CHECK_DIGIT_SCHEMES).join(', ')} have optional check digits; ${element.symbology}'s are computed (or verified) always`;
        ctx.addIssue({ code: 'custom', path: ['checkDigit'], message });
      }
    }
    if (element.maxicodeMode !== undefined && element.symbology !== 'maxicode') {
      ctx.addIssue({ code: 'custom', path: ['maxicodeMode'], message: 'only maxicode has modes' });
    }
    if (element.segments !== undefined && element.symbology !== 'databarexpanded') {
      ctx.addIssue({ code: 'custom', path: ['segments'], message: 'only databarexpanded has segments' });
    }
  });

export type BarcodeElement = z.infer<typeof barcodeElementSchema>;

export const BARCODE_DEFAULTS = {
  color: '#000000',
  fontFamily: 'sans',
  fontSize: '8pt',
  showText: true,
  errorCorrection: 'M',
} as const;
