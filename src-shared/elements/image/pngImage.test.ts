// The PNG reader against files built chunk by chunk: the IHDR size, the chunks refused, and image data that inflates past its header.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../../errors';
import { ImageRefusedError } from './imageErrors';
import { catchError, craftPng, pngChunk, residentMb } from '../../../test/support/engine/imageTestSupport';
import { readPngHeader, verifyPngData } from './pngImage';

describe('readPngHeader', () => {
  it('reads the IHDR size and the bytes the image data must inflate to', () => {
    const png = new PNG({ width: 40, height: 20 });
    const bytes = PNG.sync.write(png, { colorType: 2 });
    expect(readPngHeader(bytes, 'logo')).toEqual({ width: 40, height: 20, dataBytes: 20 * (1 + 40 * 3) });
    expect(readPngHeader(craftPng({ width: 3, height: 2, colourType: 0 }), 'logo')).toEqual({
      width: 3,
      height: 2,
      dataBytes: 2 * (1 + 3),
    });
  });

  it('counts every Adam7 pass of an interlaced PNG', () => {
    const bytes = craftPng({ width: 5, height: 3, colourType: 0 });
    bytes[8 + 8 + 12] = 1; // IHDR interlace method (the CRC is not checked by any decoder used here)
    // Passes of a 5x3 image: 1x1, 1x1, 0 rows, 1x1 (row 0, col 2), 2x1 (row 2), 2x2 (rows 0-2 step 2, cols 1,3), 5x1.
    const passes = [
      [1, 1],
      [1, 1],
      [2, 1],
      [2, 1],
      [2, 2],
      [5, 1],
    ];
    expect(readPngHeader(bytes, 'logo').dataBytes).toBe(
      passes.reduce((sum, [width = 0, height = 0]) => sum + height * (1 + width), 0),
    );
  });

  it('refuses an animated PNG: a browser would decode every frame', () => {
    const acTL = pngChunk('acTL', new Uint8Array([0, 0, 0, 100, 0, 0, 0, 0]));
    const error = catchError(() => readPngHeader(craftPng({ width: 4, height: 4, extraChunks: [acTL] }), 'logo'));
    expect(error).toBeInstanceOf(ImageRefusedError);
    expect(error).toMatchObject({ status: 400, elementId: 'logo', message: expect.stringMatching(/animated PNG/) });
  });

  it('refuses a critical chunk no decoder here shares (CgBI)', () => {
    const error = catchError(() =>
      readPngHeader(craftPng({ width: 4, height: 4, extraChunks: [pngChunk('CgBI', new Uint8Array(4))] }), 'logo'),
    );
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/"CgBI" chunk/) });
  });

  const good = craftPng({ width: 4, height: 4 });
  const broken: [string, Uint8Array, RegExp][] = [
    ['cut short', good.subarray(0, good.length - 5), /no IEND|past the end/],
    ['with bytes after IEND', Uint8Array.from([...good, 0]), /bytes follow its IEND/],
    [
      'with a chunk before IHDR',
      Uint8Array.from([...good.subarray(0, 8), ...pngChunk('tEXt', new Uint8Array(3)), ...good.subarray(8)]),
      /does not start with IHDR/,
    ],
    ['with a 0-pixel side', craftPng({ width: 0, height: 4 }), /impossible/],
  ];
  for (const [what, bytes, message] of broken) {
    it(`fails a PNG ${what} as broken`, () => {
      const error = catchError(() => readPngHeader(bytes, 'logo'));
      expect(error).toBeInstanceOf(RenderError);
      expect(error).toMatchObject({ code: 'RENDER_ERROR', elementId: 'logo', message: expect.stringMatching(message) });
    });
  }
});

describe('verifyPngData', () => {
  it('passes image data that inflates to exactly the header size', () => {
    expect(() => verifyPngData(PNG.sync.write(new PNG({ width: 33, height: 17 })), 'logo')).not.toThrow();
  });

  it('refuses a 1x1 PNG whose data inflates to 100 MB, stopping at once: memory stays small', () => {
    const bomb = craftPng({ width: 1, height: 1, data: new Uint8Array(100 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = residentMb();
    const error = catchError(() => verifyPngData(bomb, 'logo'));
    expect(error).toBeInstanceOf(ImageRefusedError);
    expect(error).toMatchObject({
      status: 400,
      message: expect.stringMatching(/holds more than the 1x1 pixels its header states/),
    });
    expect(residentMb() - before).toBeLessThan(50);
  });

  it('fails image data that ends early as broken', () => {
    const short = craftPng({ width: 10, height: 10, data: new Uint8Array(5 * 41) });
    expect(catchError(() => verifyPngData(short, 'logo'))).toMatchObject({
      code: 'RENDER_ERROR',
      message: expect.stringMatching(/ends early/),
    });
  });
});
