// The union of every element type's schema, discriminated by `type`.
import { z } from 'zod';
import { barcodeElementSchema } from './barcode/barcodeSchema';
import { ellipseElementSchema } from './ellipse/ellipseSchema';
import { imageElementSchema } from './image/imageSchema';
import { lineElementSchema } from './line/lineSchema';
import { rectElementSchema } from './rect/rectSchema';
import { textElementSchema } from './text/textSchema';

export const ELEMENT_TYPES = ['text', 'barcode', 'image', 'line', 'rect', 'ellipse'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const elementSchema = z.discriminatedUnion(
  'type',
  [
    textElementSchema,
    barcodeElementSchema,
    imageElementSchema,
    lineElementSchema,
    rectElementSchema,
    ellipseElementSchema,
  ],
  { error: `type must be one of: ${ELEMENT_TYPES.join(', ')}` },
);

export type Element = z.infer<typeof elementSchema>;
export type ElementOf<T extends ElementType> = Extract<Element, { type: T }>;
