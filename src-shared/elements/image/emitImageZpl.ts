// Draws a laid-out image element in ZPL: rasterised at the printer resolution, made 1-bit, sent as a ^GFA graphic.
import type { LaidOutOf } from '../../layout/laidOutLabel';
import type { ZplElementEmitter, ZplEmitContext } from '../../emit/zpl/zplContext';
import { svgNumber } from '../svgNumber';
import { boxToDots, normalizeDegrees, startsOffLabel } from '../shapeZpl';
import { emitImageSvg } from './emitImageSvg';

/**
 * JPEG is a photo format: Floyd–Steinberg dithering keeps a photo's grey levels as dot density. PNG is what
 * logos, icons and line art come as: a plain threshold keeps their edges and flat colours crisp, where
 * dithering would speckle them.
 */
function monochromeMode(mime: LaidOutOf<'image'>['mime']): 'threshold' | 'dither' {
  return mime === 'image/jpeg' ? 'dither' : 'threshold';
}

export const emitImageZpl: ZplElementEmitter<LaidOutOf<'image'>> = (element, ctx) => {
  if (normalizeDegrees(element.rotation) !== 0) return ctx.graphic(element);
  const { box } = element;
  const dots = boxToDots(box, ctx);
  // ^FO cannot go negative; the writer's raster fallback clips at the label edge.
  if (startsOffLabel(dots)) return ctx.graphic(element);
  if (dots.width <= 0 || dots.height <= 0) return '';
  ctx.pixels.chargeRaster(dots.width, dots.height, `the graphic of image "${element.id}"`);
  // The graphic depends on the image's bytes and on these alone (the element id only names the SVG's clip path):
  // made once per process for them, it is the same ^GFA for every render of the image at that size and place.
  const need = `zpl-gfa:${JSON.stringify([dots.width, dots.height, box, element.placement, element.mime])}`;
  const gfa = ctx.pixels.decoded(element, need, () => {
    const made = imageGraphic(element, dots, ctx);
    // A string of ASCII hex and Z64 text: V8 keeps it one byte a character.
    return { value: made, bytes: made.length };
  });
  return `^FO${dots.left},${dots.top}${gfa}`;
};

/** The SVG emitter's markup (placement and clip) on white paper, its viewBox the element box, one pixel a dot, made 1-bit. */
function imageGraphic(
  element: LaidOutOf<'image'>,
  dots: { width: number; height: number },
  ctx: ZplEmitContext,
): string {
  const { box } = element;
  const viewBox = [box.x, box.y, box.width, box.height].map(svgNumber).join(' ');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${dots.width}" height="${dots.height}" viewBox="${viewBox}" preserveAspectRatio="none">` +
    `<rect x="${svgNumber(box.x)}" y="${svgNumber(box.y)}" width="${svgNumber(box.width)}" height="${svgNumber(box.height)}" fill="#ffffff"/>` +
    `${emitImageSvg(element, { fonts: ctx.fonts })}</svg>`;
  return ctx.monochromeGraphic(svg, dots.width, monochromeMode(element.mime));
}
