// Rasterises an SVG string with resvg: no system fonts (text arrives as glyph outlines), no files read.
import { Resvg } from '@resvg/resvg-js';
import { RenderError } from '../../errors';

export interface RasterImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, alpha premultiplied (as resvg gives it); opaque wherever the SVG paints a background. */
  rgba: Uint8Array;
}

/**
 * Largest raster made, in pixels (256 MB of RGBA): resvg's buffers live outside the JavaScript heap, so the render
 * threads' memory limit cannot stop a huge one. 8 x 12 in at 600 dpi is 35 million.
 */
export const MAX_RASTER_PIXELS = 64_000_000;

/** Any href (plain or xlink:) whose value is not an inline data URI or a same-document #fragment. */
const EXTERNAL_HREF = /\bhref\s*=\s*["'](?!data:|#)/i;

/**
 * Scales the SVG to `widthPx` (the height follows its aspect ratio, rounded up by resvg).
 * Font loading is switched off: resvg would otherwise reload every system font on each call.
 */
export function rasterizeSvg(svg: string, widthPx: number): RasterImage {
  // resvg would read a path or file: URL from the disk; emitters inline images as data URIs, so anything else is a bug
  // (escaped data cannot open an attribute, its quotes are entities).
  if (EXTERNAL_HREF.test(svg)) throw new Error('refusing to rasterise an SVG that references an external resource');
  if (!Number.isInteger(widthPx) || widthPx < 1)
    throw new RangeError(`raster width must be a positive whole number of pixels, got ${widthPx}`);
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: widthPx },
    font: { loadSystemFonts: false },
    logLevel: 'off',
  });
  const heightPx = Math.ceil((resvg.height * widthPx) / resvg.width);
  if (widthPx * heightPx > MAX_RASTER_PIXELS) {
    throw new RenderError(
      `a raster of ${widthPx} x ${heightPx} pixels is over the limit of ${MAX_RASTER_PIXELS / 1e6} million: lower the dpi or the size`,
    );
  }
  const rendered = resvg.render();
  const pixels = rendered.pixels;
  return {
    width: rendered.width,
    height: rendered.height,
    rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
  };
}
