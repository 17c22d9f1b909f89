// Reads a JPEG's frame size the way every decoder must: walks every marker segment and scan up to the end-of-image marker.
import { brokenImage, ImageRefusedError } from './imageErrors';

export interface JpegFrame {
  width: number;
  height: number;
  /** Bytes up to and including the end-of-image marker: what follows it (camera trailers) is never decoded. */
  length: number;
  /**
   * Bytes a decoder holds besides the pixels: a progressive image's DCT coefficients (2 bytes each, 64 a block, every
   * block of every component) stay allocated until its last scan; 0 for a sequential one, decoded block by block.
   */
  coefficientBytes: number;
}

/**
 * Frame types every decoder here reads alike (resvg's, pdf.js, poppler, browsers): sequential or progressive (what
 * image editors export "for the web"), Huffman-coded, 8 bits.
 */
const SUPPORTED_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
const PROGRESSIVE = 0xc2;

/**
 * Other frame types and the markers only they use. Decoders differ on them (image-size skipped all but the first three
 * SOF types, some decoders lack arithmetic coding or lossless decoding), so they are refused rather than guessed at.
 */
const REFUSED_VARIANTS: ReadonlyMap<number, string> = new Map([
  [0xc3, 'lossless'],
  [0xc5, 'hierarchical'],
  [0xc6, 'hierarchical'],
  [0xc7, 'hierarchical'],
  [0xc9, 'arithmetic-coded'],
  [0xca, 'arithmetic-coded'],
  [0xcb, 'arithmetic-coded'],
  [0xcc, 'arithmetic-coded'],
  [0xcd, 'arithmetic-coded'],
  [0xce, 'arithmetic-coded'],
  [0xcf, 'arithmetic-coded'],
  [0xde, 'hierarchical'],
  [0xdf, 'hierarchical'],
]);

const SOS = 0xda;
const EOI = 0xd9;
const DNL = 0xdc;

/** Segments with a length that say nothing about the size: tables (DHT, DQT), restart interval (DRI), APPn, comments. */
function isSkippedSegment(marker: number): boolean {
  return marker === 0xc4 || marker === 0xdb || marker === 0xdd || (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
}

/**
 * The offset of the marker that ends the entropy-coded data starting at `start`: inside it 0xFF is followed by a
 * stuffed zero or a restart marker, and fill bytes (0xFF) may precede the next marker.
 */
function endOfScan(bytes: Uint8Array, start: number): number {
  for (let pos = start; pos + 1 < bytes.length; pos++) {
    if (bytes[pos] !== 0xff) continue;
    const next = bytes[pos + 1] ?? 0;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) pos++;
    else if (next !== 0xff) return pos;
  }
  return -1;
}

/**
 * The size of the JPEG's only frame. Throws ImageRefusedError for a second frame header (one decoder may honour one,
 * another the other: the 16x16 header in front of a 30000x30000 frame), a frame of a refused variant, a height left
 * to a DNL marker, and anything but 8-bit samples in 1, 3 or 4 components; RenderError for bytes that are not a
 * complete JPEG. Nothing but markers may stand between segments: decoders resynchronise on stray bytes differently.
 */
