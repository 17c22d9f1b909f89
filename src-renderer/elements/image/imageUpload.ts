// A picked image file as the data URI an image element embeds: PNG or JPEG only, at most the format's 2 MB.
import { DATA_URI_PATTERN, MAX_IMAGE_BYTES } from '@shared/elements/image/imageSchema';

const TYPES = new Set(['image/png', 'image/jpeg']);

/** Why a file cannot be embedded, or undefined when it can. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  if (!TYPES.has(file.type)) return `${file.name} is not a PNG or JPEG image`;
  if (file.size > MAX_IMAGE_BYTES)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;
  return undefined;
}

/** Base64 of bytes, in chunks (String.fromCharCode takes a bounded number of arguments). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(binary);
}

/** Base64 of bytes as a data URI of the given type. */
export function toDataUri(bytes: Uint8Array, type: string): string {
  return `data:${type};base64,${toBase64(bytes)}`;
}

/** The file as a data URI, or an Error saying why it cannot be used. */
export async function readImageFile(file: File): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const uri = toDataUri(new Uint8Array(await file.arrayBuffer()), file.type);
  if (!DATA_URI_PATTERN.test(uri)) throw new Error(`${file.name} could not be read as an image`);
  return uri;
}
