// Why an embedded image is not drawn: bytes that are broken fail the render; an image refused for its size or kind is the request's fault.
import { BadRequestError, RenderError } from '../../errors';

export type ImageKind = 'PNG' | 'JPEG';

/** Cut off or malformed bytes: 502 RENDER_ERROR naming the element, as any value an element cannot draw. */
export function brokenImage(kind: ImageKind, elementId: string, why?: string): RenderError {
  return new RenderError(
    `image data is a broken or incomplete ${kind}${why === undefined ? '' : `: ${why}`}`,
    elementId,
  );
}

/**
 * A readable image this server will not decode: too large, or of a variant whose decoded size the decoders could read
 * differently (several frame headers, lossless, hierarchical or arithmetic JPEG, animated PNG). 400 BAD_REQUEST naming the element.
 */
export class ImageRefusedError extends BadRequestError {
  constructor(
    message: string,
    readonly elementId: string,
  ) {
    super(`image "${elementId}": ${message}`, { elementId, reason: message });
  }
}
