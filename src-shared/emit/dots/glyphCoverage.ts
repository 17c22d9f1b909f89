// Glyph coverage on the dot grid: resvg's antialiased coverage of one glyph outline (glyphGrid.ts) at each 1/64-dot phase, drawn once a strip of phases and kept per cache scope within a byte budget.
import { LRUCache } from 'lru-cache';
import { rasterizeSvg } from '../png/rasterize';
import { gridSteps, GRID_STEPS_SCALE, ORIGIN_PHASES, type GlyphStyle, type GridOutline } from './glyphGrid';

/**
 * Glyph coverages kept, in bytes of coverage and keys, for every scope of a process together: a parcel label's faces
 * and sizes at the phases their glyphs fall on are a few megabytes.
 */
export const MAX_COVERAGE_BYTES = 24 * 1024 * 1024;

/** Largest glyph raster made (dots): a field of huge letters is drawn by resvg with its whole text instead. */
export const MAX_COVERAGE_DOTS = 250_000;

/**
 * x phases drawn side by side in one resvg raster: a glyph met at one phase is soon met at others (digits along a
 * line), and one resvg call costs several times one glyph's drawing. Fewer for large glyphs: a strip is at most
 * STRIP_DOTS dots (4 MB of resvg's RGBA).
 */
const STRIP_PHASES = 16;
const STRIP_DOTS = 1_000_000;

/** One glyph's coverage at one phase: 0 (untouched) to 255 (covered) a dot, rows `width` bytes. */
export interface GlyphCoverage {
  width: number;
  height: number;
  alpha: Uint8Array;
  /** Where the top-left dot lies from the whole dot the glyph's origin falls in. */
  left: number;
  top: number;
}

/** Bytes a kept coverage counts for beyond its dots: its object and its entry in its style's map. */
const COVERAGE_OVERHEAD = 96;

/** One style's coverages (a face at a size, stretch, turn and dpi) by glyph and phase, and the bytes they hold. */
export interface StyleCoverages {
  /** Its key in the cache. */
  key: string;
  rasters: Map<number, GlyphCoverage>;
  bytes: number;
}

/**
 * One cache for every scope, each key led by its scope: a team finds only coverages its own renders drew, so how fast
 * its label prints says nothing of what another team printed (as glyphMasks.ts and the worker caches do). It holds
 * styles, each a map of its coverages by number: a text looks its style up once, each glyph in a plain map.
 */
const cache = new LRUCache<string, StyleCoverages>({
  maxSize: MAX_COVERAGE_BYTES,
  sizeCalculation: (style, key) => style.bytes + 2 * key.length + COVERAGE_OVERHEAD,
});

/** The coverages kept of `style` for `scope` (an empty set the first time). */
export function styleCoverages(style: GlyphStyle, scope: string): StyleCoverages {
  const key = `${scope}\0${style.key}`;
  let kept = cache.get(key);
  if (kept === undefined) cache.set(key, (kept = { key, rasters: new Map(), bytes: 0 }));
  return kept;
}

/** A coverage's number in its style's map. */
function coverageNumber(glyphId: number, phaseX: number, phaseY: number): number {
  return (glyphId * ORIGIN_PHASES + phaseY) * ORIGIN_PHASES + phaseX;
}

/** The dots a glyph's raster spans at a phase: its outline's bounds and one dot more each side (never cut by resvg). */
function span(
  outline: GridOutline,
  phaseX: number,
  phaseY: number,
): { left: number; top: number; width: number; height: number } {
  const [x, y] = [phaseX / ORIGIN_PHASES, phaseY / ORIGIN_PHASES];
  const left = Math.floor(x + outline.minX) - 1;
  const top = Math.floor(y + outline.minY) - 1;
  return {
    left,
    top,
    width: Math.ceil(x + outline.maxX) + 1 - left,
    height: Math.ceil(y + outline.maxY) + 1 - top,
  };
}

/** Whether the glyph's rasters are small enough to keep (see MAX_COVERAGE_DOTS). */
export function coverageFits(outline: GridOutline): boolean {
  const { width, height } = span(outline, 0, 0);
  return (width + 1) * (height + 1) <= MAX_COVERAGE_DOTS;
}

/**
 * The glyph's coverage with its origin phaseX and phaseY / ORIGIN_PHASES of a dot into its dot, as resvg draws its
 * outline there: the same translate() of the same outline as the label's raster (glyphGrid.ts), so each dot's
 * coverage is the one resvg gives it there. A miss draws the strip of x phases the phase is in.
 */
export function glyphCoverage(
  kept: StyleCoverages,
  glyphId: number,
  outline: GridOutline,
  phaseX: number,
  phaseY: number,
): GlyphCoverage {
  const hit = kept.rasters.get(coverageNumber(glyphId, phaseX, phaseY));
  if (hit !== undefined) return hit;
  const one = span(outline, phaseX, phaseY);
  const phases = Math.max(1, Math.min(STRIP_PHASES, Math.floor(STRIP_DOTS / ((one.width + 1) * (one.height + 1)))));
  const first = phaseX - (phaseX % phases);
  const count = Math.min(phases, ORIGIN_PHASES - first);
  const spans = Array.from({ length: count }, (_, index) => span(outline, first + index, phaseY));
  // Side by side, each in a cell of the widest span's width, all at the strip's one height.
  const cellWidth = Math.max(...spans.map((cell) => cell.width));
  const top = Math.min(...spans.map((cell) => cell.top));
  const height = Math.max(...spans.map((cell) => cell.top + cell.height)) - top;
  const stripWidth = cellWidth * count;
  const paths = spans.map((cell, index) => {
    const x = gridSteps((index * cellWidth - cell.left) * ORIGIN_PHASES + first + index);
    const y = gridSteps(-top * ORIGIN_PHASES + phaseY);
    return `<path transform="translate(${x} ${y})" d="${outline.d}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${stripWidth}" height="${height}" viewBox="0 0 ${stripWidth} ${height}"><g transform="${GRID_STEPS_SCALE}">${paths.join('')}</g></svg>`;
  const { rgba } = rasterizeSvg(svg, stripWidth);
  let wanted: GlyphCoverage | undefined;
  spans.forEach((cell, index) => {
    const alpha = new Uint8Array(cell.width * height);
    for (let row = 0; row < height; row++) {
      const from = (row * stripWidth + index * cellWidth) * 4 + 3;
      for (let column = 0; column < cell.width; column++)
        alpha[row * cell.width + column] = rgba[from + column * 4] ?? 0;
    }
    const coverage = { width: cell.width, height, alpha, left: cell.left, top };
    kept.rasters.set(coverageNumber(glyphId, first + index, phaseY), coverage);
    kept.bytes += alpha.length + COVERAGE_OVERHEAD;
    if (first + index === phaseX) wanted = coverage;
  });
  // Set again, so the cache counts the style's new size (and drops what its budget no longer holds).
  cache.set(kept.key, kept);
  return wanted as GlyphCoverage;
}
