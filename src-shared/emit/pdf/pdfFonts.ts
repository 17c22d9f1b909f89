// The font object pdfkit embeds for a face: the registry's parsed-once fontkit Font, with shared shaping and a raw-bytes subsetter.
import type { GlyphRun } from 'fontkit';
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry, LoadedFontFace } from '../../fonts/fontRegistry';
import { readTrueType, TrueTypeSubset } from '../../fonts/trueTypeSubset';

const pdfFonts = new WeakMap<LoadedFontFace, object>();

/** pdfkit scales a run's positions in place, so it gets a copy of the registry's shared run. */
function copyOfRun(run: GlyphRun): GlyphRun {
  const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
  return Object.assign(copy, run, {
    glyphs: run.glyphs.slice(),
    positions: run.positions.map((position) =>
      Object.assign(Object.create(Object.getPrototypeOf(position) as object) as object, position),
    ),
  });
}

/**
 * pdfkit accepts an already-parsed fontkit Font (so nothing is parsed per document) and asks it for layout() and
 * createSubset(). The object handed over delegates to the registry's Font, shapes through the registry's cache (the
 * same runs the layout measured, shaped once per process rather than once per document) and answers createSubset()
 * with the fast TrueType subsetter; fonts that one does not cover keep fontkit's.
 */
export function pdfFontFor(fonts: FontRegistry, key: FontFaceKey): PDFKit.Mixins.PDFFontSource {
  const face = fonts.face(key);
  let pdfFont = pdfFonts.get(face);
  if (!pdfFont) {
    const source = readTrueType(face.data);
    const layout = (text: string, features?: unknown): GlyphRun =>
      // The PDF writer always asks for the default features (an empty list); anything else is shaped afresh.
      features === undefined || (Array.isArray(features) && features.length === 0)
        ? copyOfRun(fonts.layoutGlyphs(key, text))
        : face.font.layout(text, features as string[]);
    pdfFont = Object.create(face.font, {
      layout: { value: layout },
      ...(source ? { createSubset: { value: () => new TrueTypeSubset(source) } } : {}),
    }) as object;
    pdfFonts.set(face, pdfFont);
  }
  return pdfFont as PDFKit.Mixins.PDFFontSource;
}
