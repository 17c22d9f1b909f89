// Stroke and fill of the shape elements (line, rect, ellipse).
import { z } from 'zod';
import { fillSchema, lengthSchema } from '../model/common';

export const shapeStyleSchema = z.strictObject({
  stroke: fillSchema.optional(),
  strokeWidth: lengthSchema.optional(),
  fill: fillSchema.optional(),
  cornerRadius: lengthSchema.optional(),
});

export type ShapeStyle = z.infer<typeof shapeStyleSchema>;

export const SHAPE_DEFAULTS = { stroke: '#000000', strokeWidth: '1pt', fill: 'none', cornerRadius: '0pt' } as const;
