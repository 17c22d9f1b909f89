// A text run as printer dots: each glyph's cached raster placed where the SVG writer's glyph path would put it.
import type { LaidOutOf, TextRun } from '../../layout/laidOutLabel';
import { toThousandths } from '../../elements/svgNumber';
import type { DotContext } from './dotContext';
import type { DotGrid } from './dotGrid';
import type { DotCanvas, DotPaint } from './dotRaster';
import { GLYPH_PHASES, MAX_GLYPH_DOTS, type GlyphMatrix } from './glyphMasks';
import { turnOf } from './glyphGrid';

/** A whole dot and the phase within it, in GLYPH_PHASES steps (a phase that rounds up to a whole dot moves on one). */
function dotAndPhase(at: number): [number, number] {
  const whole = Math.floor(at);
  const phase = Math.round((at - whole) * GLYPH_PHASES);
  return phase === GLYPH_PHASES ? [whole + 1, 0] : [whole, phase];
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

/**
 * Draws the run turned `rotation` about `centre`, as textRunToSvg and the element's rotate() draw it: each line's
 * matrix(scale·scaleX, 0, 0, -scale, x, baseline) with each glyph translated by its shaped advance, every number
 * as the SVG writes it. The caller has checked glyphsFit.
 */
export function drawTextRunDots(
  run: TextRun,
  rotation: number,
  centre: { x: number; y: number },
  canvas: DotCanvas,
  paint: DotPaint,
  ctx: DotContext,
): void {
  const { fonts, glyphs, grid } = ctx;
  const face = fonts.face(run.fontKey);
  const scale = Number((run.fontSize / face.unitsPerEm).toPrecision(9));
  const scaleX = Number((scale * (run.scaleX ?? 1)).toPrecision(9));
  const [cos, sin] = turnOf(rotation);
  const { sx, sy } = grid;
  // Font units to dots: the grid's scale, the turn, then the line's matrix (y up in the font, down on the label).
  const matrix: GlyphMatrix = [sx * cos * scaleX, sy * sin * scaleX, sx * sin * scale, -sy * cos * scale];
  const matrixKey = matrix.join(' ');
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
      const [dotX, phaseX] = dotAndPhase(sx * (centre.x + cos * x - sin * y));
      const [dotY, phaseY] = dotAndPhase(sy * (centre.y + sin * x + cos * y));
      const placed = glyphs.mask(face, glyph.id, matrix, matrixKey, phaseX, phaseY);
      if (placed) canvas.paintMask(placed.mask, dotX + placed.left, dotY + placed.top, paint);
      penX += position.xAdvance;
      penY += position.yAdvance;
    });
  }
}

/** A text element: its run turned with the element; false for type too large for glyph rasters. */
export function drawTextDots(element: LaidOutOf<'text'>, canvas: DotCanvas, paint: DotPaint, ctx: DotContext): boolean {
  if (!glyphsFit(element, ctx.grid)) return false;
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  drawTextRunDots(element, element.rotation, centre, canvas, paint, ctx);
  return true;
}
