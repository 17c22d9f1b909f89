// The font files a process embeds in its PDFs, kept per face and glyph list: a subset is encoded and deflated once, not in every document that uses the same glyphs.
import { LRUCache } from 'lru-cache';
import { TrueTypeSubset, type TrueTypeSource } from '../../fonts/trueTypeSubset';

/**
 * Font files kept, in bytes (each counted twice: the file and its deflated copy, which is at most about as large). A
 * label's face subset is 10–30 KB: hundreds of distinct labels' subsets.
 */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;

/** Each kept file by its key, and what its bytes were deflated to, once a document has written it. */
const files = new LRUCache<string, Uint8Array>({ maxSize: MAX_KEPT_BYTES, sizeCalculation: (file) => file.length * 2 });
const deflatedFiles = new WeakMap<Uint8Array, { deflated?: Uint8Array }>();

/**
 * A subset whose font file is the one kept for its face and glyph list, made on the first document that needs it.
 * pdfkit numbers glyphs in order of first use, so the same glyphs in the same order (the same label, or labels whose
 * own characters come after a shared part) make the same file, byte for byte; `scope` (the team and face) keeps one
 * team's files apart from another's, as the render workers' caches do.
 */
export class KeptSubset extends TrueTypeSubset {
  constructor(
    source: TrueTypeSource,
    private readonly scope: string,
  ) {
    super(source);
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
