// The shared image library's API (/v1/images and the editor's /api/images): names, upload bodies, limits and the list item.
import { z } from 'zod';
import { slugSchema } from './slug';

export const LIBRARY_IMAGE_TYPES = ['png', 'jpeg', 'svg'] as const;
export type LibraryImageType = (typeof LIBRARY_IMAGE_TYPES)[number];

export const LIBRARY_IMAGE_CONTENT_TYPES: Record<LibraryImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/**
 * Largest upload, decoded: 700 KiB is about the most a 1 MB JSON body carries as base64 beside its name, so the limit
 * says what the body limit would otherwise refuse with a less helpful 413.
 */
export const MAX_LIBRARY_IMAGE_BYTES = 700 * 1024;
/** An SVG is text that resvg parses into a tree: smaller than a raster, and its element count is bounded too. */
export const MAX_SVG_BYTES = 512 * 1024;
/** Images a team keeps: a library of logos and marks, not a photo archive. */
export const MAX_LIBRARY_IMAGES = 500;
/** An SVG is drawn from a PNG made at upload, this many pixels on its longer side (4 in at 300 dpi). */
export const SVG_RASTER_LONGER_SIDE_PX = 1200;

/** A name is a slug ("acme-logo"): unique in the team, and what `src: "image:NAME"` refers to. */
export const imageNameSchema = slugSchema;

const base64Schema = z
  .string()
  .min(1, { message: 'must not be empty' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be the image bytes as base64 (no data: prefix, no line breaks)' });

/** POST /v1/images: the type is read from the bytes, never from the client. */
export const createImageSchema = z.strictObject({ name: imageNameSchema, data: base64Schema });
/** PUT /v1/images/{name}: the new bytes (of any allowed type) under the same name. */
export const replaceImageSchema = z.strictObject({ data: base64Schema });

export const libraryImageSchema = z.object({
  name: z.string(),
  type: z.enum(LIBRARY_IMAGE_TYPES),
  contentType: z.string(),
  sizeBytes: z.number(),
  /** The pixels renders draw: the image's own, or an SVG's raster. */
  pixelWidth: z.number(),
  pixelHeight: z.number(),
  /** Epoch milliseconds, as templates' createdAt (spec 2.4). */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type LibraryImage = z.infer<typeof libraryImageSchema>;

export const libraryImageListSchema = z.object({ images: z.array(libraryImageSchema) });
