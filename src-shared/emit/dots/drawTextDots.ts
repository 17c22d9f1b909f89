// A text run as printer dots: each glyph's cached raster placed where the SVG writer's glyph path would put it.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutOf, TextRun } from '../../layout/laidOutLabel';
import { toThousandths } from '../../elements/svgNumber';
import type { DotContext } from './dotContext';
import type { DotGrid } from './dotGrid';
import type { DotCanvas, DotPaint } from './dotRaster';
import { GLYPH_PHASES, MAX_GLYPH_DOTS, type GlyphMatrix, type GlyphPhase, type GlyphStyle } from './glyphMasks';

/** cos and sin of a clockwise turn, exact for quarter turns (Math.cos(π/2) is 6e-17, not 0). */
function turnOf(rotation: number): [number, number] {
  const turn = ((rotation % 360) + 360) % 360;
  if (turn === 0) return [1, 0];
  if (turn === 90) return [0, 1];
  if (turn === 180) return [-1, 0];
  if (turn === 270) return [0, -1];
  const radians = (turn * Math.PI) / 180;
  return [Math.cos(radians), Math.sin(radians)];
}

/** A whole dot and the phase within it, in 1/phases steps (a phase that rounds up to a whole dot moves on one). */
function dotAndPhase(at: number, phases: number): [number, number] {
  const whole = Math.floor(at);
  const phase = Math.round((at - whole) * phases);
  return phase === phases ? [whole + 1, 0] : [whole, phase];
}

/**
 * Whether every glyph of the run fits a glyph raster: letters too large for one (a field of huge type) are drawn by
 * resvg with the whole element instead. Checked before drawing, so a run is never half drawn.
 */
export function glyphsFit(run: TextRun, grid: DotGrid): boolean {
  const em = run.fontSize * Math.max(grid.sx, grid.sy) * Math.max(1, run.scaleX ?? 1);
  // A glyph's box reaches past its em (accents, descenders): twice the em each way is more than any bundled face.
  return 4 * em * em <= MAX_GLYPH_DOTS;
}

/** One glyph of a run where it lands: the whole dot its origin falls in and the phase within that dot (see placeGlyphs). */
export interface GlyphPlacement extends GlyphPhase {
  dotX: number;
  dotY: number;
}

/** A run's glyphs with what their rasters share (face, matrix from font units to dots). */
export interface RunGlyphs extends GlyphStyle {
  glyphs: GlyphPlacement[];
}

/**
 * Where the run's glyphs land turned `rotation` about `centre`, as textRunToSvg and the element's rotate() draw them:
 * each line's matrix(scale·scaleX, 0, 0, -scale, x, baseline) with each glyph translated by its shaped advance (the
 * layout's shaping: kerning and scaleX included), every number as the SVG writes it. Phases are in 1/`phases` of a dot.
 */
export function placeGlyphs(
  run: TextRun,
  rotation: number,
  centre: { x: number; y: number },
  fonts: FontRegistry,
  grid: DotGrid,
  phases: number,
): RunGlyphs {
  const face = fonts.face(run.fontKey);
  const scale = Number((run.fontSize / face.unitsPerEm).toPrecision(9));
  const scaleX = Number((scale * (run.scaleX ?? 1)).toPrecision(9));
  const [cos, sin] = turnOf(rotation);
  const { sx, sy } = grid;
  // Font units to dots: the grid's scale, the turn, then the line's matrix (y up in the font, down on the label).
  const matrix: GlyphMatrix = [sx * cos * scaleX, sy * sin * scaleX, sx * sin * scale, -sy * cos * scale];
  const placements: GlyphPlacement[] = [];
  for (const line of run.lines) {
    if (line.text === '') continue;
    const shaped = fonts.layoutGlyphs(run.fontKey, line.text);
    const [lineX, baseline] = [toThousandths(line.x), toThousandths(line.baseline)];
    let penX = 0;
    let penY = 0;
    shaped.glyphs.forEach((glyph, index) => {
      const position = shaped.positions[index];
      if (!position) return;
      // The glyph's origin on the label, turned about the element's centre, then in dots.
      const x = lineX + scaleX * toThousandths(penX + position.xOffset) - centre.x;
      const y = baseline - scale * toThousandths(penY + position.yOffset) - centre.y;
      const [dotX, phaseX] = dotAndPhase(sx * (centre.x + cos * x - sin * y), phases);
      const [dotY, phaseY] = dotAndPhase(sy * (centre.y + sin * x + cos * y), phases);
      placements.push({ glyphId: glyph.id, dotX, phaseX, dotY, phaseY });
      penX += position.xAdvance;
      penY += position.yAdvance;
    });
  }
  return { face, matrix, matrixKey: matrix.join(' '), glyphs: placements };
}

/** Draws the run turned `rotation` about `centre` (see placeGlyphs). The caller has checked glyphsFit. */
export function drawTextRunDots(
  run: TextRun,
  rotation: number,
  centre: { x: number; y: number },
  canvas: DotCanvas,
  paint: DotPaint,
  ctx: DotContext,
): void {
  const placed = placeGlyphs(run, rotation, centre, ctx.fonts, ctx.grid, GLYPH_PHASES);
  for (const glyph of placed.glyphs) {
    const mask = ctx.glyphs.mask(placed, glyph);
    if (mask) canvas.paintMask(mask.mask, glyph.dotX + mask.left, glyph.dotY + mask.top, paint);
  }
}

/** A text element: its run turned with the element; false for type too large for glyph rasters. */
export function drawTextDots(element: LaidOutOf<'text'>, canvas: DotCanvas, paint: DotPaint, ctx: DotContext): boolean {
  if (!glyphsFit(element, ctx.grid)) return false;
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  drawTextRunDots(element, element.rotation, centre, canvas, paint, ctx);
  return true;
}
