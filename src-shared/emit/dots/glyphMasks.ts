// Glyphs as printer dots: each glyph outline rasterised once by resvg (as the SVG path draws it) per face, size, turn and sub-dot phase, kept per cache scope.
import { LRUCache } from 'lru-cache';
import type { LoadedFontFace } from '../../fonts/fontRegistry';
import { glyphOutline } from '../../fonts/glyphOutlines';
import { rasterizeSvg } from '../png/rasterize';
import { svgNumber } from '../../elements/svgNumber';
import type { DotMask } from './dotRaster';

/**
 * Sub-dot positions a glyph is rasterised at, each way: a glyph lands within 1/(2 x this) dot of where the SVG puts
 * it. A dot differs from resvg's drawing of the whole label only where an outline passes closer than that to the
 * dot's centre: 8 keeps that to a few dots in a label's thousands of glyph edges, at up to 64 rasters a glyph.
 */
export const GLYPH_PHASES = 16;

/** Largest glyph raster made (dots): a field of huge letters is drawn by resvg as a whole element instead. */
export const MAX_GLYPH_DOTS = 1_000_000;

/** Glyph rasters kept, in bytes of dots and keys: a few thousand glyphs at carrier sizes. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

export interface PlacedMask {
  mask: DotMask;
  /** Where the mask's top-left dot lies from the whole dot the glyph's origin falls in. */
  left: number;
  top: number;
}

/**
 * One cache for every scope, each key led by its scope: a team finds only glyphs its own renders drew, so how fast
 * its label draws says nothing of what another team printed (as the worker caches and graphicCache.ts do).
 */
const cache = new LRUCache<string, PlacedMask>({
  maxSize: MAX_CACHED_BYTES,
  sizeCalculation: (entry, key) => entry.mask.bits.length + key.length + 64,
});

/** Font units to dots without the move: [a, b, c, d] as SVG's matrix(a b c d 0 0). */
export type GlyphMatrix = readonly [number, number, number, number];

/** The dots of one glyph drawn by resvg without antialiasing, its origin at (phaseX, phaseY) within a dot. */
function rasteriseGlyph(
  face: LoadedFontFace,
  glyphId: number,
  matrix: GlyphMatrix,
  phaseX: number,
  phaseY: number,
): PlacedMask | undefined {
  const path = glyphOutline(face.font, glyphId);
  if (path === '') return undefined;
  const { minX, minY, maxX, maxY } = face.font.getGlyph(glyphId).bbox;
  const [a, b, c, d] = matrix;
  const xs = [minX, maxX].flatMap((x) => [minY, maxY].map((y) => a * x + c * y + phaseX));
  const ys = [minX, maxX].flatMap((x) => [minY, maxY].map((y) => b * x + d * y + phaseY));
  // A dot of margin each side: the bounding box is of the outline's points, and rounding may reach a dot past it.
  const left = Math.floor(Math.min(...xs)) - 1;
  const top = Math.floor(Math.min(...ys)) - 1;
  const width = Math.ceil(Math.max(...xs)) + 1 - left;
  const height = Math.ceil(Math.max(...ys)) + 1 - top;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" shape-rendering="crispEdges">` +
    `<path transform="matrix(${a} ${b} ${c} ${d} ${svgNumber(phaseX - left)} ${svgNumber(phaseY - top)})" d="${path}"/></svg>`;
  const { rgba } = rasterizeSvg(svg, width);
  return { mask: maskOfAlpha(rgba, width, height), left, top };
}

/** Covered where a pixel is at least half opaque (crisp edges leave only 0 and 255). */
export function maskOfAlpha(rgba: Uint8Array, width: number, height: number): DotMask {
  const stride = Math.ceil(width / 8);
  const bits = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * stride + (x >> 3);
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) >= 128) bits[at] = (bits[at] ?? 0) | (0x80 >> (x & 7));
    }
  }
  return { width, height, stride, bits };
}

/** The glyph rasters of one render, for one cache scope. */
export class GlyphMasks {
  constructor(private readonly scope: string) {}

  /**
   * The glyph's dots with its origin phaseX / GLYPH_PHASES and phaseY / GLYPH_PHASES of a dot into its dot (whole
   * numbers 0 to GLYPH_PHASES - 1); undefined for a glyph with no outline (a space). `matrixKey` names `matrix` in the
   * cache key.
   */
  mask(
    face: LoadedFontFace,
    glyphId: number,
    matrix: GlyphMatrix,
    matrixKey: string,
    phaseX: number,
    phaseY: number,
  ): PlacedMask | undefined {
    const key = `${this.scope}\0${face.key}\0${matrixKey}\0${glyphId}\0${phaseX}\0${phaseY}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit.mask.width === 0 ? undefined : hit;
    const drawn = rasteriseGlyph(face, glyphId, matrix, phaseX / GLYPH_PHASES, phaseY / GLYPH_PHASES);
    // An empty glyph is kept too (as a mask of no dots), so a space costs no outline lookup next time.
    cache.set(key, drawn ?? { mask: { width: 0, height: 0, stride: 0, bits: new Uint8Array(0) }, left: 0, top: 0 });
    return drawn;
  }
}
