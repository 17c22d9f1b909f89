// The `ellipse` element: inscribed in its box.
import { z } from 'zod';
import { elementBaseShape } from '../../model/common';
import { shapeStyleSchema } from '../shapeStyleSchema';

export const ellipseElementSchema = z.strictObject({
  ...elementBaseShape,
  type: z.literal('ellipse'),
  style: shapeStyleSchema.optional(),
});

export type EllipseElement = z.infer<typeof ellipseElementSchema>;
