// Glyphs as printer dots: each glyph outline rasterised once by resvg (as the SVG path draws it, crisp or antialiased) per face, size, turn and sub-dot phase, kept per cache scope.
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

/**
 * The same for antialiased coverages (ZPL graphic text), finer: resvg antialiases by sampling 4 x 4 points a dot, so a
 * glyph shifted past one of them moves a whole edge's coverage by a quarter, and the threshold sees it. At 1/64 a
 * dot such a dot is rare (docs/zpl.md, "Printer fonts"); along a line only the x phase varies, so it costs 64 rasters
 * of a glyph at one size, not 64 x 64.
 */
export const COVERAGE_PHASES = 64;

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

/** A glyph's antialiased coverage: one byte a dot, 0 (untouched) to 255 (covered), rows `width` bytes. */
export interface PlacedCoverage {
  width: number;
  height: number;
  alpha: Uint8Array;
  /** Where the top-left dot lies from the whole dot the glyph's origin falls in. */
  left: number;
  top: number;
}

/** No dots at all: what an outline-less glyph (a space) is kept as, so it costs no outline lookup next time. */
const EMPTY_MASK: PlacedMask = { mask: { width: 0, height: 0, stride: 0, bits: new Uint8Array(0) }, left: 0, top: 0 };
const EMPTY_COVERAGE: PlacedCoverage = { width: 0, height: 0, alpha: new Uint8Array(0), left: 0, top: 0 };

/** One style's rasters (a face at a size and turn, crisp or antialiased), by glyph and phase, and the bytes they hold. */
interface StyleRasters {
  rasters: Map<number, PlacedMask | PlacedCoverage>;
  bytes: number;
}

/** Crisp dots (the viewer's) or antialiased coverage (ZPL graphic text). */
type RasterKind = 'mask' | 'coverage';

/** Bytes a kept raster counts for beyond its dots: its object and its entry in the style's map. */
const RASTER_OVERHEAD = 96;

/**
 * One cache for every scope, each key led by its scope: a team finds only glyphs its own renders drew, so how fast
 * its label draws says nothing of what another team printed (as the worker caches and graphicCache.ts do). It holds
 * styles, each a map of its glyphs' rasters by number: a text looks its style up once and each glyph in a plain map
 * (a string key a glyph cost more than composing it). The least recently used style goes first.
 */
const cache = new LRUCache<string, StyleRasters>({
  maxSize: MAX_CACHED_BYTES,
  sizeCalculation: (entry, key) => entry.bytes + key.length + RASTER_OVERHEAD,
});

/** Font units to dots without the move: [a, b, c, d] as SVG's matrix(a b c d 0 0). */
export type GlyphMatrix = readonly [number, number, number, number];

/** What every glyph raster of a run shares: the face and the matrix, which `matrixKey` names in cache keys. */
export interface GlyphStyle {
  face: LoadedFontFace;
  matrix: GlyphMatrix;
  matrixKey: string;
}

/** A glyph with its origin's phase within its dot, in whole steps of 1/phases of a dot (see mask and coverage). */
export interface GlyphPhase {
  glyphId: number;
  phaseX: number;
  phaseY: number;
}

/**
 * The glyph alone drawn by resvg, its origin (phaseX, phaseY) / `phases` into a dot: with crisp edges (a dot is in or out) or
 * antialiased (a dot's share of the outline, as a whole-text SVG draws it). Undefined for a glyph with no outline.
 */
