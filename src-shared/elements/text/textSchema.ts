// The `text` element: a value drawn in one of the bundled fonts, wrapped or shrunk to its box.
import { z } from 'zod';
import { colorSchema, contentShape, elementBaseShape, lengthSchema } from '../../model/common';

export const textStyleSchema = z.strictObject({
  fontFamily: z.string().max(100).optional(),
  fontSize: lengthSchema.optional(),
  fontWeight: z.enum(['normal', 'bold']).optional(),
  fontStyle: z.enum(['normal', 'italic']).optional(),
  color: colorSchema.optional(),
  textAlign: z.enum(['left', 'center', 'right']).optional(),
  verticalAlign: z.enum(['top', 'middle', 'bottom']).optional(),
  /** Distance between baselines as a multiple of the font size. */
  lineHeight: z.number().min(0.5).max(5).optional(),
  /** wrap: break at the box width, drop lines past the bottom; shrink: largest size that fits. */
  overflow: z.enum(['wrap', 'shrink']).optional(),
  minFontSize: lengthSchema.optional(),
  /**
   * Glyphs stretched across (above 1) or condensed (below 1) about each line's left edge; lines break and align at the
   * scaled widths. A ZPL import gives printer font 0 (a condensed bold sans) as the bold sans with its condensing here.
   */
  horizontalScale: z.number().min(0.1).max(10).optional(),
});

export const textElementSchema = z.strictObject({
  ...elementBaseShape,
  type: z.literal('text'),
  ...contentShape,
  style: textStyleSchema.optional(),
});

export type TextElement = z.infer<typeof textElementSchema>;
export type TextStyle = z.infer<typeof textStyleSchema>;

export const TEXT_DEFAULTS = {
  fontFamily: 'sans',
  fontSize: '10pt',
  fontWeight: 'normal',
  fontStyle: 'normal',
  color: '#000000',
  textAlign: 'left',
  verticalAlign: 'top',
  lineHeight: 1.2,
  overflow: 'wrap',
  minFontSize: '4pt',
  horizontalScale: 1,
} as const;
