// The `image` element: an embedded PNG or JPEG (data URI only: templates never reach disk or network).
import { z } from 'zod';
import { contentShape, elementBaseShape } from '../../model/common';

/** Largest embedded image, decoded from base64. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const DATA_URI_PATTERN = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

export const imageSrcSchema = z
  .string()
  .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 40, { message: `image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` })
  .regex(DATA_URI_PATTERN, {
    message: 'must be a data:image/png;base64,… or data:image/jpeg;base64,… URI; paths and URLs are not allowed',
  });

export const imageElementSchema = z.strictObject({
  ...elementBaseShape,
  type: z.literal('image'),
  ...contentShape,
  src: imageSrcSchema.optional(),
  fit: z.enum(['contain', 'cover', 'fill']).optional(),
});

export type ImageElement = z.infer<typeof imageElementSchema>;

export const IMAGE_DEFAULTS = { fit: 'contain' } as const;
