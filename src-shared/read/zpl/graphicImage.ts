// A ZPL graphic's dots as a laid-out image: a two-colour PNG, black dots opaque and white ones transparent, placed in points.
import { strFromU8 } from 'fflate';
import { encode } from 'fast-png';
import type { LaidOutImage } from '../../layout/laidOutLabel';
import { placeField, pointsPerDot, type MonoBitmap, type ZplFieldContext, type ZplFieldOrigin } from './zplField';

/** ^XG's magnification: each dot drawn as `x` by `y` dots (1..10). */
export interface Magnification {
  x: number;
  y: number;
}

/**
 * Palette entry 0 is white paper, left transparent so the graphic overlays what is beneath as a printer's dots do; 1 is
 * a dot: black, or white for a reversed graphic, which the emitters blend by difference (inverting what is beneath).
 * Eight bits an index, so a bitmap's dots are the samples as they are. (A 1-bit palette would deflate 8 times fewer
 * bytes, but pdfkit reads its transparency as if each byte were one index and draws it wrong.)
 */
const PALETTE = [
  [255, 255, 255, 0],
  [0, 0, 0, 255],
];
const REVERSED_PALETTE = [
  [255, 255, 255, 0],
  [255, 255, 255, 255],
];

/** The bitmap's dots with every dot repeated `x` times across and `y` times down. */
function magnifiedDots(bitmap: MonoBitmap, { x: mx, y: my }: Magnification): Uint8Array {
  if (mx === 1 && my === 1) return bitmap.dots;
  const width = bitmap.width * mx;
  const dots = new Uint8Array(width * bitmap.height * my);
  for (let y = 0; y < bitmap.height; y++) {
    const rowStart = y * my * width;
    for (let x = 0; x < bitmap.width; x++)
      dots.fill(bitmap.dots[y * bitmap.width + x] ?? 0, rowStart + x * mx, rowStart + (x + 1) * mx);
    for (let copy = 1; copy < my; copy++) dots.copyWithin(rowStart + copy * width, rowStart, rowStart + width);
  }
  return dots;
}

/**
 * Encoded PNGs (base64) by bitmap and magnification: bitmaps come from the decode cache, so a logo in every label of
 * a stream, or recalled with ^XG in each, is encoded once.
 */
const encoded = new WeakMap<MonoBitmap, Map<string, string>>();

export function pngBase64(bitmap: MonoBitmap, magnification: Magnification, reverse: boolean): string {
  let byMagnification = encoded.get(bitmap);
  if (byMagnification === undefined) encoded.set(bitmap, (byMagnification = new Map()));
  const key = `${magnification.x}x${magnification.y}${reverse ? 'R' : ''}`;
  let base64 = byMagnification.get(key);
  if (base64 === undefined) {
    const data = magnifiedDots(bitmap, magnification);
    const png = encode({
      width: bitmap.width * magnification.x,
      height: bitmap.height * magnification.y,
      data,
      depth: 8,
      channels: 1,
      palette: reverse ? REVERSED_PALETTE : PALETTE,
    });
    base64 = btoa(strFromU8(png, true));
    byMagnification.set(key, base64);
  }
  return base64;
}

/**
 * The graphic drawn with its top-left at a ^FO origin (for ^FT, its bottom-left), inverting what is beneath its dots
 * when `reverse` (^FR/^LR). The renderers decode the PNG at its magnified size, so that many pixels are charged to the
 * budget before it is made.
 */
export function graphicImage(
  id: string,
  bitmap: MonoBitmap,
  origin: ZplFieldOrigin,
  magnification: Magnification,
  reverse: boolean,
  ctx: ZplFieldContext,
): LaidOutImage {
  const width = bitmap.width * magnification.x;
  const height = bitmap.height * magnification.y;
  ctx.budget.charge(width * height, `graphic ${id}`);
  const scale = pointsPerDot(ctx.dpmm);
  // Graphics have no orientation of their own in ZPL: they are always drawn upright.
  const { box: dots, rotation } = placeField(origin, 'N', width, height, height);
  const box = { x: dots.x * scale, y: dots.y * scale, width: dots.width * scale, height: dots.height * scale };
  const image: LaidOutImage = {
    type: 'image',
    id,
    box,
    rotation,
    mime: 'image/png',
    base64: pngBase64(bitmap, magnification, reverse),
    pixelWidth: width,
    pixelHeight: height,
    placement: box,
  };
  return reverse ? { ...image, reverse } : image;
}
