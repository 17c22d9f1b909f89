// Writes a LaidOutLabel as one SVG document (points as user units) by walking the element emitters.
import { imageShows } from '../../elements/image/emitImageSvg';
import type { FontRegistry } from '../../fonts/fontRegistry';
import { showsOnPage } from '../../layout/boxBounds';
import type { LaidOutElement, LaidOutLabel, LaidOutOf } from '../../layout/laidOutLabel';
import { escapeXml } from '../../elements/svgEscape';
import { gridElementText, gridOutline, gridSteps, GRID_STEPS_SCALE, type GridText } from '../dots/glyphGrid';
import type { SvgEmitContext } from './svgContext';
import { kindOf } from '../../elements/elementKinds';
import { svgNumber } from '../../elements/svgNumber';

/** One element's markup in points, inside a rotation about its box centre when it is rotated, reversed when it is. */
export function elementToSvg(element: LaidOutElement, ctx: SvgEmitContext): string {
  const markup = kindOf(element).emit.svg(element, ctx);
  let turned = markup;
  if (element.rotation % 360 !== 0) {
    const cx = element.box.x + element.box.width / 2;
    const cy = element.box.y + element.box.height / 2;
    turned = `<g transform="rotate(${svgNumber(element.rotation)} ${svgNumber(cx)} ${svgNumber(cy)})">${markup}</g>`;
  }
  return reversed(element, turned);
}

/** A reversed element (ZPL ^FR) is painted white and inverts what is beneath it: resvg composites the blend against the page. */
function reversed(element: LaidOutElement, markup: string): string {
  return element.reverse ? `<g style="mix-blend-mode:difference">${markup}</g>` : markup;
}

/**
 * A run's glyphs in a raster's pixels, already placed and turned (gridText): each its outline in whole 1/256 dots
 * moved to its origin on the 1/64-dot grid, inside a scale to dots. resvg scales by a power of two and adds the move
 * with no rounding, so the glyph inks the same dots here, in a raster of its text alone (moved by whole dots) and in a
 * raster of the glyph alone at that phase (glyphCoverage.ts).
 */
function textOnDots(color: string, text: GridText, scope: string): string {
  const parts = [`<g fill="${escapeXml(color)}" transform="${GRID_STEPS_SCALE}">`];
  for (const glyph of text.glyphs) {
    const outline = gridOutline(text.style, glyph.glyphId, scope);
    if (outline === undefined) continue;
    parts.push(`<path transform="translate(${gridSteps(glyph.x)} ${gridSteps(glyph.y)})" d="${outline.d}"/>`);
  }
  parts.push('</g>');
  return parts.join('');
}

/**
 * A text element in a raster's pixels, its glyphs on the dot grid and turned with it (`text`, its gridElementText; see
 * textOnDots), reversed as elementToSvg reverses it. `scope`: whose renders share the glyph outlines (the team).
 */
export function textElementOnDots(element: LaidOutOf<'text'>, text: GridText, scope: string): string {
  return reversed(element, textOnDots(element.color, text, scope));
}

/**
 * The largest box a reversed element is drawn with, in square points: resvg draws a blend into a layer the size of
 * the group, and a layer past what its pixmaps can hold (about 5.4e8 pixels) or wholly off the page aborts the whole
 * process (a Rust panic it cannot unwind). 4e6 pt² stays under that at 600 dpi (a ZPL field of 3,000-dot letters on a
 * label is drawn; one of 30,000-dot letters, metres wide, is not).
 */
const MAX_REVERSED_BOX_AREA = 4e6;

/**
 * Whether the element is drawn: an image only where some of it can show (imageShows); a reversed element only where
 * its box, turned with it, overlaps the page (a ZPL ^FR field at ^FO3000 on a 2x1 label inverts nothing there) and is
 * not larger than MAX_REVERSED_BOX_AREA.
 */
