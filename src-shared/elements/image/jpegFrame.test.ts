// The JPEG frame reader against files written byte by byte: the size every decoder allocates, and the variants refused.
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../../errors';
import { ImageRefusedError } from './imageErrors';
import { catchError, craftJpeg, type CraftedFrame } from '../../../test/support/engine/imageTestSupport';
import { readJpegFrame } from './jpegFrame';

const read = (bytes: Uint8Array) => readJpegFrame(bytes, 'photo');

/** Inserts `segment` right after the start-of-image marker. */
function withSegmentFirst(bytes: Uint8Array, segment: number[]): Uint8Array {
  return Uint8Array.from([...bytes.subarray(0, 2), ...segment, ...bytes.subarray(2)]);
}

describe('readJpegFrame', () => {
  it('reads a crafted grey JPEG, which jpeg-js decodes to the size and grey it was written with', () => {
    const bytes = craftJpeg({ frames: [{ width: 24, height: 16 }] });
    expect(read(bytes)).toEqual({ width: 24, height: 16, length: bytes.length, coefficientBytes: 0 });
    const decoded = jpeg.decode(bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([24, 16]);
    expect(Math.abs((decoded.data[0] ?? 0) - 128)).toBeLessThanOrEqual(1);
  });

  it('reads a JPEG made by an encoder (JFIF header, colour, several tables)', () => {
    const encoded = jpeg.encode({ data: Buffer.alloc(37 * 21 * 4, 90), width: 37, height: 21 }, 80).data;
    expect(read(encoded)).toEqual({ width: 37, height: 21, length: encoded.length, coefficientBytes: 0 });
  });

  it('skips application segments by their length, however much they look like a frame header inside', () => {
    const fakeFrame = [0xff, 0xc0, 0, 11, 8, 0x75, 0x30, 0x75, 0x30, 1, 1, 0x11, 0];
    const exif = [0xff, 0xe1, 0, 2 + 6 + fakeFrame.length, ...new TextEncoder().encode('Exif\0\0'), ...fakeFrame];
    const bytes = withSegmentFirst(craftJpeg({ frames: [{ width: 16, height: 16 }] }), exif);
    expect(read(bytes)).toMatchObject({ width: 16, height: 16 });
  });

  it('ends the image at its end-of-image marker: a trailer is not part of it', () => {
    const image = craftJpeg({ frames: [{ width: 16, height: 16 }] });
    const withTrailer = craftJpeg({
      frames: [{ width: 16, height: 16 }],
      trailer: craftJpeg({ frames: [{ width: 30000, height: 30000 }], blocks: 1 }),
    });
    expect(read(withTrailer)).toEqual({ width: 16, height: 16, length: image.length, coefficientBytes: 0 });
  });

  const refused: [string, CraftedFrame[], RegExp][] = [
    [
      'a 16x16 frame header followed by a 30000x30000 one',
      [
        { width: 16, height: 16 },
        { width: 30000, height: 30000 },
      ],
      /more than one frame header/,
    ],
    [
      'a 30000x30000 frame header followed by a 16x16 one',
      [
        { width: 30000, height: 30000 },
        { width: 16, height: 16 },
      ],
      /more than one frame header/,
    ],
    // image-size read the second header here: SOF3 was not among the three frame types it knew.
    [
      'a lossless 30000x30000 frame before a baseline 16x16 one',
      [
        { marker: 0xc3, width: 30000, height: 30000 },
        { width: 16, height: 16 },
      ],
      /lossless JPEG/,
    ],
    [
      'a progressive 30000x30000 frame after a baseline 16x16 one',
      [
        { width: 16, height: 16 },
        { marker: 0xc2, width: 30000, height: 30000 },
      ],
      /more than one frame header/,
    ],
    ['an arithmetic-coded frame', [{ marker: 0xc9, width: 16, height: 16 }], /arithmetic-coded JPEG/],
    ['an arithmetic-coded progressive frame', [{ marker: 0xca, width: 16, height: 16 }], /arithmetic-coded JPEG/],
    ['a hierarchical frame', [{ marker: 0xc5, width: 16, height: 16 }], /hierarchical JPEG/],
    [
      'a hierarchical progression header (DHP)',
      [
        { marker: 0xde, width: 16, height: 16 },
        { width: 16, height: 16 },
      ],
      /hierarchical JPEG/,
    ],
    ['a height left to a DNL marker', [{ width: 16, height: 0 }], /DNL/],
  ];
  for (const [what, frames, message] of refused) {
    it(`refuses ${what} (400, naming the element)`, () => {
      const error = catchError(() => read(craftJpeg({ frames, blocks: 4 })));
      expect(error).toBeInstanceOf(ImageRefusedError);
      expect(error).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        elementId: 'photo',
        message: expect.stringMatching(message),
      });
    });
  }

  it('refuses arithmetic-coding tables (DAC) and 12-bit samples', () => {
    const dac = withSegmentFirst(craftJpeg({ frames: [{ width: 16, height: 16 }] }), [0xff, 0xcc, 0, 4, 0x00, 0x10]);
    expect(catchError(() => read(dac))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/arithmetic-coded/),
    });
    const twelveBit = craftJpeg({ frames: [{ width: 16, height: 16 }] });
    twelveBit[twelveBit.indexOf(0xc0) + 3] = 12;
    expect(catchError(() => read(twelveBit))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/12-bit samples/),
    });
  });

  it('reads the size of the one frame as it stands, even when the scan holds far fewer blocks (decoders fill the rest)', () => {
    expect(read(craftJpeg({ frames: [{ width: 30000, height: 30000 }], blocks: 4 }))).toMatchObject({
      width: 30000,
      height: 30000,
    });
  });

  const good = craftJpeg({ frames: [{ width: 16, height: 16 }] });
  const frameAt = good.indexOf(0xc0) - 1;
  const frameLength = 2 + 11;
  const broken: [string, Uint8Array, RegExp][] = [
    ['without an end-of-image marker', good.subarray(0, good.length - 2), /no end-of-image marker/],
    ['cut inside a segment', good.subarray(0, 30), /past the end/],
    [
      'with a stray byte between segments',
      Uint8Array.from([...good.subarray(0, 2), 0x00, ...good.subarray(2)]),
      /a marker was expected at byte 2/,
    ],
    [
      'without a frame header',
      Uint8Array.from([...good.subarray(0, frameAt), ...good.subarray(frameAt + frameLength)]),
      /before its frame header/,
    ],
    ['with a second start-of-image marker', withSegmentFirst(good, [0xff, 0xd8]), /unexpected marker 0xFFD8/],
  ];
  for (const [what, bytes, message] of broken) {
    it(`fails a JPEG ${what} as broken`, () => {
      const error = catchError(() => read(bytes));
      expect(error).toBeInstanceOf(RenderError);
      expect(error).toMatchObject({
        code: 'RENDER_ERROR',
        elementId: 'photo',
        message: expect.stringMatching(message),
      });
    });
  }
});
