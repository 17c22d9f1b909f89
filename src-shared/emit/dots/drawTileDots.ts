// Any element the dot drawers do not place themselves (images, ellipses, rounded boxes, slanted lines, odd turns, MaxiCode): its own SVG drawn by resvg over its bounds only, kept per cache scope.
import { LRUCache } from 'lru-cache';
import { rotatedBounds, unionBox } from '../../layout/boxBounds';
import type { Box, LaidOutElement, TextRun } from '../../layout/laidOutLabel';
import { DARK_LUMA_THRESHOLD, luma } from '../../elements/ink';
import { rasterizeSvg } from '../png/rasterize';
import { elementToSvg } from '../svg/emitSvg';
import type { DotContext } from './dotContext';
import type { DotMask, DotRaster } from './dotRaster';

/** What the tile does to the dots beneath it: one mask a paint, each dot in at most one. */
interface TilePaints {
  left: number;
  top: number;
  ink?: DotMask;
  paper?: DotMask;
  invert?: DotMask;
}

/** Tiles kept, in bytes of masks and keys: a carrier's logo in every label is drawn by resvg once a position. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

/** Keyed by scope and the tile's SVG, which says every dot: see glyphMasks.ts on scopes. */
const cache = new LRUCache<string, TilePaints>({
  maxSize: MAX_CACHED_BYTES,
  sizeCalculation: (entry, key) =>
    key.length +
    64 +
    [entry.ink, entry.paper, entry.invert].reduce((total, mask) => total + (mask?.bits.length ?? 0), 0),
});

/** Where a run's glyphs can reach: each line's advance and an em of ascent, half an em of descent and side bearing. */
function runBounds(run: TextRun): Box[] {
  const em = run.fontSize;
  return run.lines.map((line) => ({
    x: line.x - em / 2,
    y: line.baseline - 1.5 * em,
    width: line.width * (run.scaleX ?? 1) + em,
    height: 2 * em,
  }));
}

/**
 * The bounds of a vector symbol's path: its absolute M, L and C points (control points included, which contain the
 * curve). The symbol's own x/y/width/height is its frame, which a MaxiCode's hexagons and quiet zone may pass.
 */
