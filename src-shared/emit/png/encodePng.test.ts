// encodePng on hand-made premultiplied rasters: the decoded pixels are the raster over white paper, grey or colour, wherever its bytes start.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng, imageScanlines, rewriteScanlines } from './encodePng';
import type { RasterImage } from './rasterize';

/** Premultiplied RGBA pixels, as resvg gives them: [r, g, b, a] with r, g, b <= a. */
function raster(width: number, pixels: [number, number, number, number][]): RasterImage {
  return { width, height: pixels.length / width, rgba: Uint8Array.from(pixels.flat()) };
}

/** The PNG's colour type (IHDR byte 9) and its pixels as opaque RGB triples. */
function decoded(png: Uint8Array): { colorType: number; rgb: number[][] } {
  const image = PNG.sync.read(Buffer.from(png));
  const rgb: number[][] = [];
  for (let index = 0; index < image.data.length; index += 4)
    rgb.push([image.data[index]!, image.data[index + 1]!, image.data[index + 2]!]);
  return { colorType: png[25]!, rgb };
}

const TRANSPARENT: [number, number, number, number] = [0, 0, 0, 0];
const WHITE: [number, number, number, number] = [255, 255, 255, 255];
const BLACK: [number, number, number, number] = [0, 0, 0, 255];
/** Half-covered black (an antialiased edge): premultiplied, grey 128 over paper. */
const HALF_BLACK: [number, number, number, number] = [0, 0, 0, 127];
/** Half-covered grey 100: 50 premultiplied, 50 + 128 over paper. */
const HALF_GREY: [number, number, number, number] = [50, 50, 50, 127];

describe('encodePng', () => {
  it('writes grey samples, each pixel composited over white paper', () => {
    const { colorType, rgb } = decoded(
      encodePng(raster(3, [WHITE, BLACK, TRANSPARENT, HALF_BLACK, HALF_GREY, WHITE]), 203.2),
    );
    expect(colorType).toBe(0);
    expect(rgb).toEqual([
      [255, 255, 255],
      [0, 0, 0],
      [255, 255, 255],
      [128, 128, 128],
      [178, 178, 178],
      [255, 255, 255],
    ]);
  });

  it('writes printer dots as 1-bit grey: black where the pixel over paper is darker than the ZPL threshold', () => {
    // Nine pixels wide, so a row spills into a second byte; a dark red prints, a light grey and half-covered black do not.
    const row: [number, number, number, number][] = [
      BLACK,
      WHITE,
      TRANSPARENT,
      HALF_BLACK,
      [100, 0, 0, 255],
      [200, 200, 200, 255],
      BLACK,
      WHITE,
      BLACK,
    ];
    const png = encodePng(raster(9, [...row, ...row.slice().reverse()]), 203.2, { dots: true });
    expect([png[24], png[25]]).toEqual([1, 0]);
    const { rgb } = decoded(png);
    const shade = (on: boolean) => (on ? [0, 0, 0] : [255, 255, 255]);
    const expectedRow = [true, false, false, false, true, false, true, false, true].map(shade);
    expect(rgb).toEqual([...expectedRow, ...expectedRow.slice().reverse()]);
  });

  it('weighs each channel by its own luma weight when deciding a dot', () => {
    // Blue at 230 is dark (luma 26) and green at 230 is light (135): a swap of the two channels would flip both.
    const png = encodePng(
      raster(2, [
        [0, 0, 230, 255],
        [0, 230, 0, 255],
      ]),
      203.2,
      { dots: true },
    );
    expect(decoded(png).rgb).toEqual([
      [0, 0, 0],
      [255, 255, 255],
    ]);
  });

  it('writes colour samples once one pixel is not grey, wherever it is', () => {
    const { colorType, rgb } = decoded(encodePng(raster(2, [WHITE, BLACK, HALF_BLACK, [100, 0, 20, 127]]), 300));
    expect(colorType).toBe(2);
    expect(rgb).toEqual([
      [255, 255, 255],
      [0, 0, 0],
      [128, 128, 128],
      [228, 128, 148],
    ]);
  });

  it('gives the same bytes for pixels that start at an odd offset of their buffer', () => {
    const image = raster(3, [WHITE, BLACK, HALF_GREY, HALF_BLACK, TRANSPARENT, WHITE]);
    const shifted = new Uint8Array(image.rgba.length + 1);
    shifted.set(image.rgba, 1);
    expect(encodePng({ ...image, rgba: shifted.subarray(1) }, 203.2)).toEqual(encodePng(image, 203.2));
  });

  describe('rewriteScanlines', () => {
    const white: [number, number, number, number] = [255, 255, 255, 255];
    const grey: [number, number, number, number] = [90, 90, 90, 255];
    const red: [number, number, number, number] = [200, 10, 10, 255];
    const rect = { left: 1, top: 0, right: 2, bottom: 2 };

    it("rewrites a rectangle's rows to what the whole image's are, as long as the colour type holds", () => {
      const before = raster(3, [red, white, white, white, white, grey]);
      const after = raster(3, [red, grey, white, white, red, grey]);
      const rewritten = rewriteScanlines(imageScanlines(before), after, [rect]);
      expect(rewritten).toEqual(imageScanlines(after));
      const greyBefore = raster(2, [white, white, grey, white]);
      const greyAfter = raster(2, [white, grey, grey, [0, 0, 0, 0]]);
      expect(rewriteScanlines(imageScanlines(greyBefore), greyAfter, [rect])).toEqual(imageScanlines(greyAfter));
    });

    it('gives undefined where colour comes to a grey image or its last colour goes', () => {
      const greyImage = raster(3, [white, white, grey, white, white, white]);
      expect(
        rewriteScanlines(imageScanlines(greyImage), raster(3, [white, red, grey, white, white, white]), [rect]),
      ).toBeUndefined();
      const coloured = raster(3, [white, red, grey, white, white, white]);
      expect(rewriteScanlines(imageScanlines(coloured), greyImage, [rect])).toBeUndefined();
    });
  });
});