export function drawnOnLabel(element: LaidOutElement, label: LaidOutLabel): boolean {
  if (element.type === 'image' && !imageShows(element, label)) return false;
  if (!element.reverse) return true;
  if (element.box.width * element.box.height > MAX_REVERSED_BOX_AREA) return false;
  return showsOnPage(element.box, element.rotation, label);
}

export interface SvgDocumentSize {
  /** Values of the root width/height attributes, with their unit ("288pt", "812"). */
  width: string;
  height: string;
  /** Draw without antialiasing (shape-rendering crispEdges): every pixel fully inked or not, as a printer's dots are. */
  crisp?: boolean;
  /**
   * The points the outer size shows, from the label's top-left corner (paper past the label's edges); default the
   * label's own size, stretched to the outer size.
   */
  view?: { width: number; height: number };
}

/** The label's SVG with a chosen outer size; the viewBox is in points. */
export function labelToSvg(label: LaidOutLabel, fonts: FontRegistry, size: SvgDocumentSize): string {
  // Full precision, not svgNumber's 1/1000 pt: a view on a dot grid must stay on it to the last dot.
  const [viewWidth, viewHeight] = size.view
    ? [String(size.view.width), String(size.view.height)]
    : [svgNumber(label.width), svgNumber(label.height)];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${viewWidth} ${viewHeight}" preserveAspectRatio="none"${size.crisp ? ' shape-rendering="crispEdges"' : ''}>`,
    ...labelBody(label, fonts, label.elements, [viewWidth, viewHeight]),
    '</svg>',
  ].join('');
}

/** The pixels of a raster of the label: its size, the points they show from the label's top-left corner, its dpi. */
export interface PixelGrid {
  width: number;
  height: number;
  view: { width: number; height: number };
  /** Dots (pixels) per inch: texts' glyphs are put on its grid (see glyphGrid.ts). */
  dpi: number;
}

/**
 * The top-left `width` x `height` pixels of the label's raster on `grid`, with only `elements` (some of the label's, in
 * its paint order) drawn over its paper: the whole label's raster (corner: the grid's size) and what a part of a kept
 * raster is redrawn from (emit/png/rasterPatch.ts). The pixels are the raster's own, not a view moved onto them: resvg
 * maps each point by the same numbers as in the whole label's SVG (its scale as a matrix equal to the one a viewBox
 * in points gives), where a translated view rounds some glyph edges otherwise (32 to 64 levels in a few pixels of 40%
 * of the places tried on the parcel label). Texts are drawn in pixels, on the dot grid (textElementOnDots), so that a
 * text rasterised alone (ZPL graphic text) inks the very dots it inks here. `scope`: whose renders share the glyph
 * outlines (the team).
 */
export function labelCornerSvg(
  label: LaidOutLabel,
  fonts: FontRegistry,
  elements: readonly LaidOutElement[],
  grid: PixelGrid,
  corner: { width: number; height: number },
  scope = '',
): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${corner.width}" height="${corner.height}" viewBox="0 0 ${corner.width} ${corner.height}" preserveAspectRatio="none">`,
    ...dotsBody(label, fonts, elements, grid, scope),
    '</svg>',
  ].join('');
}

/** The label's whole raster on `grid` as SVG (see labelCornerSvg). */
export function labelRasterSvg(label: LaidOutLabel, fonts: FontRegistry, grid: PixelGrid, scope = ''): string {
  return labelCornerSvg(label, fonts, label.elements, grid, grid, scope);
}

/**
 * labelBody on a raster's pixels: texts in pixels on the dot grid, everything else in points inside a scale to pixels
 * (one group a run of such elements, in paint order), the mirror and print band in pixels.
 */
