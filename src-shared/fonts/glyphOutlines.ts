// Glyph outlines as SVG path data, cached per parsed font and glyph: the SVG writer and the editor canvas draw the same outlines.
import type { Font } from 'fontkit';

/** Outline path data per parsed font and glyph id, in font units (y up); outlines never change, so repeated renders reuse them. */
const glyphPathCache = new WeakMap<Font, Map<number, string>>();

export function glyphOutline(font: Font, glyphId: number): string {
  let paths = glyphPathCache.get(font);
  if (!paths) {
    paths = new Map();
    glyphPathCache.set(font, paths);
  }
  let d = paths.get(glyphId);
  if (d === undefined) {
    d = font.getGlyph(glyphId).path.toSVG();
    paths.set(glyphId, d);
  }
  return d;
}
