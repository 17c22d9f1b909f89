// Building blocks of the template schema shared by every element type: lengths, colours, expressions.
import { z } from 'zod';
import { parseLength } from '../units/length';
import { checkExpressionSyntax, MAX_SOURCE_LENGTH } from '../expr';

/** Longest side of a label, and of any element box: 1 m keeps a render bounded. */
export const MAX_SIDE_POINTS = (1000 / 25.4) * 72;
export const MAX_ELEMENTS = 1000;
export const MAX_LITERAL_TEXT_LENGTH = 10_000;

/** A length string such as "12.5mm"; units: mm, cm, in, pt, px. */
export const lengthSchema = z.string().refine((text) => parseLength(text) !== undefined, {
  message: 'must be a number followed by a unit: mm, cm, in, pt or px (e.g. "12.5mm")',
});

export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour as #rrggbb' });

export const fillSchema = z.union([colorSchema, z.literal('none')], {
  error: 'must be a colour as #rrggbb or "none"',
});

/** An expression string, parsed at validation time so a syntax error is a template error. */
export const expressionSchema = z
  .string()
  .max(MAX_SOURCE_LENGTH, { message: `expression is longer than ${MAX_SOURCE_LENGTH} characters` })
  .superRefine((source, ctx) => {
    const problem = checkExpressionSyntax(source);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `invalid expression: ${problem}` });
  });

export const positionSchema = z.strictObject({
  mode: z.literal('absolute', { error: 'only "absolute" positioning is supported' }),
  x: lengthSchema,
  y: lengthSchema,
});

/** Fields every element has; each element type extends this with its own. */
export const elementBaseShape = {
  id: z.string().min(1, { message: 'must be a non-empty string' }).max(200),
  position: positionSchema,
  width: lengthSchema,
  height: lengthSchema,
  /** Degrees clockwise about the centre of the box. */
  rotation: z.number().finite().default(0),
  /** Drawn only when this expression is truthy. */
  condition: expressionSchema.optional(),
  /**
   * Inverts what is beneath it, as ZPL's ^FR does: the layout paints the element white and every output blends it by
   * difference (white over black, black over white). Images keep their own pixels and blend as they are.
   */
  reverse: z.boolean().optional(),
};

/** Where text and barcode elements get their value; the first present wins. */
export const contentSchema = z.strictObject({
  expression: expressionSchema.optional(),
  text: z.string().max(MAX_LITERAL_TEXT_LENGTH).optional(),
});

export const contentShape = {
  content: contentSchema.optional(),
  contentExpression: expressionSchema.optional(),
};