function dotsBody(
  label: LaidOutLabel,
  fonts: FontRegistry,
  elements: readonly LaidOutElement[],
  grid: PixelGrid,
  scope: string,
): string[] {
  // resvg scales a viewBox by the quotient of 32-bit floats: the view's side as a float (215.52 is not one), the
  // division rounded to a float. That number (JavaScript's division of the two floats, rounded once) written in full
  // reads back as itself.
  const [scaleX, scaleY] = [
    Math.fround(grid.width / Math.fround(grid.view.width)),
    Math.fround(grid.height / Math.fround(grid.view.height)),
  ];
  const ctx: SvgEmitContext = { fonts };
  const dotsPerPoint = grid.dpi / 72;
  const parts: string[] = [];
  let inPoints = false;
  const points = (markup: string) => {
    if (!inPoints) parts.push(`<g transform="matrix(${scaleX} 0 0 ${scaleY} 0 0)">`);
    inPoints = true;
    parts.push(markup);
  };
  const pixels = (markup: string) => {
    if (inPoints) parts.push('</g>');
    inPoints = false;
    parts.push(markup);
  };
  const [viewWidth, viewHeight] = [String(grid.view.width), String(grid.view.height)];
  points(`<rect x="0" y="0" width="${viewWidth}" height="${viewHeight}" fill="#ffffff"/>`);
  if (label.mirror) pixels(`<g transform="matrix(-1 0 0 1 ${label.width * scaleX} 0)">`);
  const { clip } = label;
  if (clip) {
    const [x, y, width, height] = [clip.x * scaleX, clip.y * scaleY, clip.width * scaleX, clip.height * scaleY];
    const band = `x="${x}" y="${y}" width="${width}" height="${height}"`;
    pixels(
      `<clipPath id="label-print-band"><rect ${band}/></clipPath><g clip-path="url(#label-print-band)"><rect ${band} fill="#ffffff"/>`,
    );
  }
  for (const element of elements) {
    if (!drawnOnLabel(element, label)) continue;
    if (element.type === 'text')
      pixels(textElementOnDots(element, gridElementText(element, dotsPerPoint, fonts), scope));
    else points(elementToSvg(element, ctx));
  }
  if (clip) pixels('</g>');
  if (label.mirror) pixels('</g>');
  if (inPoints) parts.push('</g>');
  return parts;
}

/** The paper, then `elements` in order, inside the label's mirror and print band when it has them. */
function labelBody(
  label: LaidOutLabel,
  fonts: FontRegistry,
  elements: readonly LaidOutElement[],
  [viewWidth, viewHeight]: readonly [string, string],
): string[] {
  const ctx: SvgEmitContext = { fonts };
  const parts = [`<rect x="0" y="0" width="${viewWidth}" height="${viewHeight}" fill="#ffffff"/>`];
  // ^PMY: one group flips the whole drawing about the label's vertical centre line (a group with only a transform
  // does not isolate, so reversed elements still blend with the page).
  if (label.mirror) parts.push(`<g transform="matrix(-1 0 0 1 ${svgNumber(label.width)} 0)">`);
  // ^PW's band: a clipped group is drawn on a layer of its own, so it gets its own paper for reversed fields to invert.
  const { clip } = label;
  if (clip) {
    const band = `x="${svgNumber(clip.x)}" y="${svgNumber(clip.y)}" width="${svgNumber(clip.width)}" height="${svgNumber(clip.height)}"`;
    parts.push(
      `<clipPath id="label-print-band"><rect ${band}/></clipPath><g clip-path="url(#label-print-band)"><rect ${band} fill="#ffffff"/>`,
    );
  }
  for (const element of elements) {
    if (drawnOnLabel(element, label)) parts.push(elementToSvg(element, ctx));
  }
  if (clip) parts.push('</g>');
  if (label.mirror) parts.push('</g>');
  return parts;
}

/** A standalone SVG whose physical size is the label's size in points. */
export function emitSvg(label: LaidOutLabel, fonts: FontRegistry): string {
  return labelToSvg(label, fonts, { width: `${svgNumber(label.width)}pt`, height: `${svgNumber(label.height)}pt` });
}
