// Lays out an image element: takes its value (expression or src), checks and measures it, and places it by its fit.
import type { ElementLayout } from '../../layout/layoutContext';
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import { IMAGE_DEFAULTS, type ImageElement } from './imageSchema';
import { libraryImageName } from './libraryImageRefs';

/**
 * Where the whole image goes, centred in the box: 'contain' shows all of it (bands left empty), 'cover' fills the
 * box (the overflow is clipped by the emitters), 'fill' stretches it to the box.
 */
export function imagePlacement(
  box: Box,
  pixelWidth: number,
  pixelHeight: number,
  fit: NonNullable<ImageElement['fit']>,
): Box {
  if (fit === 'fill') return { ...box };
  const pick = fit === 'contain' ? Math.min : Math.max;
  const scale = pick(box.width / pixelWidth, box.height / pixelHeight);
  const width = pixelWidth * scale;
  const height = pixelHeight * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** An expression's value wins; when it yields nothing (say missing data), `src` is the fallback image. */
export const layoutImage: ElementLayout<ImageElement, LaidOutOf<'image'>> = (element, box, ctx) => {
  const content = ctx.content(element);
  const value = content === undefined || content === '' ? element.src : content;
  if (value === undefined || value === '') {
    ctx.warn({
      code: 'IMAGE_MISSING',
      message: `image "${element.id}" has no value: nothing is drawn`,
      elementId: element.id,
    });
    return null;
  }
  // The server puts every library image the team has in before layout: a name still here is not in the library.
  const library = libraryImageName(value);
  if (library !== undefined) {
    const why =
      value === element.src
        ? "the team's image library has no such image"
        : 'library images are named in src, not by an expression';
    ctx.warn({
      code: 'IMAGE_MISSING',
      message: `image "${element.id}" uses library image "${library}": ${why}: nothing is drawn`,
      elementId: element.id,
    });
    return null;
  }
  const image = ctx.pixels.readImage(value, element.id);
  return {
    type: 'image',
    id: element.id,
    box,
    rotation: element.rotation,
    ...image,
    placement: imagePlacement(box, image.pixelWidth, image.pixelHeight, element.fit ?? IMAGE_DEFAULTS.fit),
  };
};
