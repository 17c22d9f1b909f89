// A black text's ZPL graphic composed from its glyphs' kept coverages (glyphCoverage.ts) instead of a resvg raster of the text: the same dots, at a few lookups a glyph for a text never printed before.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutLabel, LaidOutOf } from '../../layout/laidOutLabel';
import type { RenderPixels } from '../../render/renderPixels';
import { pointsToDots } from '../../units/length';
import {
  coverageFits,
  drawCoverages,
  keptCoverage,
  styleCoverages,
  type CoverageWanted,
  type GlyphCoverage,
} from '../dots/glyphCoverage';
import {
  gridElementText,
  gridOutlines,
  ORIGIN_PHASES,
  type GridGlyph,
  type GridOutline,
  type GridText,
} from '../dots/glyphGrid';
import { gridTextEdges } from './elementDots';
import { greyDot } from './zplGraphic';

/** Colours composed: black only. Any other colour blends per channel; its text is drawn by resvg (elementRaster). */
const BLACK = new Set(['#000', '#000000']);

/** A text's glyphs with their outlines, and the dots they reach, when every glyph can be composed. */
export interface ComposableText {
  text: GridText;
  outlines: (GridOutline | undefined)[];
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The text's glyphs on the dot grid of `dpi` when composing them gives resvg's dots exactly: black, every outline of
 * lines and y-monotone curves (GridOutline.exact), small enough to keep, and every dot they reach on the label (resvg
 * cuts a glyph at the label's edge with float arithmetic, which a glyph drawn alone does not repeat). Otherwise
 * undefined, and the text is drawn by resvg as a whole (elementRaster), which inks the same dots there.
 */
export function composableText(
  element: LaidOutOf<'text'>,
  label: Pick<LaidOutLabel, 'width' | 'height'>,
  fonts: FontRegistry,
  dpi: number,
  scope: string,
): ComposableText | undefined {
  if (!BLACK.has(element.color.toLowerCase()) || element.reverse) return undefined;
  const text = gridElementText(element, dpi / 72, fonts);
  const outlines = gridOutlines(text, scope);
  if (outlines.some((outline) => outline !== undefined && (!outline.exact || !coverageFits(outline)))) return undefined;
  const edges = gridTextEdges(text, outlines);
  if (edges === undefined) return undefined;
  const [left, top, right, bottom] = edges;
  const [labelRight, labelBottom] = [label.width, label.height].map((side) => Math.round(pointsToDots(side, dpi)));
  // One dot in from every edge: resvg's bounds of a glyph reach half a dot past its points.
  if (left < 1 || top < 1 || right > (labelRight ?? 0) - 1 || bottom > (labelBottom ?? 0) - 1) return undefined;
  return { text, outlines, left, top, width: right - left, height: bottom - top };
}

/** A graphic's dots as packed rows (see packRows), `left` and `top` in dots from the label's top-left corner. */
export interface PackedDots {
  left: number;
  top: number;
  width: number;
  height: number;
  packed: Uint8Array;
}

/**
 * The text's dots as packed rows: each glyph's coverage painted over white paper in the SVG's order, as resvg paints each of its
 * paths (tiny-skia's 8-bit source-over of black: a dot of level d under coverage a becomes (d(255 - a) + 255) >> 8),
 * then thresholded as rgbaToMonochrome thresholds an opaque grey.
 */
export function composeTextDots(composed: ComposableText, scope: string, pixels: RenderPixels): PackedDots {
  const { text, outlines, left, top, width, height } = composed;
  const kept = styleCoverages(text.style, scope);
  const { glyphs } = text;
  // Where each glyph lands: its whole dot and its phase; the coverages not kept yet drawn together first.
  const places = glyphs.map((glyph) => {
    const [dotX, dotY] = [Math.floor(glyph.x / ORIGIN_PHASES), Math.floor(glyph.y / ORIGIN_PHASES)];
    return { dotX, dotY, phaseX: glyph.x - dotX * ORIGIN_PHASES, phaseY: glyph.y - dotY * ORIGIN_PHASES };
  });
  const missing: CoverageWanted[] = [];
  places.forEach(({ phaseX, phaseY }, index) => {
    const { glyphId } = glyphs[index] as GridGlyph;
    const outline = outlines[index];
    if (outline !== undefined && keptCoverage(kept, glyphId, phaseX, phaseY) === undefined)
      missing.push({ glyphId, outline, phaseX, phaseY });
  });
  if (missing.length > 0) drawCoverages(kept, missing, pixels);
  // Rows of whole bytes of dots (white past the text's right edge), so a byte's eight dots are two 32-bit words.
  const bytesPerRow = (width + 7) >> 3;
  const stride = bytesPerRow * 8;
  const levels = new Uint8Array(stride * height).fill(255);
  for (let index = 0; index < glyphs.length; index++) {
    if (outlines[index] === undefined) continue;
    const { dotX, dotY, phaseX, phaseY } = places[index] as (typeof places)[number];
    const coverage = keptCoverage(kept, (glyphs[index] as GridGlyph).glyphId, phaseX, phaseY) as GlyphCoverage;
    const { alpha } = coverage;
    const x0 = dotX + coverage.left - left;
    const y0 = dotY + coverage.top - top;
    for (let row = 0; row < coverage.height; row++) {
      const from = row * coverage.width;
      const to = (y0 + row) * stride + x0;
      for (let column = 0; column < coverage.width; column++) {
        const a = alpha[from + column] as number;
        // Dots a glyph's raster carries past the text's edges hold no coverage (its margin), so `to` stays inside.
        if (a !== 0) levels[to + column] = ((levels[to + column] as number) * (255 - a) + 255) >> 8;
      }
    }
  }
  // Thresholded straight into packed rows (as packRows packs them), a byte of eight white dots (most of a text's
  // box) passed over by two word compares.
  const packed = new Uint8Array(bytesPerRow * height);
  const words = new Uint32Array(levels.buffer, levels.byteOffset, levels.length / 4);
  for (let byte = 0; byte < packed.length; byte++) {
    if (words[byte * 2] === WHITE_WORD && words[byte * 2 + 1] === WHITE_WORD) continue;
    const at = byte * 8;
    let dots = 0;
    for (let bit = 0; bit < 8; bit++) dots |= (BLACK_LEVELS[levels[at + bit] as number] as number) << (7 - bit);
    packed[byte] = dots;
  }
  return { left, top, width, height, packed };
}

/** Four white dots (level 255) as one 32-bit word. */
const WHITE_WORD = 0xffffffff;

/** greyDot of each level, looked up without a call a dot. */
const BLACK_LEVELS = Uint8Array.from({ length: 256 }, (_, level) => greyDot(level));
