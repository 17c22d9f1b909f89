// The font files a process embeds in its PDFs, kept per face and glyph list: a subset is encoded and deflated once, not in every document that uses the same glyphs.
import { LRUCache } from 'lru-cache';
import { TrueTypeSubset, type TrueTypeSource } from '../../fonts/trueTypeSubset';

/**
 * Font files kept, in bytes (each counted twice: the file and its deflated copy, which is at most about as large). A
 * face's subset with its base glyphs is 23–35 KB: hundreds of distinct subsets.
 */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;

/** Each kept file by its key, and what its bytes were deflated to, once a document has written it. */
const files = new LRUCache<string, Uint8Array>({ maxSize: MAX_KEPT_BYTES, sizeCalculation: (file) => file.length * 2 });
const deflatedFiles = new WeakMap<Uint8Array, { deflated?: Uint8Array }>();

/** A glyph every subset of its face holds from the start, with what the PDF says of it: its width and its character. */
export interface BaseGlyph {
  id: number;
  /** The character it stands for in the PDF's ToUnicode map, as pdfkit lists it (one array shared by every document). */
  codePoints: readonly number[];
  /** In font units, as the font's metrics give it (pdfkit scales it to the PDF's thousandths). */
  advanceWidth: number;
}

/**
 * A subset whose font file is the one kept for its face and glyph list, made on the first document that needs it.
 * pdfkit numbers glyphs in order of first use, so a subset that only numbered what a label uses would have a glyph
 * list of its own for every new parcel (new characters, another order) and be made and deflated again. This one
 * numbers its face's base glyphs first (`base`, the same for every label, in glyph-id order), and only characters
 * outside them after, in order of use: every label whose characters are all in the base shares one file. `scope`
 * (the team and face) keeps one team's files apart from another's, as the render workers' caches do.
 */
export class KeptSubset extends TrueTypeSubset {
  constructor(
    source: TrueTypeSource,
    readonly scope: string,
    readonly base: readonly BaseGlyph[] = [],
  ) {
    super(source);
    for (const glyph of base) this.includeGlyph(glyph.id);
  }

  override encode(cmap?: ReadonlyMap<number, number>): Uint8Array {
    // A file with its own character map (a ZPL font download) is not what pdfkit embeds: made as asked.
    if (cmap !== undefined) return super.encode(cmap);
    const key = `${this.scope}\0${this.glyphIds().join(',')}`;
    let file = files.get(key);
    if (file === undefined) {
      file = super.encode();
      files.set(key, file);
      deflatedFiles.set(file, {});
    }
    return file;
  }
}

/** The parts of pdfkit's EmbeddedFont (pdfkit is pinned) that list each subset glyph's width and characters. */
interface EmbeddedFontInternals {
  subset: unknown;
  /** Font units to the PDF's thousandths of a text unit. */
  scale: number;
  widths: (number | undefined)[];
  unicode: (readonly number[] | undefined)[];
}

/**
 * Writes the base glyphs of a kept subset into pdfkit's font for one document, as it would write a glyph the label
 * uses: its width (the font's W array) and its character (the ToUnicode map that text extraction reads). pdfkit fills
 * both only for the glyphs a label draws, so base glyphs left unused would be holes in both lists.
 */
export function describeBaseGlyphs(embeddedFont: unknown): void {
  const font = embeddedFont as EmbeddedFontInternals;
  if (!(font.subset instanceof KeptSubset)) return;
  for (const glyph of font.subset.base) {
    const subsetId = font.subset.includeGlyph(glyph.id);
    font.widths[subsetId] ??= glyph.advanceWidth * font.scale;
    font.unicode[subsetId] ??= glyph.codePoints;
  }
}

/**
 * The deflated bytes of a kept font file, deflated by `deflate` the first time a document writes it; undefined for any
 * other bytes (content streams, images), which the caller deflates itself. The file is deflated exactly as it would
 * be at every document, so the PDF is the same byte for byte.
 */
export function deflatedFontFile(
  bytes: Uint8Array,
  deflate: (bytes: Uint8Array) => Uint8Array,
): Uint8Array | undefined {
  const kept = deflatedFiles.get(bytes);
  if (kept === undefined) return undefined;
  kept.deflated ??= deflate(bytes);
  return kept.deflated;
}