function rasteriseGlyph(
  { face, matrix }: GlyphStyle,
  { glyphId, phaseX, phaseY }: GlyphPhase,
  phases: number,
  crisp: boolean,
): { rgba: Uint8Array; width: number; height: number; left: number; top: number } | undefined {
  const phase = { x: phaseX / phases, y: phaseY / phases };
  const path = glyphOutline(face.font, glyphId);
  if (path === '') return undefined;
  const { minX, minY, maxX, maxY } = face.font.getGlyph(glyphId).bbox;
  const [a, b, c, d] = matrix;
  const xs = [minX, maxX].flatMap((x) => [minY, maxY].map((y) => a * x + c * y + phase.x));
  const ys = [minX, maxX].flatMap((x) => [minY, maxY].map((y) => b * x + d * y + phase.y));
  // A dot of margin each side: the bounding box is of the outline's points, and rounding may reach a dot past it.
  const left = Math.floor(Math.min(...xs)) - 1;
  const top = Math.floor(Math.min(...ys)) - 1;
  const width = Math.ceil(Math.max(...xs)) + 1 - left;
  const height = Math.ceil(Math.max(...ys)) + 1 - top;
  const rendering = crisp ? ' shape-rendering="crispEdges"' : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${rendering}>` +
    `<path transform="matrix(${a} ${b} ${c} ${d} ${svgNumber(phase.x - left)} ${svgNumber(phase.y - top)})" d="${path}"/></svg>`;
  return { rgba: rasterizeSvg(svg, width).rgba, width, height, left, top };
}

/** Largest strip of a glyph's phases drawn in one raster (dots); a larger glyph's phases are drawn one by one. */
const MAX_STRIP_DOTS = 4_000_000;

/**
 * x phases drawn together: a strip of 16 costs about as much as 3 single glyphs (the call, not the area, dominates at
 * label sizes), and a glyph's first use draws a quarter of its phases, not all 64 (a fresh worker's first label).
 */
const STRIP_PHASES = 16;

/**
 * The glyph's antialiased coverage at x phases `first` to `first + count - 1` and the y phase given, drawn by resvg
 * in one raster: one copy a phase, side by side in cells of whole dots (a copy moved by whole dots is drawn the same).
 * Undefined for a glyph with no outline, or one whose strip would be too large.
 */
function coverageStrip(
  { face, matrix }: GlyphStyle,
  glyph: GlyphPhase,
  first: number,
  count: number,
  phases: number,
): PlacedCoverage[] | undefined {
  const { glyphId, phaseY } = glyph;
  const path = glyphOutline(face.font, glyphId);
  if (path === '') return undefined;
  const { minX, minY, maxX, maxY } = face.font.getGlyph(glyphId).bbox;
  const [a, b, c, d] = matrix;
  const y0 = phaseY / phases;
  const xs = [minX, maxX].flatMap((x) => [minY, maxY].map((y) => a * x + c * y));
  const ys = [minX, maxX].flatMap((x) => [minY, maxY].map((y) => b * x + d * y + y0));
  // A dot of margin each side, and one more on the right for phases up to a dot.
  const left = Math.floor(Math.min(...xs)) - 1;
  const top = Math.floor(Math.min(...ys)) - 1;
  const width = Math.ceil(Math.max(...xs)) + 2 - left;
  const height = Math.ceil(Math.max(...ys)) + 1 - top;
  const stripWidth = width * count;
  if (stripWidth * height > MAX_STRIP_DOTS) return undefined;
  const copies = Array.from(
    { length: count },
    (_, cell) =>
      `<use xlink:href="#g" transform="matrix(${a} ${b} ${c} ${d} ${cell * width - left + (first + cell) / phases} ${y0 - top})"/>`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${stripWidth}" height="${height}" viewBox="0 0 ${stripWidth} ${height}">` +
    `<defs><path id="g" d="${path}"/></defs>${copies.join('')}</svg>`;
  const { rgba } = rasterizeSvg(svg, stripWidth);
  return Array.from({ length: count }, (_, cell) => {
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const from = (y * stripWidth + cell * width) * 4 + 3;
      for (let x = 0; x < width; x++) alpha[y * width + x] = rgba[from + x * 4] ?? 0;
    }
    return { width, height, left, top, alpha };
  });
}

