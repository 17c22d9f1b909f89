// The font object pdfkit embeds for a face: the registry's parsed-once fontkit Font, with shared shaping and a raw-bytes subsetter whose files are kept.
import type { Font, GlyphRun } from 'fontkit';
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry, LoadedFontFace } from '../../fonts/fontRegistry';
import { readTrueType, type TrueTypeSource } from '../../fonts/trueTypeSubset';
import { KeptSubset, type BaseGlyph } from './pdfFontFiles';

/** Per face: the font object (shaping shared), the raw-bytes source its subsets copy from and its base glyphs, made once a process. */
const pdfFonts = new WeakMap<
  LoadedFontFace,
  { font: object; source: TrueTypeSource | undefined; base: readonly BaseGlyph[] }
>();

/**
 * Printable ASCII: the characters whose glyphs every subset of a face holds, used or not (KeptSubset), so that the
 * parcels of a stream, whose names and streets are new at every label, share one font file. It costs about 5–10 KB
 * more a face in each PDF than the glyphs of one label alone; a label's other characters come after, as used.
 */
const BASE_CHARACTERS = { first: 0x20, last: 0x7e };

/** The face's glyphs of the base characters, in glyph-id order, each with the first character that maps to it. */
function baseGlyphsOf(font: Font): BaseGlyph[] {
  const glyphs = new Map<number, BaseGlyph>();
  for (let codePoint = BASE_CHARACTERS.first; codePoint <= BASE_CHARACTERS.last; codePoint++) {
    const glyph = font.glyphForCodePoint(codePoint);
    // Glyph 0 (.notdef, a character the face lacks) is every subset's first glyph already.
    if (glyph.id !== 0 && !glyphs.has(glyph.id))
      glyphs.set(glyph.id, { id: glyph.id, codePoints: [codePoint], advanceWidth: glyph.advanceWidth });
  }
  return [...glyphs.values()].sort((a, b) => a.id - b.id);
}

/**
 * pdfkit scales a run's positions in place and adds each glyph's scaled advance to them, so it gets a run of its own:
 * the same glyphs (only read), new positions with the four fields it scales and the advance it sets (0 until then:
 * made with it, a position does not change shape when pdfkit adds it).
 */
function copyOfRun(run: GlyphRun): GlyphRun {
  const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
  return Object.assign(copy, run, {
    positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
      advanceWidth: 0,
    })),
  });
}

/**
 * pdfkit accepts an already-parsed fontkit Font (so nothing is parsed per document) and asks it for layout() and
 * createSubset(). The object handed over delegates to the registry's Font, shapes through the registry's cache (the
 * same runs the layout measured, shaped once per process rather than once per document) and answers createSubset()
 * with the fast TrueType subsetter, whose font files hold the face's base glyphs and are kept per `scope` (the team),
 * face and glyph list (pdfFontFiles.ts); fonts that one does not cover keep fontkit's.
 */
export function pdfFontFor(fonts: FontRegistry, key: FontFaceKey, scope: string): PDFKit.Mixins.PDFFontSource {
  const face = fonts.face(key);
  let pdfFont = pdfFonts.get(face);
  if (!pdfFont) {
    const layout = (text: string, features?: unknown): GlyphRun =>
      // The PDF writer always asks for the default features (an empty list); anything else is shaped afresh.
      features === undefined || (Array.isArray(features) && features.length === 0)
        ? copyOfRun(fonts.layoutGlyphs(key, text))
        : face.font.layout(text, features as string[]);
    pdfFont = {
      font: Object.create(face.font, { layout: { value: layout } }) as object,
      source: readTrueType(face.data),
      base: baseGlyphsOf(face.font),
    };
    pdfFonts.set(face, pdfFont);
  }
  const { font, source, base } = pdfFont;
  if (source === undefined) return font as PDFKit.Mixins.PDFFontSource;
  const subsetScope = `${scope}\0${key}`;
  return Object.create(font, {
    createSubset: { value: () => new KeptSubset(source, subsetScope, base) },
  }) as PDFKit.Mixins.PDFFontSource;
}
