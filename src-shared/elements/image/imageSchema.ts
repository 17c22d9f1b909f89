// The `image` element: an embedded PNG or JPEG data URI, or a team library image by name (templates never reach disk or network).
import { z } from 'zod';
import { slugSchema } from '../../api/slug';
import { contentShape, elementBaseShape } from '../../model/common';
import { libraryImageName } from './libraryImageRefs';

/** Largest embedded image, decoded from base64. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const DATA_URI_PATTERN = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

const MAX_DATA_URI_LENGTH = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 40;

/**
 * A data URI, or `image:NAME`: the team's library image of that name, which the server looks up at every render.
 * One string schema rather than a union, so a wrong src gets the one message that applies to it.
 */
export const imageSrcSchema = z.string().superRefine((src, ctx) => {
  const name = libraryImageName(src);
  if (name !== undefined) {
    if (!slugSchema.safeParse(name).success)
      ctx.addIssue({
        code: 'custom',
        message: 'a library image is "image:NAME" with NAME a slug, e.g. "image:acme-logo"',
      });
  } else if (src.length > MAX_DATA_URI_LENGTH) {
    ctx.addIssue({ code: 'custom', message: `image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` });
  } else if (!DATA_URI_PATTERN.test(src)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a data:image/png;base64,… or data:image/jpeg;base64,… URI, or "image:NAME" of the team\'s image library; paths and URLs are not allowed',
    });
  }
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
