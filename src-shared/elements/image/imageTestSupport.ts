// Test images written byte by byte: flat grey baseline JPEGs of any size (and the crafted variants attacks use), PNG chunks.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/** A frame header to write: SOF0 (baseline) unless another marker is given, one grey component. */
export interface CraftedFrame {
  marker?: number;
  width: number;
  height: number;
}

export interface CraftedJpeg {
  /** Frame headers in order; decoders and size readers may honour different ones when there are several. */
  frames: CraftedFrame[];
  /** 8x8 blocks coded in the scan; default: every block of the first frame (a complete image). */
  blocks?: number;
  /** A comment segment, to make otherwise equal images distinct. */
  comment?: string;
  /** Bytes after the end-of-image marker. */
  trailer?: Uint8Array;
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

/**
 * A grey (level 128) JPEG: quantisation all ones; Huffman tables with a single one-bit code each (DC difference 0,
 * AC end-of-block), so every 8x8 block is two zero bits and a 5000x5000 image is 98 KB.
 */
export function craftJpeg({ frames, blocks, comment, trailer }: CraftedJpeg): Uint8Array {
  const [first] = frames;
  if (first === undefined) throw new Error('a JPEG needs a frame');
  const blockCount = blocks ?? Math.ceil(first.width / 8) * Math.ceil(first.height / 8);
  const head = [
    0xff,
    0xd8,
    ...(comment === undefined ? [] : segment(0xfe, Array.from(new TextEncoder().encode(comment)))),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...frames.flatMap(({ marker = 0xc0, width, height }) => segment(marker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0])),
    ...segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]),
    ...segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  // Two zero bits a block; the last byte is padded with one bits, as the standard asks.
  const bits = blockCount * 2;
  const scan = new Uint8Array(Math.ceil(bits / 8));
  if (bits % 8 !== 0) scan[scan.length - 1] = 0xff >> (bits % 8);
  const tail = trailer ?? new Uint8Array(0);
  const bytes = new Uint8Array(head.length + scan.length + 2 + tail.length);
  bytes.set(head);
  bytes.set(scan, head.length);
  bytes.set([0xff, 0xd9], head.length + scan.length);
  bytes.set(tail, head.length + scan.length + 2);
  return bytes;
}

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeBytes = new TextEncoder().encode(type);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(typeBytes, 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(Buffer.concat([typeBytes, data])));
  return chunk;
}

export interface CraftedPng {
  width: number;
  height: number;
  /** Colour type; 6 (RGBA, 8 bits) by default. */
  colourType?: 0 | 2 | 6;
  /** The inflated image data; default: exactly what the header needs, all zero (transparent black for RGBA). */
  data?: Uint8Array;
  /** Chunks placed between IHDR and IDAT. */
  extraChunks?: Uint8Array[];
}

/** A PNG built chunk by chunk, so its image data can hold more (or less) than its header states. */
export function craftPng({ width, height, colourType = 6, data, extraChunks = [] }: CraftedPng): Uint8Array {
  const channels = { 0: 1, 2: 3, 6: 4 }[colourType];
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  const raw = data ?? new Uint8Array(height * (1 + width * channels));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...extraChunks,
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

export const jpegDataUri = (bytes: Uint8Array): string => `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
export const pngDataUri = (bytes: Uint8Array): string => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;

/** The process's resident memory in MB, from /proc (Linux). */
export function residentMb(): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(match?.[1] ?? Number.NaN) / 1024;
}

/** What `run` throws; fails the test when it throws nothing. */
export function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
