// The `rect` element: a box with optional rounded corners, stroke and fill.
import { z } from 'zod';
import { elementBaseShape } from '../../model/common';
import { shapeStyleSchema } from '../shapeStyleSchema';

export const rectElementSchema = z.strictObject({
  ...elementBaseShape,
  type: z.literal('rect'),
  style: shapeStyleSchema.optional(),
});

export type RectElement = z.infer<typeof rectElementSchema>;
