// Glyph coverage on the dot grid: resvg's antialiased coverage of one glyph outline (glyphGrid.ts) at each 1/64-dot phase, drawn once (a text's new ones in one raster) and kept per cache scope within a byte budget.
import type { RenderPixels } from '../../render/renderPixels';
import { rasterizeSvg } from '../png/rasterize';
import { gridSteps, GRID_STEPS_SCALE, ORIGIN_PHASES, type GlyphStyle, type GridOutline } from './glyphGrid';
import { StyleCache, type StyleEntries } from './styleCache';

/**
 * Glyph coverages kept, in bytes of coverage and keys, for every scope of a process together: a parcel label's faces
 * and sizes at the phases their glyphs fall on are a few megabytes.
 */
export const MAX_COVERAGE_BYTES = 24 * 1024 * 1024;

/** Largest glyph raster made (dots): a field of huge letters is drawn by resvg with its whole text instead. */
export const MAX_COVERAGE_DOTS = 250_000;

/** Dots of one resvg raster of coverages, at most (4 MB of its RGBA): more cells go to another. */
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

/** One style's coverages (a face at a size, stretch, turn and dpi) for one scope, by glyph and phase. */
export type StyleCoverages = StyleEntries<GlyphCoverage>;

/** Coverages kept per style and scope (see StyleCache). */
const cache = new StyleCache<GlyphCoverage>(MAX_COVERAGE_BYTES);

/** The coverages kept of `style` for `scope` (an empty set the first time). */
export function styleCoverages(style: GlyphStyle, scope: string): StyleCoverages {
  return cache.style(style.key, scope);
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

/** A glyph at a phase whose coverage a text needs. */
export interface CoverageWanted {
  glyphId: number;
  outline: GridOutline;
  phaseX: number;
  phaseY: number;
}

/** The coverage kept for the glyph at that phase, if it was drawn. */
export function keptCoverage(
  kept: StyleCoverages,
  glyphId: number,
  phaseX: number,
  phaseY: number,
): GlyphCoverage | undefined {
  return kept.byNumber.get(coverageNumber(glyphId, phaseX, phaseY));
}

/** One coverage to draw: the glyph, its phase and the dots it spans from its origin's dot. */
interface Cell extends CoverageWanted {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Draws every wanted coverage not kept yet side by side in as few resvg rasters as STRIP_DOTS allows (one for a text's
 * new glyphs, most often), and keeps them. Each glyph is drawn with the same translate() of the same outline as the
 * label's raster (glyphGrid.ts), so each dot's coverage is the one resvg gives it there. Only the phases wanted: drawing
 * the neighbouring phases too (4 or 16 of them, in case a later text needs them) made a new team's first parcel label
 * 2 to 3 times dearer and a batch of new parcels no cheaper.
 */
export function drawCoverages(kept: StyleCoverages, wanted: readonly CoverageWanted[], pixels: RenderPixels): void {
  const cells = new Map<number, Cell>();
  for (const { glyphId, outline, phaseX, phaseY } of wanted) {
    const number = coverageNumber(glyphId, phaseX, phaseY);
    if (!cells.has(number) && !kept.byNumber.has(number))
      cells.set(number, { glyphId, outline, phaseX, phaseY, ...span(outline, phaseX, phaseY) });
  }
  let strip: Cell[] = [];
  let [width, height] = [0, 0];
  for (const cell of cells.values()) {
    const grown = [width + cell.width, Math.max(height, cell.height)] as const;
    if (strip.length > 0 && grown[0] * grown[1] > STRIP_DOTS) {
      drawStrip(kept, strip, width, height, pixels);
      [strip, width, height] = [[], 0, 0];
    }
    strip.push(cell);
    [width, height] = [width + cell.width, Math.max(height, cell.height)];
  }
  if (strip.length > 0) drawStrip(kept, strip, width, height, pixels);
  cache.recount(kept);
}

/**
 * The cells side by side, each from the strip's top row, in one resvg raster charged to the render's `pixels` first
 * (as every raster of a render is); their coverages kept.
 */
function drawStrip(
  kept: StyleCoverages,
  cells: readonly Cell[],
  width: number,
  height: number,
  pixels: RenderPixels,
): void {
  pixels.chargeRaster(width, height, 'the glyph coverages of a text');
  const paths: string[] = [];
  let at = 0;
  for (const cell of cells) {
    const x = gridSteps((at - cell.left) * ORIGIN_PHASES + cell.phaseX);
    const y = gridSteps(-cell.top * ORIGIN_PHASES + cell.phaseY);
    paths.push(`<path transform="translate(${x} ${y})" d="${cell.outline.d}"/>`);
    at += cell.width;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><g transform="${GRID_STEPS_SCALE}">${paths.join('')}</g></svg>`;
  const { rgba } = rasterizeSvg(svg, width);
  at = 0;
  for (const cell of cells) {
    const alpha = new Uint8Array(cell.width * cell.height);
    for (let row = 0; row < cell.height; row++) {
      const from = (row * width + at) * 4 + 3;
      for (let column = 0; column < cell.width; column++)
        alpha[row * cell.width + column] = rgba[from + column * 4] as number;
    }
    const { left, top } = cell;
    const coverage = { width: cell.width, height: cell.height, alpha, left, top };
    cache.add(kept, coverageNumber(cell.glyphId, cell.phaseX, cell.phaseY), coverage, alpha.length);
    at += cell.width;
  }
}
