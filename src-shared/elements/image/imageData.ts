// Checks an image value is an embedded PNG or JPEG data URI, decodes its base64 and reads the pixel size its decoders will allocate.
import { RenderError } from '../../errors';
import { ImageRefusedError } from './imageErrors';
import { DATA_URI_PATTERN, MAX_IMAGE_BYTES } from './imageSchema';
import { readJpegFrame } from './jpegFrame';
import { readPngHeader } from './pngImage';

/** Decoded pixels cost 4 bytes each in every renderer: 25 megapixels is 100 MB, far above any label's need. */
export const MAX_IMAGE_PIXELS = 25_000_000;

export const IMAGE_SRC_MESSAGE = 'image src must be a data:image/png or data:image/jpeg base64 URI';

export interface EmbeddedImage {
  /** The type found in the bytes, which is what every renderer goes by. */
  mime: 'image/png' | 'image/jpeg';
  base64: string;
  pixelWidth: number;
  pixelHeight: number;
  /** What a decode costs in the pixel budget (4 bytes a pixel): its pixels, and a progressive JPEG's coefficient buffers. */
  decodedPixels: number;
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

/** Base64 of `bytes`, without Buffer (this runs in the editor too). */
function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The kind of image the first bytes say, whatever the data URI declared. */
function sniff(bytes: Uint8Array): 'png' | 'jpg' | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}

/** The start every image value must have; what follows it is the image's base64. */
const DATA_URI_HEADER = /^data:image\/(?:png|jpeg);base64,/;

/**
 * The base64 text after a well-formed data URI header, or undefined. For a value with such a header, what
 * readEmbeddedImage returns (or throws) depends on this text alone: the declared type is not used, the bytes say it.
 */
export function dataUriBase64(value: string): string | undefined {
  const header = DATA_URI_HEADER.exec(value);
  return header === null ? undefined : value.slice(header[0].length);
}

/**
 * Throws RenderError for anything but a complete PNG or JPEG data URI, ImageRefusedError (400) for one over the size
 * limits or of a kind whose decoded size decoders could read differently.
 */
export function readEmbeddedImage(value: string, elementId: string): EmbeddedImage {
  const header = DATA_URI_HEADER.exec(value);
  if (header && value.length - header[0].length > MAX_BASE64_LENGTH) {
    throw new RenderError(`image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, elementId);
  }
  const base64 = DATA_URI_PATTERN.exec(value)?.[2];
  if (base64 === undefined) throw new RenderError(IMAGE_SRC_MESSAGE, elementId);
  const bytes = decodeBase64(base64, elementId);
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new RenderError(`image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, elementId);
  const type = sniff(bytes);
  if (type === undefined) throw new RenderError('image data is not a readable PNG or JPEG', elementId);
  // The size every decoder will allocate: read from the one header they all honour, not from the first one found.
  const jpegFrame = type === 'jpg' ? readJpegFrame(bytes, elementId) : undefined;
  const { width, height } = jpegFrame ?? readPngHeader(bytes, elementId);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRefusedError(
      `it has ${width}x${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are allowed`,
      elementId,
    );
  }
  return {
    mime: type === 'png' ? 'image/png' : 'image/jpeg',
    // Bytes after a JPEG's end-of-image marker are never decoded; they are not passed on either (the PDF embeds the file).
    base64:
      jpegFrame !== undefined && jpegFrame.length < bytes.length
        ? encodeBase64(bytes.subarray(0, jpegFrame.length))
        : base64,
    pixelWidth: width,
    pixelHeight: height,
    decodedPixels: width * height + Math.ceil((jpegFrame?.coefficientBytes ?? 0) / 4),
  };
}
