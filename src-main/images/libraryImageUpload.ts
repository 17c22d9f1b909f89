// Reads an uploaded library image: the type from its bytes, PNG and JPEG checked as templates' images are, SVG checked and rasterised.
import { MAX_LIBRARY_IMAGE_BYTES, SVG_RASTER_LONGER_SIDE_PX } from '@shared/api/images';
import { AppError, BadRequestError, RenderError } from '@shared/errors';
import { readEmbeddedImage } from '@shared/elements/image/imageData';
import { MAX_IMAGE_BYTES } from '@shared/elements/image/imageSchema';
import type { RenderPool } from '../render/renderPool';
import { TimeLimitError } from '../render/poolWorker';
import type { ImageContent } from '../store/queries/images';
import { checkSvg } from './checkSvg';

/**
 * 400 SVG_TOO_COSTLY: the SVG took longer than its rasterising limit (SVG_RASTER_TIMEOUT_MS) and its worker was
 * stopped. Filters are the usual cause: feMorphology or blurs whose radius is large at the raster's size.
 */
export class SvgTooCostlyError extends AppError {
  constructor(limitMs: number) {
    super(
      'SVG_TOO_COSTLY',
      400,
      `the SVG takes longer than ${limitMs / 1000} s to draw at ${SVG_RASTER_LONGER_SIDE_PX} px (its limit): remove or shrink its filters (feMorphology, blur radii) or simplify it`,
      {
        limitMs,
        longerSidePx: SVG_RASTER_LONGER_SIDE_PX,
      },
    );
  }
}

function sniffRaster(bytes: Buffer): 'png' | 'jpeg' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

/** The bytes as text when they are UTF-8 that starts (after a byte-order mark and white space) with markup. */
function markup(bytes: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const trimmed = text.replace(/^\uFEFF/, '');
  return trimmed.trimStart().startsWith('<') ? trimmed : undefined;
}

/** A PNG or JPEG read as every render will read it: the same size limits, headers and refused variants, as 400s. */
function checkRaster(name: string, type: 'png' | 'jpeg', bytes: Buffer, base64: string): ImageContent {
  try {
    const image = readEmbeddedImage(`data:image/${type};base64,${base64}`, name);
    return { type, data: bytes, raster: null, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight };
  } catch (error) {
    // A broken image fails a render with 502; at upload it is the client's bytes that are wrong.
    if (error instanceof RenderError)
      throw new BadRequestError(`image "${name}": ${error.message}`, { reason: error.message });
    throw error;
  }
}

/**
 * Checks `base64` (already known to be base64 text) as an image for the library: PNG, JPEG or SVG by its bytes.
 * Throws 413 over the size limit, 400 BAD_REQUEST for anything else or a refused raster, 400 SVG_REFUSED for an SVG
 * against the rules, 400 SVG_TOO_COSTLY for one that takes too long to draw. An SVG is rasterised in the render pool
 * (the SVG time limit, the memory limit) in the team's queue; `clientGone` drops it there if the client leaves first.
 */
export async function readLibraryImage(
  pool: RenderPool,
  teamId: string,
  name: string,
  base64: string,
  clientGone?: AbortSignal,
): Promise<ImageContent> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_LIBRARY_IMAGE_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      413,
      `the image has ${bytes.length} bytes; a library image may have ${MAX_LIBRARY_IMAGE_BYTES} (700 KiB)`,
      { sizeBytes: bytes.length, limitBytes: MAX_LIBRARY_IMAGE_BYTES },
    );
  }
  const raster = sniffRaster(bytes);
  if (raster !== undefined) return checkRaster(name, raster, bytes, base64);
  const svg = markup(bytes);
  if (svg === undefined)
    throw new BadRequestError('data is not a PNG, JPEG or SVG image (the type is read from the bytes)');
  checkSvg(svg, bytes.length);
  const drawn = await pool
    .rasterizeSvg({ svg, longerSidePx: SVG_RASTER_LONGER_SIDE_PX, team: teamId }, { signal: clientGone })
    .catch((error: unknown) => {
      throw error instanceof TimeLimitError ? new SvgTooCostlyError(error.limitMs) : error;
    });
  if (drawn.bytes.length > MAX_IMAGE_BYTES) {
    throw new BadRequestError(
      `the SVG's ${drawn.width}x${drawn.height} raster has ${drawn.bytes.length} bytes, over the ${MAX_IMAGE_BYTES}-byte limit of an image: simplify it`,
    );
  }
  return {
    type: 'svg',
    data: bytes,
    raster: Buffer.from(drawn.bytes),
    pixelWidth: drawn.width,
    pixelHeight: drawn.height,
  };
}
