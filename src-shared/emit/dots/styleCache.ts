// What is kept of each glyph style (a face at a size, stretch, turn and dpi) per cache scope: a map by number for each, all within one byte budget.
import { LRUCache } from 'lru-cache';

/** Bytes an entry counts for beyond its own: its object and its place in its style's map. */
const ENTRY_OVERHEAD = 96;

/** One style's entries for one scope, by number, and the bytes they hold. */
export interface StyleEntries<V> {
  /** Its key in the cache. */
  readonly key: string;
  readonly byNumber: Map<number, V>;
  bytes: number;
}

/**
 * One cache for every scope, each key led by its scope: a team finds only what its own renders made, so how fast its
 * label draws says nothing of what another team printed (as the worker caches do). It holds styles, each a map by
 * number: a text looks its style up once and each glyph by number, not by a key of a hundred characters built and
 * hashed for every glyph (which took 0.17 ms of a new parcel's ZPL label).
 */
export class StyleCache<V> {
  private readonly styles: LRUCache<string, StyleEntries<V>>;

  constructor(maxBytes: number) {
    this.styles = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (style, key) => style.bytes + 2 * key.length + ENTRY_OVERHEAD,
    });
  }

  /** The entries kept of the style named `styleKey` for `scope` (none the first time). */
  style(styleKey: string, scope: string): StyleEntries<V> {
    const key = `${scope}\0${styleKey}`;
    let kept = this.styles.get(key);
    if (kept === undefined) this.styles.set(key, (kept = { key, byNumber: new Map(), bytes: 0 }));
    return kept;
  }

  /** Keeps `value` as `number` of the style, counted as `bytes` and its overhead (see recount). */
  add(kept: StyleEntries<V>, number: number, value: V, bytes: number): void {
    kept.byNumber.set(number, value);
    kept.bytes += bytes + ENTRY_OVERHEAD;
  }

  /** Counts the style's size again after adds, dropping what the budget no longer holds (that style too, if it is over). */
  recount(kept: StyleEntries<V>): void {
    this.styles.set(kept.key, kept);
  }
}
