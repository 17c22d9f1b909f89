// Rasterises a checked library SVG into the PNG renders draw (in a render worker: killable at the pool's time and memory limits).
import { Resvg } from '@resvg/resvg-js';
import { BadRequestError } from '@shared/errors';

export interface SvgRaster {
  png: Uint8Array;
  width: number;
  height: number;
}

/**
 * Scales the SVG so its longer side is `longerSidePx` pixels. Fonts are off (checkSvg refuses text), and resvg gets
 * the text only: checkSvg has made sure it refers to nothing but #fragments and embedded rasters.
 */
export function rasterizeSvgImage(svg: string, longerSidePx: number): SvgRaster {
  const options = { font: { loadSystemFonts: false }, logLevel: 'off' as const };
  const { width, height } = new Resvg(svg, options);
  if (!(width > 0 && height > 0))
    throw new BadRequestError('the SVG has no size: give the <svg> element a viewBox or a width and height');
  const zoom = longerSidePx / Math.max(width, height);
  const rendered = new Resvg(svg, { ...options, fitTo: { mode: 'zoom', value: zoom } }).render();
  const png = rendered.asPng();
  return {
    png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
    width: rendered.width,
    height: rendered.height,
  };
}
