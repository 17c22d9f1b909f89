// The ToUnicode maps a process writes into its PDFs, kept deflated per team, face and characters: a label whose glyphs all come from its faces' base glyphs has the same map as the one before.
import { LRUCache } from 'lru-cache';
import { deflateStream } from './fastStreamCompression';
import { KeptSubset } from './pdfFontFiles';

/** Kept maps, in bytes with their keys: a deflated map is 0.4–1 KB, its key about as long as the map's text. */
const MAX_KEPT_BYTES = 2 * 1024 * 1024;

const maps = new LRUCache<string, Uint8Array>({
  maxSize: MAX_KEPT_BYTES,
  sizeCalculation: (deflated, key) => deflated.length + key.length,
});

/** The parts of pdfkit's EmbeddedFont (pdfkit is pinned) that write its ToUnicode map. */
interface EmbeddedFontInternals {
  subset: unknown;
  /** The characters of each subset glyph, by subset glyph id: what the map says. */
  unicode: (readonly number[])[];
  document: { ref(data: object): { end(chunk: Uint8Array): void } };
  toUnicodeCmap(this: unknown): unknown;
}

/**
 * Makes pdfkit's font write its ToUnicode map from the deflated bytes kept for the same characters, in place of
 * writing the map's text and deflating it at every document. The map is a function of the characters of each subset
 * glyph alone, and pdfkit's own code writes its text the first time, so the bytes are the ones it would write. Kept
 * per `scope` of the subset (the team and face), as the font files are.
 */
export function keepUnicodeMap(embeddedFont: unknown): void {
  const font = embeddedFont as EmbeddedFontInternals;
  if (!(font.subset instanceof KeptSubset)) return;
  const { scope } = font.subset;
  const writeMap = font.toUnicodeCmap;
  font.toUnicodeCmap = () => {
    const key = `${scope}\0${font.unicode.map((codePoints) => codePoints.join(' ')).join(',')}`;
    let deflated = maps.get(key);
    if (deflated === undefined) {
      // pdfkit's map text, written into a stand-in for the document's stream: a stream line ends in a newline.
      let text = '';
      const stream = { end: (chunk: string) => (text = `${chunk}\n`) };
      writeMap.call({ unicode: font.unicode, document: { ref: () => stream } });
      deflated = deflateStream(Buffer.from(text, 'latin1'));
      maps.set(key, deflated);
    }
    // Length first, as pdfkit writes a stream's dictionary; already deflated, so pdfkit does not deflate it again.
    const reference = font.document.ref({ Length: 0, Filter: 'FlateDecode' });
    reference.end(deflated);
    return reference;
  };
}
