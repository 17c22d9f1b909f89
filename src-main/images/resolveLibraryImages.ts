// Puts a team's library images into a template before it goes to a render worker (workers have no store).
import { BadRequestError } from '@shared/errors';
import { libraryImageNames, withLibraryImages } from '@shared/elements/image/libraryImageRefs';
import type { Store } from '../store/openStore';

/**
 * What one render may carry in library images, as data URIs sent to the worker: each image element gets its own copy,
 * so 300 elements showing one logo cost 300 logos here. 16 MB is 20 copies of the largest upload.
 */
export const MAX_RESOLVED_IMAGE_BYTES = 16 * 1024 * 1024;

/**
 * The template with every `src: "image:NAME"` the team's library holds replaced by the image's current bytes (the PNG
 * of an SVG). Names the library lacks stay, and the layout warns IMAGE_MISSING. Only the team's own images are found.
 */
export async function resolveLibraryImages<T>(store: Store, teamId: string, template: T): Promise<T> {
  const names = libraryImageNames(template);
  if (names.length === 0) return template;
  const uris = new Map<string, string>();
  for (const name of names) {
    const drawn = await store.images.drawn(teamId, name);
    if (drawn) uris.set(name, `data:${drawn.mime};base64,${drawn.bytes.toString('base64')}`);
  }
  const resolved = withLibraryImages(template, uris);
  let total = 0;
  for (const element of (resolved as { elements?: { src?: unknown }[] }).elements ?? []) {
    total += typeof element.src === 'string' ? element.src.length : 0;
  }
  if (total > MAX_RESOLVED_IMAGE_BYTES) {
    throw new BadRequestError(
      `the template's image elements carry ${total} bytes of images, over the ${MAX_RESOLVED_IMAGE_BYTES}-byte limit of a render: use fewer or smaller images`,
      { limit: MAX_RESOLVED_IMAGE_BYTES, requested: total },
    );
  }
  return resolved;
}
