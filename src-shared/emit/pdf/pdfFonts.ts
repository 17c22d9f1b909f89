// The font object pdfkit embeds for a face: the registry's parsed-once fontkit Font, with a raw-bytes subsetter.
import type { LoadedFontFace } from '../../fonts/fontRegistry';
import { readTrueType, TrueTypeSubset } from './trueTypeSubset';

const pdfFonts = new WeakMap<LoadedFontFace, object>();

/**
 * pdfkit accepts an already-parsed fontkit Font (so nothing is parsed per document) and asks it for createSubset()
 * when it embeds. The object handed over delegates everything to the registry's Font and only answers createSubset()
 * with the fast TrueType subsetter; fonts that one does not cover keep fontkit's.
 */
export function pdfFontFor(face: LoadedFontFace): PDFKit.Mixins.PDFFontSource {
  let pdfFont = pdfFonts.get(face);
  if (!pdfFont) {
    const source = readTrueType(face.data);
    pdfFont = source ? Object.create(face.font, { createSubset: { value: () => new TrueTypeSubset(source) } }) : face.font;
    pdfFonts.set(face, pdfFont as object);
  }
  return pdfFont as PDFKit.Mixins.PDFFontSource;
}
