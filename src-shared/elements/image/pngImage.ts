// Reads a PNG's size the way every decoder must: the IHDR header, every chunk after it, and (for PDF) how much its image data inflates to.
import { Unzlib } from 'fflate';
import { brokenImage, ImageRefusedError } from './imageErrors';

export interface PngHeader {
  width: number;
  height: number;
  /** Bytes the image data must inflate to: a filter byte and the packed samples of every row (of every Adam7 pass). */
  dataBytes: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Samples per pixel and the bit depths allowed, by colour type. */
const COLOUR_TYPES: ReadonlyMap<number, { channels: number; depths: readonly number[] }> = new Map([
  [0, { channels: 1, depths: [1, 2, 4, 8, 16] }],
  [2, { channels: 3, depths: [8, 16] }],
  [3, { channels: 1, depths: [1, 2, 4, 8] }],
  [4, { channels: 2, depths: [8, 16] }],
  [6, { channels: 4, depths: [8, 16] }],
]);

/** The chunks of animated PNG: a browser decodes every frame (the HTML output, the editor), so the IHDR size would undercount. */
const ANIMATION_CHUNKS = new Set(['acTL', 'fcTL', 'fdAT']);

/** The critical chunks of PNG; any other critical chunk (Apple's CgBI, say) is a format decoders read differently. */
const CRITICAL_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/** Adam7's passes: first column and row, column and row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function uint32(bytes: Uint8Array, pos: number): number {
  return (
    (((bytes[pos] ?? 0) << 24) |
      ((bytes[pos + 1] ?? 0) << 16) |
      ((bytes[pos + 2] ?? 0) << 8) |
      (bytes[pos + 3] ?? 0)) >>>
    0
  );
}

function chunkType(bytes: Uint8Array, pos: number): string {
  return String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
}

interface Chunk {
  type: string;
  /** Offset of the chunk's data. */
  data: number;
  length: number;
}

/** Every chunk, checked to lie within the file, end with IEND exactly at its end, and keep its IDAT chunks together. */
function readChunks(bytes: Uint8Array, elementId: string): Chunk[] {
  const broken = (why: string) => brokenImage('PNG', elementId, why);
  if (!SIGNATURE.every((byte, i) => bytes[i] === byte)) throw broken('its signature is wrong');
  const chunks: Chunk[] = [];
  let pos = SIGNATURE.length;
  while (chunks.at(-1)?.type !== 'IEND') {
    if (pos + 12 > bytes.length) throw broken('it has no IEND chunk');
    const length = uint32(bytes, pos);
    if (pos + 12 + length > bytes.length) throw broken(`a chunk runs past the end of the file at byte ${pos}`);
    const type = chunkType(bytes, pos);
    if (chunks.length === 0 && type !== 'IHDR') throw broken('it does not start with IHDR');
    if (type === 'IDAT' && chunks.some((chunk) => chunk.type === 'IDAT') && chunks.at(-1)?.type !== 'IDAT')
      throw broken('its IDAT chunks are not consecutive');
    if (ANIMATION_CHUNKS.has(type))
      throw new ImageRefusedError('animated PNG (APNG) is not supported: save one frame as a PNG', elementId);
    // Bit 5 of the first letter clear (an upper-case letter) marks a chunk a decoder must understand.
    if (((bytes[pos + 4] ?? 0) & 0x20) === 0 && !CRITICAL_CHUNKS.has(type))
      throw new ImageRefusedError(`a PNG with a ${JSON.stringify(type)} chunk is not supported`, elementId);
    chunks.push({ type, data: pos + 8, length });
    pos += 12 + length;
  }
  if (pos !== bytes.length) throw broken('bytes follow its IEND chunk');
  if (!chunks.some((chunk) => chunk.type === 'IDAT')) throw broken('it has no image data');
  return chunks;
}

/** Bytes of one pass of `width` x `height` pixels: each row a filter byte and its samples packed to whole bytes. */
function passBytes(width: number, height: number, bitsPerPixel: number): number {
  return width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bitsPerPixel) / 8));
}

/** The size from IHDR (the one header every PNG decoder goes by), after checking the file's chunks. */
export function readPngHeader(bytes: Uint8Array, elementId: string): PngHeader {
  const [ihdr] = readChunks(bytes, elementId);
  const broken = (why: string) => brokenImage('PNG', elementId, why);
  if (ihdr === undefined || ihdr.length !== 13) throw broken('its IHDR chunk has the wrong length');
  const width = uint32(bytes, ihdr.data);
  const height = uint32(bytes, ihdr.data + 4);
  const [depth = 0, colourType = 0, compression, filter, interlace] = bytes.subarray(ihdr.data + 8, ihdr.data + 13);
  const colour = COLOUR_TYPES.get(colourType);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff)
    throw broken(`its size ${width}x${height} is impossible`);
  if (
    colour === undefined ||
    !colour.depths.includes(depth) ||
    compression !== 0 ||
    filter !== 0 ||
    (interlace !== 0 && interlace !== 1)
  ) {
    throw broken('its IHDR header is invalid');
  }
  const bitsPerPixel = colour.channels * depth;
  const dataBytes =
    interlace === 0
      ? passBytes(width, height, bitsPerPixel)
      : ADAM7.reduce(
          (sum, [x, y, dx, dy]) =>
            sum + passBytes(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy), bitsPerPixel),
          0,
        );
  return { width, height, dataBytes };
}

/** Compressed bytes inflated per step: deflate expands at most about 1032 times, so one step makes at most about 1 MB. */
const INFLATE_STEP = 1024;

/**
 * Checks that the image data inflates to exactly `header.dataBytes`, stopping as soon as it passes them. pdfkit inflates
 * a PNG with transparency whole, without a limit (a 2 MB file of zeros would be 2 GB), and PDF readers get the data
 * as it is; the other outputs' decoders stop at the size IHDR gives. Throws ImageRefusedError for more data than
 * the header states, RenderError for less or for data that does not inflate.
 */
export function verifyPngData(bytes: Uint8Array, elementId: string): void {
  const header = readPngHeader(bytes, elementId);
  let inflated = 0;
  let excess = false;
  const inflater = new Unzlib((chunk) => {
    inflated += chunk.length;
    excess ||= inflated > header.dataBytes;
  });
  const idat = readChunks(bytes, elementId).filter((chunk) => chunk.type === 'IDAT');
  try {
    idat.forEach((chunk, index) => {
      for (let offset = 0; offset < chunk.length && !excess; offset += INFLATE_STEP) {
        const end = Math.min(chunk.length, offset + INFLATE_STEP);
        inflater.push(
          bytes.subarray(chunk.data + offset, chunk.data + end),
          index === idat.length - 1 && end === chunk.length,
        );
      }
    });
  } catch (error) {
    throw brokenImage(
      'PNG',
      elementId,
      `its image data does not inflate (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (excess)
    throw new ImageRefusedError(
      `its image data holds more than the ${header.width}x${header.height} pixels its header states`,
      elementId,
    );
  if (inflated < header.dataBytes) throw brokenImage('PNG', elementId, 'its image data ends early');
}