export function readJpegFrame(bytes: Uint8Array, elementId: string): JpegFrame {
  const broken = (why: string) => brokenImage('JPEG', elementId, why);
  let frame: Omit<JpegFrame, 'length'> | undefined;
  let scans = 0;
  let pos = 2; // after the start-of-image marker
  for (;;) {
    if (bytes[pos] !== 0xff)
      throw broken(pos >= bytes.length ? 'it has no end-of-image marker' : `a marker was expected at byte ${pos}`);
    while (bytes[pos] === 0xff) pos++;
    if (pos >= bytes.length) throw broken('it has no end-of-image marker');
    const marker = bytes[pos++] ?? 0;
    if (marker === EOI) {
      if (frame === undefined || scans === 0) throw broken('it ends before its image data');
      return { ...frame, length: pos };
    }
    const variant = REFUSED_VARIANTS.get(marker);
    if (variant !== undefined)
      throw new ImageRefusedError(
        `${variant} JPEG is not supported: save it as a baseline or progressive JPEG, or a PNG`,
        elementId,
      );
    if (marker === DNL)
      throw new ImageRefusedError(
        'a JPEG whose height is given after its image data (DNL) is not supported',
        elementId,
      );
    if (!SUPPORTED_FRAMES.has(marker) && marker !== SOS && !isSkippedSegment(marker)) {
      throw broken(`unexpected marker 0xFF${marker.toString(16).toUpperCase().padStart(2, '0')} at byte ${pos - 2}`);
    }
    const length = ((bytes[pos] ?? 0) << 8) | (bytes[pos + 1] ?? 0);
    if (pos + 2 > bytes.length || length < 2 || pos + length > bytes.length)
      throw broken(`a segment runs past the end of the file at byte ${pos - 2}`);
    if (SUPPORTED_FRAMES.has(marker)) {
      if (frame !== undefined) {
        throw new ImageRefusedError(
          'a JPEG with more than one frame header is not supported: decoders could disagree on its size',
          elementId,
        );
      }
      frame = readFrameHeader(bytes, pos, length, marker === PROGRESSIVE, elementId);
    }
    pos += length;
    if (marker === SOS) {
      if (frame === undefined) throw broken('its image data comes before its frame header');
      scans++;
      pos = endOfScan(bytes, pos);
      if (pos < 0) throw broken('it has no end-of-image marker');
    }
  }
}

/** SOF0/SOF1/SOF2: length, precision, height, width, component count, then 3 bytes per component (id, sampling, table). */
function readFrameHeader(
  bytes: Uint8Array,
  pos: number,
  length: number,
  progressive: boolean,
  elementId: string,
): Omit<JpegFrame, 'length'> {
  const byte = (offset: number) => bytes[pos + offset] ?? 0;
  const precision = byte(2);
  const height = (byte(3) << 8) | byte(4);
  const width = (byte(5) << 8) | byte(6);
  const components = byte(7);
  if (length !== 8 + 3 * components) throw brokenImage('JPEG', elementId, 'its frame header has the wrong length');
  if (precision !== 8)
    throw new ImageRefusedError(
      `a JPEG with ${precision}-bit samples is not supported: save it with 8-bit samples`,
      elementId,
    );
  if (height === 0)
    throw new ImageRefusedError('a JPEG whose height is given after its image data (DNL) is not supported', elementId);
  if (width === 0) throw brokenImage('JPEG', elementId, 'its frame is 0 pixels wide');
  if (components !== 1 && components !== 3 && components !== 4) {
    throw new ImageRefusedError(
      `a JPEG with ${components} colour components is not supported (grey, colour or CMYK only)`,
      elementId,
    );
  }
  const sampling = Array.from({ length: components }, (_, i) => ({
    h: byte(9 + 3 * i) >> 4,
    v: byte(9 + 3 * i) & 0x0f,
  }));
  if (sampling.some(({ h, v }) => h < 1 || h > 4 || v < 1 || v > 4))
    throw brokenImage('JPEG', elementId, 'a sampling factor of its frame header is not 1 to 4');
  return { width, height, coefficientBytes: progressive ? coefficientBlocks(width, height, sampling) * 64 * 2 : 0 };
}

/** The 8x8 blocks of every component, as decoders allocate them: whole MCUs (each component's h x v blocks) across and down. */
function coefficientBlocks(width: number, height: number, sampling: ReadonlyArray<{ h: number; v: number }>): number {
  const hMax = Math.max(...sampling.map(({ h }) => h));
  const vMax = Math.max(...sampling.map(({ v }) => v));
  const mcusAcross = Math.ceil(width / (8 * hMax));
  const mcusDown = Math.ceil(height / (8 * vMax));
  return sampling.reduce((blocks, { h, v }) => blocks + mcusAcross * h * mcusDown * v, 0);
}
