// What a render may keep between renders of one process: images decoded, checked and rasterised, and the ZPL graphics of drawings, by a hash of their content and what the output needs of them.

/**
 * The render worker supplies one (src-main/render/decodedImages.ts: SHA-256 and an LRU bounded in bytes); the editor
 * and tests render without one and decode each time. Entries are pure functions of their key, so an entry is
 * never stale: a library image replaced by new bytes has a new hash and misses.
 */
export interface ImageCache {
  /** SHA-256 (hex) of `text` as UTF-8: an image's base64 text, hashed as it is (decoding it first would cost a copy). */
  digest(text: string): string;
  get(key: string): unknown;
  /** `bytes`: what the value holds (its buffers and strings), counted against the cache's budget. */
  set(key: string, value: unknown, bytes: number): void;
  /**
   * Whether a drawing's value, made for `key` and not kept yet, is worth keeping (RenderPixels.drawn asks): the
   * cache's admission policy. Without one every value is kept.
   */
  admits?(key: string): boolean;
}

/** A value made once per content and need: `make` returns it with the bytes it holds. */
export interface Cached<T> {
  value: T;
  bytes: number;
}
