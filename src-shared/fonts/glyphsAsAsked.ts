// Glyph lookups that answer with the code points asked for: fontkit keeps one Glyph per id, with the code points it was first made with.
import type { Font, Glyph } from 'fontkit';

type GlyphClass = new (id: number, codePoints: number[], font: Font) => Glyph;

/**
 * Glyphs kept per font for code points other than the first ones. A text shapes each glyph id with a handful of code
 * point lists (a letter, its ligatures), but hostile data can ask for any number (a base letter followed by ever other
 * runs of marks): past this many the kept ones are dropped and made again when asked, which costs time, not answers.
 */
export const MAX_KEPT_GLYPHS = 4096;

const sameCodePoints = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((point, index) => point === b[index]);

/**
 * Makes `font.getGlyph(id, codePoints)` return a glyph carrying exactly `codePoints`. fontkit keeps the first Glyph
 * made for an id and hands that object to every later lookup, code points and all; shaping (layout) takes a glyph's
 * code points, and whether it is a mark, from that object. A glyph first reached by id alone, as a part of another
 * glyph's outline ("n" in "ñ", drawn for a PNG, SVG or printer dots) or by an outline lookup, kept no code points, so
 * every later text shaped with that letter lost it: pdfkit writes a PDF's ToUnicode map from those code points, and
 * "Banana" was extracted as "Ba a a" by any document of a process that had drawn "ñ" first. A glyph whose code points
 * differ from the first one's is made afresh (as fontkit makes it) and kept per id and code points, so what a text
 * shapes to, and the PDF that embeds it, depend on that text alone and not on what the process drew before.
 */
export function glyphsAsAsked(font: Font): void {
  const firstMade = font.getGlyph.bind(font);
  const others = new Map<string, Glyph>();
  font.getGlyph = (id: number, codePoints: number[] = []): Glyph => {
    const glyph = firstMade(id, codePoints);
    // fontkit answers null for an id past the font's glyphs; nothing to carry code points then.
    if ((glyph as Glyph | null) === null || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    const key = `${id}:${codePoints.join(',')}`;
    let other = others.get(key);
    if (other === undefined) {
      other = new (glyph.constructor as GlyphClass)(id, codePoints, font);
      if (others.size >= MAX_KEPT_GLYPHS) others.clear();
      others.set(key, other);
    }
    return other;
  };
}
