// Lifts graphics read from ZPL into template image elements, and draws what templates cannot express as such an image.
import type { ElementOf } from '../../elements/elementSchema';
import { MAX_IMAGE_BYTES } from '../../elements/image/imageSchema';
import { elementDots } from '../../emit/zpl/elementDots';
import type { LaidOutElement, LaidOutOf } from '../../layout/laidOutLabel';
import { paintElement } from '../../layout/paintElement';
import { pngBase64 } from './graphicImage';
import { type LiftContext } from './liftGeometry';
import { pointsPerDot } from './zplField';

type ImageElement = ElementOf<'image'>;

/** An image element, unless its data is over the template's image limit (a warning says so). */
function imageElement(
  id: string,
  element: LaidOutElement,
  mime: string,
  base64: string,
  ctx: LiftContext,
  box = element.box,
  rotation = element.rotation,
): ImageElement | undefined {
  if ((base64.length * 3) / 4 > MAX_IMAGE_BYTES) {
    ctx.warn({
      code: 'ZPL_IMPORT_SKIPPED',
      elementId: element.id,
      message: `a graphic of more than ${MAX_IMAGE_BYTES / 1024 / 1024} MB as PNG is over the template's image limit: left out`,
    });
    return undefined;
  }
  return {
    id,
    type: 'image',
    ...ctx.place(box, rotation),
    src: `data:${mime};base64,${base64}`,
    fit: 'fill',
    ...(element.reverse ? { reverse: true } : {}),
  };
}

/** A ZPL graphic (^GF, ^XG, ^IM…) as the PNG the reader made of it: dots opaque, paper transparent, white when reversed. */
export function liftImage(element: LaidOutOf<'image'>, id: string, ctx: LiftContext): ImageElement | undefined {
  return imageElement(id, element, element.mime, element.base64, ctx, element.placement);
}

/**
 * The element's drawing at the printer's resolution as a PNG image, upright over its bounds. A reversed element is
 * drawn black and its PNG's dots made white, as the reader makes a reversed graphic.
 */
export function elementImage(element: LaidOutElement, id: string, ctx: LiftContext): ImageElement | undefined {
  if (element.type === 'image') ctx.pixels.chargeDrawing(element);
  const dots = elementDots(
    element.reverse ? paintElement(element, '#000000') : element,
    ctx.label,
    ctx.fonts,
    ctx.dpmm * 25.4,
    ctx.pixels,
  );
  if (dots === undefined) return undefined;
  const base64 = pngBase64(
    { width: dots.width, height: dots.height, dots: dots.bits },
    { x: 1, y: 1 },
    element.reverse === true,
  );
  const ppd = pointsPerDot(ctx.dpmm);
  return imageElement(
    id,
    element,
    'image/png',
    base64,
    ctx,
    { x: dots.left * ppd, y: dots.top * ppd, width: dots.width * ppd, height: dots.height * ppd },
    0,
  );
}