function pathBounds(path: string): Box | undefined {
  const numbers = path.match(/-?\d*\.?\d+(?:e-?\d+)?/gi)?.map(Number) ?? [];
  if (numbers.length < 2) return undefined;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let at = 0; at + 1 < numbers.length; at += 2) {
    const [x, y] = [numbers[at] ?? 0, numbers[at + 1] ?? 0];
    [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Bounds (points, unturned) of everything the element can paint. */
function inkBounds(element: LaidOutElement): Box {
  switch (element.type) {
    case 'text':
      return unionBox([element.box, ...runBounds(element)]) ?? element.box;
    case 'barcode': {
      const { symbol } = element;
      const symbolBox =
        symbol.kind === 'linear'
          ? { x: symbol.x, y: symbol.y, width: symbol.width, height: symbol.height }
          : symbol.kind === 'matrix'
            ? {
                x: symbol.x,
                y: symbol.y,
                width: symbol.columns * symbol.moduleWidth,
                height: symbol.rows * symbol.moduleHeight,
              }
            : symbol;
      const drawn = symbol.kind === 'vector' ? pathBounds(symbol.path) : undefined;
      return (
        unionBox([
          element.box,
          symbolBox,
          ...(drawn ? [drawn] : []),
          ...(element.humanReadable ? runBounds(element.humanReadable) : []),
        ]) ?? element.box
      );
    }
    case 'line': {
      const reach = element.strokeWidth;
      const [left, top] = [Math.min(element.x1, element.x2) - reach, Math.min(element.y1, element.y2) - reach];
      return {
        x: left,
        y: top,
        width: Math.abs(element.x2 - element.x1) + 2 * reach,
        height: Math.abs(element.y2 - element.y1) + 2 * reach,
      };
    }
    default:
      // Shapes stroke inside their box; an image is clipped to it.
      return element.box;
  }
}

/** A pixel's paint: what the tile leaves over paper and over a dot, each thresholded as the PNG writer would. */
function pixelPaint(
  red: number,
  green: number,
  blue: number,
  alpha: number,
  reverse: boolean,
): 'ink' | 'paper' | 'invert' | undefined {
  if (alpha === 0) return undefined;
  const dark = (r: number, g: number, b: number): boolean => luma(r, g, b) < DARK_LUMA_THRESHOLD;
  // Premultiplied channels. Plain: source over. Reversed: difference, |beneath - source| where the source covers.
  const overPaper = reverse
    ? dark(...([red, green, blue].map((c) => c + 255 - 2 * Math.min(c, alpha)) as [number, number, number]))
    : dark(red + 255 - alpha, green + 255 - alpha, blue + 255 - alpha);
  const overInk = dark(red, green, blue);
  if (overPaper && overInk) return 'ink';
  if (!overPaper && !overInk) return 'paper';
  return overPaper ? 'invert' : undefined;
}

function emptyMask(width: number, height: number): DotMask {
  const stride = Math.ceil(width / 8);
  return { width, height, stride, bits: new Uint8Array(stride * height) };
}

/** The tile's pixels sorted into masks by paint. */
function tilePaints(
  rgba: Uint8Array,
  width: number,
  height: number,
  reverse: boolean,
  left: number,
  top: number,
): TilePaints {
  const paints: TilePaints = { left, top };
  for (let y = 0, at = 0; y < height; y++) {
    for (let x = 0; x < width; x++, at += 4) {
      const paint = pixelPaint(rgba[at] ?? 0, rgba[at + 1] ?? 0, rgba[at + 2] ?? 0, rgba[at + 3] ?? 0, reverse);
      if (paint === undefined) continue;
      const mask = (paints[paint] ??= emptyMask(width, height));
      const at8 = y * mask.stride + (x >> 3);
      mask.bits[at8] = (mask.bits[at8] ?? 0) | (0x80 >> (x & 7));
    }
  }
  return paints;
}

/**
 * Draws the element through resvg, the same markup the whole label's SVG holds, on a tile of its bounds on the same
 * dot grid: the dots are the ones the whole-label path gives, as long as what lies beneath is black or white.
 */
export function drawTileDots(element: LaidOutElement, raster: DotRaster, ctx: DotContext): void {
  const { sx, sy } = ctx.grid;
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  const bounds = rotatedBounds(inkBounds(element), element.rotation, centre);
  // Whole dots with a dot of margin, cut to the raster.
  const left = Math.max(0, Math.floor(bounds.x * sx) - 1);
  const top = Math.max(0, Math.floor(bounds.y * sy) - 1);
  const right = Math.min(raster.width, Math.ceil((bounds.x + bounds.width) * sx) + 1);
  const bottom = Math.min(raster.height, Math.ceil((bounds.y + bounds.height) * sy) + 1);
  if (right <= left || bottom <= top) return;
  const [width, height] = [right - left, bottom - top];
  // The element painted as it is; a reversed one's difference with what is beneath is worked out per pixel.
  const markup = elementToSvg({ ...element, reverse: false }, { fonts: ctx.fonts });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left / sx} ${top / sy} ${width / sx} ${height / sy}" preserveAspectRatio="none" shape-rendering="crispEdges">` +
    `${markup}</svg>`;
  const reverse = element.reverse === true;
  const key = `${ctx.scope}\0${reverse ? 'R' : 'P'}\0${svg}`;
  let paints = cache.get(key);
  if (paints === undefined) {
    paints = tilePaints(rasterizeSvg(svg, width).rgba, width, height, reverse, left, top);
    cache.set(key, paints);
  }
  if (paints.ink) raster.paintMask(paints.ink, paints.left, paints.top, 'ink');
  if (paints.paper) raster.paintMask(paints.paper, paints.left, paints.top, 'paper');
  if (paints.invert) raster.paintMask(paints.invert, paints.left, paints.top, 'invert');
}
