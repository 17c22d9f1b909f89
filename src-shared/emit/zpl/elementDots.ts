// One laid-out element alone, rasterised on the printer's dot grid: what the ZPL writer sends as a graphic and an import keeps as an image.
import { imageShows } from '../../elements/image/emitImageSvg';
import { rotatedBounds } from '../../layout/boxBounds';
import type { Box, LaidOutElement } from '../../layout/laidOutLabel';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { RenderPixels } from '../../render/renderPixels';
import { pointsToDots } from '../../units/length';
import { rasterizeSvg } from '../png/rasterize';
import { elementToSvg, textElementOnDots } from '../svg/emitSvg';
import { gridElementText, gridOutlines, ORIGIN_PHASES, type GridOutline, type GridText } from '../dots/glyphGrid';
import { rgbaToMonochrome } from './zplGraphic';

/** Dots of an element: one byte a dot (1 black), `left` and `top` in dots from the label's top-left corner. */
export interface ElementDots {
  left: number;
  top: number;
  width: number;
  height: number;
  bits: Uint8Array;
}

/** Dot edges (left, top, right, bottom) of a box: its nearest dots. */
function dotEdges(box: Box, dpi: number): [number, number, number, number] {
  const dots = (points: number) => Math.round(pointsToDots(points, dpi));
  return [dots(box.x), dots(box.y), dots(box.x + box.width), dots(box.y + box.height)];
}

/**
 * The dots a text's glyphs on the dot grid reach (left, top, right, bottom): every dot any outline point's bounds
 * touch; `outlines` are the glyphs' (gridOutlines). resvg's time grows with the raster's area whatever is drawn, and a
 * text box is mostly blank around its glyphs: a parcel label's text graphics took half the time cropped to their ink
 * (docs/zpl.md, "Printer fonts").
 */
export function gridTextEdges(
  text: GridText,
  outlines: readonly (GridOutline | undefined)[],
): [number, number, number, number] | undefined {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  text.glyphs.forEach((glyph, index) => {
    const outline = outlines[index];
    if (outline === undefined) return;
    const [x, y] = [glyph.x / ORIGIN_PHASES, glyph.y / ORIGIN_PHASES];
    left = Math.min(left, Math.floor(x + outline.minX));
    top = Math.min(top, Math.floor(y + outline.minY));
    right = Math.max(right, Math.ceil(x + outline.maxX));
    bottom = Math.max(bottom, Math.ceil(y + outline.maxY));
  });
  return left < right && top < bottom ? [left, top, right, bottom] : undefined;
}

/**
 * An element's raster before it is made: its place in dots and the SVG that draws it there on white paper. The SVG is
 * self-contained (glyphs as outlines, images inline), so the dots are a function of `svg` and `mode` alone.
 */
export interface ElementRaster {
  left: number;
  top: number;
  width: number;
  height: number;
  svg: string;
  /** Photos are dithered to keep their greys; everything else is thresholded to keep its edges crisp. */
  mode: 'dither' | 'threshold';
}

/**
 * The element alone at `dpi` over its drawn bounds (clipped to the label), as an ElementRaster; undefined when
 * nothing of it is on the label. The raster grid is the dot grid, so nothing is resampled on the way to the printer.
 * A text is drawn in pixels on the dot grid as the label's raster draws it (labelCornerSvg), moved by whole dots,
 * which resvg adds exactly: it inks the dots it inks there. `scope`: whose renders share glyph outlines (the team).
 */
export function elementRaster(
  element: LaidOutElement,
  label: { width: number; height: number },
  fonts: FontRegistry,
  dpi: number,
  scope = '',
): ElementRaster | undefined {
  if (element.type === 'image' && !imageShows(element, label)) return undefined;
  const text = element.type === 'text' ? gridElementText(element, dpi / 72, fonts) : undefined;
  const edges =
    text === undefined
      ? dotEdges(rotatedBounds(element.box, element.rotation), dpi)
      : gridTextEdges(text, gridOutlines(text, scope));
  if (edges === undefined) return undefined;
  const dots = (points: number) => Math.round(pointsToDots(points, dpi));
  const left = Math.max(0, edges[0]);
  const top = Math.max(0, edges[1]);
  const right = Math.min(dots(label.width), edges[2]);
  const bottom = Math.min(dots(label.height), edges[3]);
  if (right <= left || bottom <= top) return undefined;
  if (element.type === 'text' && text !== undefined) {
    const [width, height] = [right - left, bottom - top];
    const markup = textElementOnDots(element, text, scope);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/><g transform="translate(${-left} ${-top})">${markup}</g></svg>`;
    return { left, top, width, height, svg, mode: 'threshold' };
  }
  const pointsPerDot = 72 / dpi;
  // Full precision, not svgNumber's 1/1000 pt: the viewBox must sit on the dot grid exactly, or edge dots flip.
  const [x, y, width, height] = [left, top, right - left, bottom - top].map((count) => String(count * pointsPerDot));
  // On white paper, as the printer sees it: an opaque raster also keeps resvg's premultiplied alpha out of the threshold.
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${right - left}" height="${bottom - top}" viewBox="${x} ${y} ${width} ${height}">` +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#ffffff"/>${elementToSvg(element, { fonts })}</svg>`;
  return {
    left,
    top,
    width: right - left,
    height: bottom - top,
    svg,
    mode: element.type === 'image' ? 'dither' : 'threshold',
  };
}

/** The raster's dots, charged to `pixels` (as `what`) before resvg allocates them. */
export function rasterDots(raster: ElementRaster, what: string, pixels: RenderPixels): ElementDots {
  pixels.chargeRaster(raster.width, raster.height, what);
  const made = rasterizeSvg(raster.svg, raster.width);
  const bits = rgbaToMonochrome(made.rgba, made.width, made.height, raster.mode);
  return { left: raster.left, top: raster.top, width: made.width, height: made.height, bits };
}

/** The element's ElementRaster made (see rasterDots); an image's decoding is its caller's to charge. */
export function elementDots(
  element: LaidOutElement,
  label: { width: number; height: number },
  fonts: FontRegistry,
  dpi: number,
  pixels: RenderPixels,
): ElementDots | undefined {
  const raster = elementRaster(element, label, fonts, dpi);
  return raster && rasterDots(raster, `the graphic of element "${element.id}"`, pixels);
}
