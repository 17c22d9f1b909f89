// A text's dots as resvg would draw its glyph-outline SVG on white paper and the printer's threshold would keep them, composed from each glyph's cached coverage instead of a raster of the whole text.
import { DARK_LUMA_THRESHOLD } from '../../elements/ink';
import type { GlyphMasks } from './glyphMasks';
import type { RunGlyphs } from './drawTextDots';

/** A window of the label in whole dots. */
export interface DotWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The dots over `window` as packed rows (see packRows: 1 black, leftmost dot in the top bit), for a run painted in a
 * colour of luma `colourLuma` (0..255, below the threshold). Each glyph is its own <path> in the SVG, which resvg
 * paints over what is there (source over): a dot's coverage c becomes c + a(1 - c) for a glyph covering a of it, so a
 * dot two glyphs half cover darkens as it does in the whole raster. Over white paper the dot's luma is then
 * 255 - c(255 - colourLuma), black below the threshold rgbaToMonochrome applies. Coverages are resvg's own
 * antialiasing of each glyph at its position to 1/COVERAGE_PHASES of a dot: a dot differs from the whole-text
 * raster only where that shift moves its coverage across the threshold (docs/zpl.md, "Printer fonts").
 */
export function composeTextDots(run: RunGlyphs, window: DotWindow, colourLuma: number, glyphs: GlyphMasks): Uint8Array {
  const { width, height } = window;
  const covered = new Uint8Array(width * height);
  for (const glyph of run.glyphs) {
    const coverage = glyphs.coverage(run, glyph);
    if (coverage === undefined) continue;
    const { alpha } = coverage;
    const left = glyph.dotX + coverage.left - window.left;
    const top = glyph.dotY + coverage.top - window.top;
    // The part of the glyph inside the window: the window is cut to the label, and glyph rasters carry a margin.
    const [x0, x1] = [Math.max(0, -left), Math.min(coverage.width, width - left)];
    const [y0, y1] = [Math.max(0, -top), Math.min(coverage.height, height - top)];
    for (let y = y0; y < y1; y++) {
      const from = y * coverage.width;
      const to = (top + y) * width + left;
      for (let x = x0; x < x1; x++) {
        const a = alpha[from + x] as number;
        if (a === 0) continue;
        const c = covered[to + x] as number;
        covered[to + x] = c === 0 ? a : c + Math.round((a * (255 - c)) / 255);
      }
    }
  }
  // Black where 255 - c(255 - L)/255 < threshold, i.e. where c passes the coverage below.
  const least = ((255 - DARK_LUMA_THRESHOLD) * 255) / (255 - colourLuma);
  const bytesPerRow = Math.ceil(width / 8);
  const packed = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let byte = 0;
    for (let x = 0; x < width; x++) {
      if ((covered[row + x] as number) > least) byte |= 0x80 >> (x & 7);
      if ((x & 7) === 7 || x === width - 1) {
        packed[y * bytesPerRow + (x >> 3)] = byte;
        byte = 0;
      }
    }
  }
  return packed;
}