/** The alpha channel of premultiplied RGBA: a black glyph's coverage of each dot. */
function alphaOf(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const alpha = new Uint8Array(width * height);
  for (let at = 0; at < alpha.length; at++) alpha[at] = rgba[at * 4 + 3] ?? 0;
  return alpha;
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
  /** The styles this render has looked up, by kind and the run object that holds them (see styleRasters). */
  private readonly styles: Record<RasterKind, WeakMap<GlyphStyle, StyleRasters>> = {
    mask: new WeakMap(),
    coverage: new WeakMap(),
  };

  constructor(private readonly scope: string) {}

  /**
   * The glyph's dots (crisp edges) with its origin phaseX / GLYPH_PHASES and phaseY / GLYPH_PHASES of a dot into its
   * dot (whole numbers 0 to GLYPH_PHASES - 1); undefined for a glyph with no outline (a space).
   */
  mask(style: GlyphStyle, glyph: GlyphPhase): PlacedMask | undefined {
    const placed = this.kept('mask', style, glyph, EMPTY_MASK, () => {
      const drawn = rasteriseGlyph(style, glyph, GLYPH_PHASES, true);
      return drawn && { mask: maskOfAlpha(drawn.rgba, drawn.width, drawn.height), left: drawn.left, top: drawn.top };
    });
    return placed === EMPTY_MASK ? undefined : placed;
  }

  /**
   * The glyph's antialiased coverage with its origin phaseX / COVERAGE_PHASES and phaseY / COVERAGE_PHASES of a dot
   * into its dot, for writers that threshold a whole text as resvg draws it (ZPL graphic text); undefined for a glyph
   * with no outline.
   */
  coverage(style: GlyphStyle, glyph: GlyphPhase): PlacedCoverage | undefined {
    const placed = this.kept('coverage', style, glyph, EMPTY_COVERAGE, () => {
      const first = glyph.phaseX - (glyph.phaseX % STRIP_PHASES);
      const strip = coverageStrip(style, glyph, first, STRIP_PHASES, COVERAGE_PHASES);
      if (strip !== undefined) {
        // Every phase of the strip is kept: the glyph's next uses land at the others.
        strip.forEach((coverage, cell) => this.keep('coverage', style, { ...glyph, phaseX: first + cell }, coverage));
        return strip[glyph.phaseX - first];
      }
      const drawn = rasteriseGlyph(style, glyph, COVERAGE_PHASES, false);
      if (drawn === undefined) return undefined;
      const { rgba, width, height, left, top } = drawn;
      return { width, height, left, top, alpha: alphaOf(rgba, width, height) };
    });
    return placed === EMPTY_COVERAGE ? undefined : placed;
  }

  /** The cache's raster of this kind of the glyph in this scope, drawn on a miss; one with no outline is kept as `empty`. */
  private kept<T extends PlacedMask | PlacedCoverage>(
    kind: RasterKind,
    style: GlyphStyle,
    glyph: GlyphPhase,
    empty: T,
    draw: () => T | undefined,
  ): T {
    const entry = this.styleRasters(kind, style).rasters.get(rasterKey(glyph)) as T | undefined;
    if (entry !== undefined) return entry;
    const drawn = draw() ?? empty;
    this.keep(kind, style, glyph, drawn);
    return drawn;
  }

  private keep(kind: RasterKind, style: GlyphStyle, glyph: GlyphPhase, raster: PlacedMask | PlacedCoverage): void {
    const styleKey = this.styleKey(kind, style);
    const rasters = this.styleRasters(kind, style);
    rasters.rasters.set(rasterKey(glyph), raster);
    rasters.bytes += ('mask' in raster ? raster.mask.bits.length : raster.alpha.length) + RASTER_OVERHEAD;
    // Set again, so the cache counts the style's new size (and evicts others to fit).
    cache.set(styleKey, rasters);
  }

  /** The style's rasters in this scope, looked up once a render and style (the text's run object). */
  private styleRasters(kind: RasterKind, style: GlyphStyle): StyleRasters {
    let rasters = this.styles[kind].get(style);
    if (rasters === undefined) {
      const key = this.styleKey(kind, style);
      rasters = cache.get(key);
      if (rasters === undefined) cache.set(key, (rasters = { rasters: new Map(), bytes: 0 }));
      this.styles[kind].set(style, rasters);
    }
    return rasters;
  }

  private styleKey(kind: RasterKind, style: GlyphStyle): string {
    return `${this.scope}\0${kind}\0${style.face.key}\0${style.matrixKey}`;
  }
}

/** A glyph and its phases as one number: glyph ids are 16 bits, phases under 64 each way. */
function rasterKey({ glyphId, phaseX, phaseY }: GlyphPhase): number {
  return (glyphId * 64 + phaseX) * 64 + phaseY;
}
