// Redraws a kept label raster where the next label of its template differs: the changed elements' old and new places, each drawn by resvg from every element there, in paint order.
import { isDeepStrictEqual } from 'node:util';
import type { FontRegistry } from '../../fonts/fontRegistry';
import { rotatedBounds, unionBox } from '../../layout/boxBounds';
import { inkBoxes } from '../../layout/inkBoxes';
import type { Box, LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import type { RenderPixels } from '../../render/renderPixels';
import { drawnOnLabel, labelCornerSvg, type PixelGrid } from '../svg/emitSvg';
import type { PixelRect } from './encodePng';
import type { KeptRaster } from './keptRasters';
import { rasterizeSvg, type RasterImage } from './rasterize';

/**
 * Past this share of the label's pixels to redraw, the whole label is drawn instead: the corner canvas, its paper and
 * the copy would cost about what they save.
 */
const MOST_OF_THE_LABEL = 0.5;

/**
 * Where an element can put ink, in points: its ink boxes (glyph bounds, bars, strokes) turned with it, and but for a
 * text its box too (a text draws its glyphs only, and its box is often much wider than they are), widened by its
 * stroke's whole width (square caps and mitred corners reach past the half its ink boxes count). Undefined: no ink.
 */
function drawnBounds(element: LaidOutElement, fonts: FontRegistry): Box | undefined {
  const ink = inkBoxes(element, fonts, 'area');
  const box = unionBox(element.type === 'text' ? ink : [rotatedBounds(element.box, element.rotation), ...ink]);
  if (box === undefined) return undefined;
  const pad = 'strokeWidth' in element ? Math.max(0, element.strokeWidth) : 0;
  return { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad };
}

/**
 * Pixels added around an element's bounds: one its antialiased edge may touch, one to spare. Not more: each pixel
 * more can reach a neighbour (the parcel label's logo sits 4 pixels above the recipient's name) and draw it too.
 */
const EDGE_PIXELS = 2;

/** `bounds` in whole pixels of the grid, EDGE_PIXELS more on each side, within the raster (empty: no bounds). */
function pixelRect(bounds: Box | undefined, grid: PixelGrid): PixelRect {
  if (bounds === undefined) return { left: 0, top: 0, right: 0, bottom: 0 };
  const [scaleX, scaleY] = [grid.width / grid.view.width, grid.height / grid.view.height];
  return {
    left: Math.max(0, Math.floor(bounds.x * scaleX) - EDGE_PIXELS),
    top: Math.max(0, Math.floor(bounds.y * scaleY) - EDGE_PIXELS),
    right: Math.min(grid.width, Math.ceil((bounds.x + bounds.width) * scaleX) + EDGE_PIXELS),
    bottom: Math.min(grid.height, Math.ceil((bounds.y + bounds.height) * scaleY) + EDGE_PIXELS),
  };
}

/**
 * The parts of its bounds an element can put ink in: its bounds, but for a frame (a rectangle outline without fill)
 * the four bands along its sides, each twice its stroke deep, and the four corners as far as a rounded corner reaches
 * in: a frame around a parcel's own texts is not drawn again with them, nor its whole box made dirty.
 */
function inkParts(element: LaidOutElement, bounds: Box): Box[] {
  if (element.type !== 'rect' || element.fill !== undefined || element.rotation % 360 !== 0) return [bounds];
  const { x, y, width, height } = bounds;
  const stroke = Math.max(0, element.strokeWidth);
  const [band, corner] = [2 * stroke, element.cornerRadius + 2 * stroke].map((depth) =>
    Math.min(depth, width / 2, height / 2),
  ) as [number, number];
  const [right, bottom] = [x + width, y + height];
  return [
    { x, y, width, height: band },
    { x, y: bottom - band, width, height: band },
    { x, y, width: band, height },
    { x: right - band, y, width: band, height },
    { x, y, width: corner, height: corner },
    { x: right - corner, y, width: corner, height: corner },
    { x, y: bottom - corner, width: corner, height: corner },
    { x: right - corner, y: bottom - corner, width: corner, height: corner },
  ];
}

function meets(a: PixelRect, b: PixelRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function isEmpty(rect: PixelRect): boolean {
  return rect.right <= rect.left || rect.bottom <= rect.top;
}

function joined(a: PixelRect, b: PixelRect): PixelRect {
  return {
    left: Math.min(a.left, b.left),
    top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
  };
}

/** The rectangles, those that overlap joined into one until none do. */
function merged(rects: PixelRect[]): PixelRect[] {
  const out: PixelRect[] = [];
  for (let rect of rects) {
    for (let i = out.length - 1; i >= 0; i--) {
      const other = out[i] as PixelRect;
      if (!meets(rect, other)) continue;
      rect = joined(rect, other);
      out.splice(i, 1);
      i = out.length;
    }
    out.push(rect);
  }
  return out;
}

interface DrawnElement {
  element: LaidOutElement;
  /** The pixels it may touch. */
  rect: PixelRect;
  /** The parts of those it may touch (inkParts). */
  parts: PixelRect[];
}

/**
 * The places that differ between two labels' drawn elements: of each element that differs, was added or is gone,
 * where it was and where it is. Elements are paired by id, where each id is drawn once and the ids both labels draw
 * come in the same order (a template's labels: an element that appears by its condition then shifts no other);
 * otherwise by place in the paint order.
 */
function changedPlaces(old: DrawnElement[], now: DrawnElement[]): PixelRect[] {
  const [oldById, nowById] = [byId(old), byId(now)];
  const pairs: [DrawnElement | undefined, DrawnElement | undefined][] = [];
  const shared = (from: DrawnElement[], other: Map<string, DrawnElement> | undefined) =>
    from.filter(({ element }) => other?.has(element.id)).map(({ element }) => element.id);
  if (oldById && nowById && isDeepStrictEqual(shared(old, nowById), shared(now, oldById))) {
    for (const was of old) pairs.push([was, nowById.get(was.element.id)]);
    for (const is of now) if (!oldById.has(is.element.id)) pairs.push([undefined, is]);
  } else {
    for (let i = 0; i < Math.max(old.length, now.length); i++) pairs.push([old[i], now[i]]);
  }
  const places: PixelRect[] = [];
  for (const [was, is] of pairs) {
    if (was !== undefined && is !== undefined && isDeepStrictEqual(was.element, is.element)) continue;
    for (const changed of [was, is]) if (changed) places.push(...changed.parts.filter((part) => !isEmpty(part)));
  }
  return places;
}

/** The elements by id, or undefined when an id is drawn twice. */
function byId(drawn: DrawnElement[]): Map<string, DrawnElement> | undefined {
  const map = new Map(drawn.map((entry) => [entry.element.id, entry]));
  return map.size === drawn.length ? map : undefined;
}

/** The elements the label draws on its page, in paint order, with the pixels each may touch. */
function drawnElements(label: LaidOutLabel, fonts: FontRegistry, grid: PixelGrid): DrawnElement[] {
  return label.elements
    .filter((element) => drawnOnLabel(element, label))
    .map((element) => {
      const bounds = drawnBounds(element, fonts);
      const parts = bounds === undefined ? [] : inkParts(element, bounds);
      return { element, rect: pixelRect(bounds, grid), parts: parts.map((part) => pixelRect(part, grid)) };
    });
}

/** A kept raster made another label's: its pixels (the same array) and the rectangles redrawn in it (none: the same label). */
export interface PatchedRaster {
  raster: RasterImage;
  dirty: PixelRect[];
}

/**
 * `kept`'s raster made the pixels of `label`, redrawing only where they differ, or undefined where the whole label
 * must be drawn (a mirrored or banded label, another size, most of it changed). The raster is changed in place.
 *
 * An element is compared with the same element of the kept label (changedPlaces); where they differ, both places are
 * dirty (what was drawn goes, what is drawn comes), and so are the places of elements added or gone. The
 * pixels of each dirty rectangle are then what resvg draws of every element that reaches it, paper first, in paint
 * order: the same pixels as the whole label's raster, since resvg draws them by the same numbers on the same pixel
 * grid (labelCornerSvg), on a canvas from the label's corner that holds every such element whole, so that no path is
 * cut at an edge the whole label's canvas does not have. A reversed element that reaches a dirty rectangle makes its
 * whole place dirty: it inverts what is under all of it, and resvg blends it on a layer that must lie on the canvas.
 */
export function patchRaster(
  kept: Pick<KeptRaster, 'label' | 'raster'>,
  label: LaidOutLabel,
  fonts: FontRegistry,
  grid: PixelGrid,
  pixels: RenderPixels,
  scope = '',
): PatchedRaster | undefined {
  const { raster } = kept;
  const before = kept.label;
  if (label.mirror || label.clip || before.mirror || before.clip) return undefined;
  if (label.width !== before.width || label.height !== before.height) return undefined;
  if (raster.width !== grid.width || raster.height !== grid.height) return undefined;
  const [old, now] = [drawnElements(before, fonts, grid), drawnElements(label, fonts, grid)];
  let dirty = changedPlaces(old, now);
  if (dirty.length === 0) return { raster, dirty };
  for (let grown = true; grown;) {
    dirty = merged(dirty);
    grown = false;
    for (const { element, rect } of now) {
      if (!element.reverse || isEmpty(rect)) continue;
      const index = dirty.findIndex((area) => meets(area, rect) && !isDeepStrictEqual(joined(area, rect), area));
      if (index < 0) continue;
      dirty[index] = joined(dirty[index] as PixelRect, rect);
      grown = true;
    }
  }
  const area = dirty.reduce((sum, rect) => sum + (rect.right - rect.left) * (rect.bottom - rect.top), 0);
  if (area > MOST_OF_THE_LABEL * grid.width * grid.height) return undefined;
  const drawn = now.filter(({ parts }) =>
    parts.some((part) => !isEmpty(part) && dirty.some((area) => meets(area, part))),
  );
  // The canvas holds every drawn element whole (or reaches the raster's edge, as the whole label's canvas does).
  const corner = [...dirty, ...drawn.map(({ rect }) => rect)].reduce(joined);
  // A canvas past what is left of the render's budget: the whole label, which needs no more than it has been charged,
  // so that a kept raster never makes a render refused that would be drawn without one.
  if (pixels.budget.used + corner.right * corner.bottom > pixels.budget.limit) return undefined;
  pixels.chargeRaster(corner.right, corner.bottom, 'a redrawn part of the label');
  const svg = labelCornerSvg(
    label,
    fonts,
    drawn.map(({ element }) => element),
    grid,
    { width: corner.right, height: corner.bottom },
    scope,
  );
  const part = rasterizeSvg(svg, corner.right);
  if (part.width !== corner.right || part.height !== corner.bottom) return undefined;
  for (const rect of dirty) copyRect(part, raster, rect);
  return { raster, dirty };
}

/** Copies `rect` of `from` (a raster from the same corner) into `to`, row by row. */
function copyRect(from: RasterImage, to: RasterImage, rect: PixelRect): void {
  const rowBytes = (rect.right - rect.left) * 4;
  for (let y = rect.top; y < rect.bottom; y++) {
    const start = (y * from.width + rect.left) * 4;
    to.rgba.set(from.rgba.subarray(start, start + rowBytes), (y * to.width + rect.left) * 4);
  }
}
