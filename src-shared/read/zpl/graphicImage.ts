// A ZPL graphic's dots as a laid-out image: a 1-bit PNG, black dots opaque and white ones transparent, placed in points.
import { strFromU8 } from 'fflate';
import { encode } from 'fast-png';
import type { LaidOutImage } from '../../layout/laidOutLabel';
import { placeField, pointsPerDot, type MonoBitmap, type ZplFieldContext, type ZplFieldOrigin } from './zplField';

/** ^XG's magnification: each dot drawn as `x` by `y` dots (1..10). */
export interface Magnification {
  x: number;
  y: number;
}

/** The bitmap with every dot repeated `x` times across and `y` times down, as grey + alpha pixels: black dots opaque,
 * white ones transparent so the graphic overlays what is beneath as a printer's dots do. (A 1-bit palette PNG with a
 * transparent entry would be 16 times smaller before deflate, but pdfkit draws its transparency inverted.) */
function magnifiedPixels(bitmap: MonoBitmap, { x: mx, y: my }: Magnification): Uint8Array {
  const width = bitmap.width * mx;
  const rowBytes = width * 2;
  const pixels = new Uint8Array(rowBytes * bitmap.height * my);
  for (let y = 0; y < bitmap.height; y++) {
    const rowStart = y * my * rowBytes;
    for (let x = 0; x < bitmap.width; x++) {
      const black = bitmap.dots[y * bitmap.width + x] === 1;
      for (let i = x * mx * 2; i < (x + 1) * mx * 2; i += 2) {
        pixels[rowStart + i] = black ? 0 : 255;
        pixels[rowStart + i + 1] = black ? 255 : 0;
      }
    }
    for (let copy = 1; copy < my; copy++) pixels.copyWithin(rowStart + copy * rowBytes, rowStart, rowStart + rowBytes);
  }
  return pixels;
}

/**
 * The graphic drawn with its top-left at a ^FO origin (for ^FT, its bottom-left). The renderers decode the PNG at its
 * magnified size, so that many pixels are charged to the budget before it is made.
 */
export function graphicImage(id: string, bitmap: MonoBitmap, origin: ZplFieldOrigin, magnification: Magnification, ctx: ZplFieldContext): LaidOutImage {
  const width = bitmap.width * magnification.x;
  const height = bitmap.height * magnification.y;
  ctx.budget.charge(width * height, `graphic ${id}`);
  const png = encode({ width, height, data: magnifiedPixels(bitmap, magnification), depth: 8, channels: 2 });
  const scale = pointsPerDot(ctx.dpmm);
  // Graphics have no orientation of their own in ZPL: they are always drawn upright.
  const { box: dots, rotation } = placeField(origin, 'N', width, height, height);
  const box = { x: dots.x * scale, y: dots.y * scale, width: dots.width * scale, height: dots.height * scale };
  return {
    type: 'image',
    id,
    box,
    rotation,
    mime: 'image/png',
    base64: btoa(strFromU8(png, true)),
    pixelWidth: width,
    pixelHeight: height,
    placement: box,
  };
}
