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
    ...frames.flatMap(({ marker = 0xc0, width, height }) =>
      segment(marker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ),
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

export const jpegDataUri = (bytes: Uint8Array): string =>
  `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
export const pngDataUri = (bytes: Uint8Array): string =>
  `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;

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

/** Writes bits most significant first, stuffing a zero byte after each 0xFF and padding the last byte with ones. */
class EntropyWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >> bit) & 1);
      if (++this.used === 8) this.flush();
    }
  }

  private flush(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0x00);
    this.current = 0;
    this.used = 0;
  }

  end(): number[] {
    if (this.used > 0) this.write(0xff, 8 - this.used);
    return this.bytes;
  }
}

/**
 * A progressive (SOF2) JPEG of flat 8x8 blocks, written as ITU-T T.81 Annex G describes: quantisation all ones, one
 * interleaved DC scan (12 four-bit DC codes, one per difference category), then one AC scan per component holding only
 * end-of-band runs. `samples(bx, by)` gives a block's level in each component: [Y] for grey, [Y, Cb, Cr] for colour.
 */
export function progressiveJpeg(
  blocksAcross: number,
  blocksDown: number,
  samples: (bx: number, by: number) => number[],
): Uint8Array {
  const components = samples(0, 0).length;
  const width = blocksAcross * 8;
  const height = blocksDown * 8;
  const ids = Array.from({ length: components }, (_, i) => i + 1);
  const dc = new EntropyWriter();
  const predictions = new Array<number>(components).fill(0);
  for (let by = 0; by < blocksDown; by++) {
    for (let bx = 0; bx < blocksAcross; bx++) {
      samples(bx, by).forEach((level, c) => {
        // A flat block's only coefficient: the FDCT's DC term is 8 x (level - 128).
        const value = 8 * (Math.round(level) - 128);
        const diff = value - (predictions[c] ?? 0);
        predictions[c] = value;
        const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        dc.write(category, 4);
        dc.write(diff >= 0 ? diff : diff + (1 << category) - 1, category);
      });
    }
  }
  const acScans = ids.flatMap((id) => {
    const ac = new EntropyWriter();
    // Symbol 0x00 (EOB0, a one-bit code 0): this block's band is all zero.
    for (let block = 0; block < blocksAcross * blocksDown; block++) ac.write(0, 1);
    return [...segment(0xda, [1, id, 0x00, 1, 63, 0]), ...ac.end()];
  });
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc2, [
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      components,
      ...ids.flatMap((id) => [id, 0x11, 0]),
    ]),
    ...segment(0xc4, [0x00, 0, 0, 0, 12, ...new Array<number>(12).fill(0), ...Array.from({ length: 12 }, (_, i) => i)]),
    ...segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]),
    ...segment(0xda, [components, ...ids.flatMap((id) => [id, 0x00]), 0, 0, 0]),
    ...dc.end(),
    ...acScans,
    0xff,
    0xd9,
  ]);
}
