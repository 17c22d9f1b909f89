// One laid-out element alone, rasterised on the printer's dot grid: what the ZPL writer sends as a graphic and an import keeps as an image.
import { imageShows } from '../../elements/image/emitImageSvg';
import { rotatedBounds, unionBox } from '../../layout/boxBounds';
import { inkBoxes } from '../../layout/inkBoxes';
import type { Box, LaidOutElement } from '../../layout/laidOutLabel';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { RenderPixels } from '../../render/renderPixels';
import { pointsToDots } from '../../units/length';
import { rasterizeSvg } from '../png/rasterize';
import { elementToSvg } from '../svg/emitSvg';
import { rgbaToMonochrome } from './zplGraphic';

/** Dots of an element: one byte a dot (1 black), `left` and `top` in dots from the label's top-left corner. */
export interface ElementDots {
  left: number;
  top: number;
  width: number;
  height: number;
  bits: Uint8Array;
}

/** Dot edges (left, top, right, bottom) of a box: its nearest dots, or for ink every dot it touches. */
function dotEdges(box: Box, dpi: number, reach: 'nearest' | 'touched'): [number, number, number, number] {
  const dots = (points: number) => pointsToDots(points, dpi);
  const [left, top, right, bottom] = [dots(box.x), dots(box.y), dots(box.x + box.width), dots(box.y + box.height)];
  if (reach === 'nearest') return [Math.round(left), Math.round(top), Math.round(right), Math.round(bottom)];
  return [Math.floor(left), Math.floor(top), Math.ceil(right), Math.ceil(bottom)];
}

/**
 * Where the raster must reach: a text's glyph bounds, anything else its whole rotated box. resvg's time grows with the
 * raster's area whatever is drawn, and a text box is mostly blank around its glyphs: a parcel label's text graphics
 * took half the time cropped to their ink (docs/zpl.md, "Printer fonts"). Outside the glyph bounds no dot is inked, so the dots are the same.
 */
function rasterEdges(
  element: LaidOutElement,
  fonts: FontRegistry,
  dpi: number,
): [number, number, number, number] | undefined {
  if (element.type !== 'text') return dotEdges(rotatedBounds(element.box, element.rotation), dpi, 'nearest');
  const ink = unionBox(inkBoxes(element, fonts, 'area'));
  return ink === undefined ? undefined : dotEdges(ink, dpi, 'touched');
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
 */
export function elementRaster(
  element: LaidOutElement,
  label: { width: number; height: number },
  fonts: FontRegistry,
  dpi: number,
): ElementRaster | undefined {
  if (element.type === 'image' && !imageShows(element, label)) return undefined;
  const edges = rasterEdges(element, fonts, dpi);
  if (edges === undefined) return undefined;
  const dots = (points: number) => Math.round(pointsToDots(points, dpi));
  const left = Math.max(0, edges[0]);
  const top = Math.max(0, edges[1]);
  const right = Math.min(dots(label.width), edges[2]);
  const bottom = Math.min(dots(label.height), edges[3]);
  if (right <= left || bottom <= top) return undefined;
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
