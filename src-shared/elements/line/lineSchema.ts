// The `line` element: from (x, y) to (x + width, y + height); negative sizes draw up or left.
import { z } from 'zod';
import { elementBaseShape } from '../../model/common';
import { shapeStyleSchema } from '../shapeStyleSchema';

export const lineElementSchema = z.strictObject({
  ...elementBaseShape,
  type: z.literal('line'),
  style: shapeStyleSchema.optional(),
});

export type LineElement = z.infer<typeof lineElementSchema>;
