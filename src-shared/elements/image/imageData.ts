// Checks an image value is an embedded PNG or JPEG data URI, decodes it and reads its pixel size.
import { imageSize } from 'image-size';
import { RenderError } from '../../errors';
import { DATA_URI_PATTERN, MAX_IMAGE_BYTES } from './imageSchema';

/** Decoded pixels cost 4 bytes each in every renderer: 25 megapixels is 100 MB, far above any label's need. */
export const MAX_IMAGE_PIXELS = 25_000_000;

export const IMAGE_SRC_MESSAGE = 'image src must be a data:image/png or data:image/jpeg base64 URI';

export interface EmbeddedImage {
  /** The type found in the bytes, which is what every renderer goes by. */
  mime: 'image/png' | 'image/jpeg';
  base64: string;
  pixelWidth: number;
  pixelHeight: number;
}

/** Longest base64 text that can decode to at most MAX_IMAGE_BYTES. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

function decodeBase64(base64: string, elementId: string): Uint8Array {
  let binary: string;
  try {
    // atob rather than Buffer: this runs in the editor too. It rejects impossible lengths and misplaced '='.
    binary = atob(base64);
  } catch {
    throw new RenderError('image data is not valid base64', elementId);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const PNG_END = [0x49, 0x45, 0x4e, 0x44]; // "IEND"

/**
 * A cut-off file is the common way an image arrives broken; headers alone would pass it. A PNG ends with its
 * IEND chunk; in a JPEG an end-of-image marker follows the last start-of-scan (scan data never holds FF D9).
 */
function isComplete(bytes: Uint8Array, type: 'png' | 'jpg'): boolean {
  if (type === 'png') return PNG_END.every((byte, i) => bytes[bytes.length - 8 + i] === byte);
  for (let i = bytes.length - 2; i >= 0; i--) {
    if (bytes[i] !== 0xff) continue;
    if (bytes[i + 1] === 0xd9) return true;
    if (bytes[i + 1] === 0xda) return false;
  }
  return false;
}

/** Throws RenderError for anything but a complete PNG or JPEG data URI within the size limits. */
export function readEmbeddedImage(value: string, elementId: string): EmbeddedImage {
  const header = /^data:image\/(?:png|jpeg);base64,/.exec(value);
  if (header && value.length - header[0].length > MAX_BASE64_LENGTH) {
    throw new RenderError(`image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, elementId);
  }
  const base64 = DATA_URI_PATTERN.exec(value)?.[2];
  if (base64 === undefined) throw new RenderError(IMAGE_SRC_MESSAGE, elementId);
  const bytes = decodeBase64(base64, elementId);
  if (bytes.length > MAX_IMAGE_BYTES) throw new RenderError(`image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, elementId);
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw new RenderError('image data is not a readable PNG or JPEG', elementId);
  }
  if (size.type !== 'png' && size.type !== 'jpg') {
    throw new RenderError(`image data is ${size.type ?? 'of an unknown type'}, not PNG or JPEG`, elementId);
  }
  if (!(size.width > 0 && size.height > 0) || !isComplete(bytes, size.type)) {
    throw new RenderError(`image data is a broken or incomplete ${size.type === 'png' ? 'PNG' : 'JPEG'}`, elementId);
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new RenderError(`image has ${size.width}x${size.height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are allowed`, elementId);
  }
  return {
    mime: size.type === 'png' ? 'image/png' : 'image/jpeg',
    base64,
    pixelWidth: size.width,
    pixelHeight: size.height,
  };
}
