// Glyph coverages kept apart by team, counted in bytes, and drawn as resvg draws the glyph at its phase.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { PixelBudget, PixelBudgetError } from '../../render/pixelBudget';
import { RenderPixels } from '../../render/renderPixels';
import { rasterizeSvg } from '../png/rasterize';
import {
  drawCoverages,
  keptCoverage,
  styleCoverages,
  type CoverageWanted,
  type GlyphCoverage,
  type StyleCoverages,
} from './glyphCoverage';
import { glyphStyle, gridOutline, gridSteps, GRID_STEPS_SCALE, ORIGIN_PHASES, type GridOutline } from './glyphGrid';

const fonts = bundledFonts();

/** The glyph's coverage at its phase, drawn (and charged to `pixels`) as a text's new coverages are. */
function glyphCoverage(kept: StyleCoverages, wanted: CoverageWanted, pixels: RenderPixels): GlyphCoverage {
  drawCoverages(kept, [wanted], pixels);
  return keptCoverage(kept, wanted.glyphId, wanted.phaseX, wanted.phaseY) as GlyphCoverage;
}
const run = { fontKey: fonts.resolve('serif', 'bold').face.key, fontSize: 13.5, color: '#000000', lines: [] };
const style = glyphStyle(run, 90, 203 / 72, fonts);
const glyphId = fonts.layoutGlyphs(run.fontKey, 'g').glyphs[0]?.id ?? 0;

describe('glyph coverages', () => {
  it("are each resvg's coverage of the glyph alone at its phase", () => {
    const outline = gridOutline(style, glyphId, 'team-a') as GridOutline;
    const kept = styleCoverages(style, 'team-a');
    for (const [phaseX, phaseY] of [
      [0, 0],
      [17, 40],
      [63, 5],
    ] as const) {
      const coverage = glyphCoverage(kept, { glyphId, outline, phaseX, phaseY }, new RenderPixels());
      const [x, y] = [
        gridSteps(phaseX - coverage.left * ORIGIN_PHASES),
        gridSteps(phaseY - coverage.top * ORIGIN_PHASES),
      ];
      const alone = rasterizeSvg(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${coverage.width}" height="${coverage.height}" viewBox="0 0 ${coverage.width} ${coverage.height}"><g transform="${GRID_STEPS_SCALE}"><path transform="translate(${x} ${y})" d="${outline.d}"/></g></svg>`,
        coverage.width,
      );
      const alpha = Uint8Array.from(
        { length: coverage.width * coverage.height },
        (_, at) => alone.rgba[at * 4 + 3] ?? 0,
      );
      expect(coverage.alpha).toEqual(alpha);
      expect(coverage.alpha.some((level) => level > 0 && level < 255)).toBe(true);
    }
  });

  it("are kept per team: one team's drawing is not another's, and each is counted in bytes", () => {
    const outline = gridOutline(style, glyphId, 'team-b') as GridOutline;
    const mine = styleCoverages(style, 'team-b');
    const before = mine.bytes;
    glyphCoverage(mine, { glyphId, outline, phaseX: 9, phaseY: 9 }, new RenderPixels());
    expect(mine.bytes).toBeGreaterThan(before);
    // Phases were drawn for team-b; team-c finds none of them.
    expect(styleCoverages(style, 'team-c').byNumber.size).toBe(0);
    expect(styleCoverages(style, 'team-b')).toBe(mine);
  });

  it("are charged to the render's pixel budget before resvg draws them: over it, nothing is drawn or kept", () => {
    const outline = gridOutline(style, glyphId, 'team-d') as GridOutline;
    const kept = styleCoverages(style, 'team-d');
    const wanted = { glyphId, outline, phaseX: 3, phaseY: 4 };
    const tight = new RenderPixels(new PixelBudget(10));
    expect(() => glyphCoverage(kept, wanted, tight)).toThrow(PixelBudgetError);
    expect(kept.byNumber.size).toBe(0);
    const roomy = new RenderPixels(new PixelBudget(100_000));
    glyphCoverage(kept, wanted, roomy);
    expect(kept.byNumber.size).toBe(1);
  });
});
