// The fonts of one HTML document: each face its texts use, subset to the characters they use, as @font-face rules.
//
// Subsetting is harfbuzz's (subset-font, WebAssembly): it keeps the hinting programs and the layout tables (kerning,
// GSUB closure) of the glyphs it keeps, and each subset also keeps the characters FreeType's auto-hinter measures the
// face on (autohintCharacters), so a browser shapes and rasterises the subset exactly like the whole face; the html
// tests compare Chromium's screenshots of both pixel for pixel. The emitter runs only in Node (server, render
// workers, CLI, the desktop app's main process): the editor's preview asks the server for the html and shows it in a
// sandboxed frame, so nothing here has to run in a browser, and node:zlib (see woff2.ts) is at hand.
//
// Cost: a subset is about a millisecond a face and its WOFF2 about another. Labels of a conveyor differ in their data,
// so each of their documents may need a subset of its own; the documents of one record (previews, reprints, a
// benchmark) find theirs in a cache bounded in bytes, keyed by the face and the characters.
import { LRUCache } from 'lru-cache';
import subsetFont from 'subset-font';
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import { autohintCharacters } from '../../fonts/autohintCharacters';
import { sfntToWoff2 } from '../../fonts/woff2';

/** Base64 characters of @font-face sources kept: a label's subsets are 10 to 20 KB each. */
const CACHE_CHARS = 8 * 1024 * 1024;

const cachedSources = new LRUCache<string, string>({
  maxSize: CACHE_CHARS,
  sizeCalculation: (source) => source.length,
});
/** A number per face file, for the cache keys: registries made apart may hold different files under one FontFaceKey. */
const faceIds = new WeakMap<Uint8Array, number>();
let nextFaceId = 0;

function faceId(data: Uint8Array): number {
  let id = faceIds.get(data);
  if (id === undefined) {
    id = nextFaceId++;
    faceIds.set(data, id);
  }
  return id;
}

export function fontFamilyName(key: FontFaceKey): string {
  return `ls-${key}`;
}

/** The face reduced to `characters`, as a CSS source: WOFF2, or the TrueType file itself where that is smaller. */
async function subsetSource(data: Uint8Array, characters: string): Promise<string> {
  const sfnt = await subsetFont(Buffer.from(data.buffer, data.byteOffset, data.byteLength), characters, {
    targetFormat: 'sfnt',
  });
  const woff2 = sfntToWoff2(sfnt);
  if (woff2 && woff2.length < sfnt.length)
    return `url(data:font/woff2;base64,${Buffer.from(woff2.buffer, woff2.byteOffset, woff2.length).toString('base64')}) format("woff2")`;
  return `url(data:font/ttf;base64,${sfnt.toString('base64')}) format("truetype")`;
}

/** Collects, while the pages are written, which characters each face must draw; then writes one rule per face. */
export class HtmlFontUse {
  private readonly characters = new Map<FontFaceKey, Set<number>>();

  /** Marks `text` as drawn in the face; returns the face's CSS family name. */
  use(key: FontFaceKey, text: string): string {
    let codePoints = this.characters.get(key);
    if (!codePoints) {
      codePoints = new Set();
      this.characters.set(key, codePoints);
    }
    for (const char of text) codePoints.add(char.codePointAt(0)!);
    return fontFamilyName(key);
  }

  /** One @font-face per face used, in the order of their keys. */
  async fontFaceRules(fonts: FontRegistry): Promise<string[]> {
    const keys = [...this.characters.keys()].sort();
    return Promise.all(
      keys.map(async (key) => {
        const data = fonts.face(key).data;
        const codePoints = new Set(this.characters.get(key));
        for (const char of autohintCharacters(codePoints)) codePoints.add(char.codePointAt(0)!);
        // Joined one by one: a batch's texts may hold more characters than a call takes arguments.
        const characters = [...codePoints]
          .sort((a, b) => a - b)
          .map((codePoint) => String.fromCodePoint(codePoint))
          .join('');
        const cacheKey = `${faceId(data)}:${characters}`;
        let source = cachedSources.get(cacheKey);
        if (source === undefined) {
          source = await subsetSource(data, characters);
          cachedSources.set(cacheKey, source);
        }
        return `@font-face{font-family:"${fontFamilyName(key)}";src:${source};font-display:block}`;
      }),
    );
  }
}
