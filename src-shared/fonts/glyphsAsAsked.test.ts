// Glyphs of the registry's fonts carry the code points of the text shaped, whatever reached the same glyph before.
import { describe, expect, it } from 'vitest';
import { readBundledFontSources } from '@main/fonts/bundledFonts';
import { FontRegistry } from './fontRegistry';
import { glyphOutline } from './glyphOutlines';
import { MAX_KEPT_GLYPHS } from './glyphsAsAsked';

const codePointsOf = (fonts: FontRegistry, text: string): number[][] =>
  fonts.layoutGlyphs('sans-bold', text).glyphs.map((glyph) => glyph.codePoints);

describe('glyphsAsAsked', () => {
  it('shapes "n" as U+006E after the outline of "ñ" reached the glyph "n" as one of its parts', () => {
    const fonts = new FontRegistry(readBundledFontSources());
    const { font } = fonts.face('sans-bold');
    const [tilde] = fonts.layoutGlyphs('sans-bold', 'ñ').glyphs;
    glyphOutline(font, tilde?.id ?? 0);
    expect(codePointsOf(fonts, 'Banana')).toEqual([[0x42], [0x61], [0x6e], [0x61], [0x6e], [0x61]]);
  });

  it('shapes a letter first looked up by glyph id alone (an outline) with its code point', () => {
    const fonts = new FontRegistry(readBundledFontSources());
    const { font } = fonts.face('sans-bold');
    const id = new FontRegistry(readBundledFontSources()).layoutGlyphs('sans-bold', 'q').glyphs[0]?.id ?? 0;
    const outline = glyphOutline(font, id);
    expect(codePointsOf(fonts, 'q')).toEqual([[0x71]]);
    expect(font.getGlyph(id).path.toSVG()).toBe(outline);
  });

  it('answers each id and code points with one glyph carrying them, of the same outline and advance', () => {
    const { font } = new FontRegistry(readBundledFontSources()).face('sans-bold');
    const space = font.glyphForCodePoint(0x20);
    // A text that reaches the space glyph for another character (a font mapping U+00A0 to it, say).
    const asNoBreak = font.getGlyph(space.id, [0xa0]);
    expect([space.codePoints, asNoBreak.codePoints]).toEqual([[0x20], [0xa0]]);
    expect(asNoBreak.advanceWidth).toBe(space.advanceWidth);
    expect(font.getGlyph(space.id, [0xa0])).toBe(asNoBreak);
    expect(font.getGlyph(space.id, [0x20])).toBe(space);
    const n = font.glyphForCodePoint(0x6e);
    expect(font.getGlyph(n.id).path.toSVG()).toBe(n.path.toSVG());
  });

  it('keeps at most MAX_KEPT_GLYPHS other glyphs, still answering each with the code points asked', () => {
    const { font } = new FontRegistry(readBundledFontSources()).face('sans-bold');
    const space = font.glyphForCodePoint(0x20);
    // Hostile data: the same glyph reached with ever other code points.
    const asked = (index: number) => font.getGlyph(space.id, [0xe000, index]);
    const first = asked(0);
    expect(asked(0)).toBe(first);
    for (let index = 1; index < MAX_KEPT_GLYPHS; index++) asked(index);
    expect(asked(0)).toBe(first);
    // One more than the map holds: the kept ones were dropped, so the first is made again.
    asked(MAX_KEPT_GLYPHS);
    const again = asked(0);
    expect(again).not.toBe(first);
    expect(again.codePoints).toEqual([0xe000, 0]);
    expect(again.advanceWidth).toBe(space.advanceWidth);
  });
});
