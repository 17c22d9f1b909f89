// A render worker's cache of decoded images (ImageCache): SHA-256 content addresses, least recently used dropped first once its byte budget is full.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ImageCache } from '@shared/render/imageCache';

/**
 * 64 MB a worker: a 4x6 label's logo and its graphics take tens of kilobytes, so hundreds of distinct logos stay
 * decoded; a worker holds about 110 MB with its fonts and is allowed DEFAULT_MAX_MEMORY_MB (1 GB).
 */
export const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Drawings offered once lately, remembered by key (about 100 bytes each): the window in which a drawing offered
 * again is kept. A parcel's own texts come once and are never kept; a heading drawn at every render is kept at its second.
 */
const OFFERED_ONCE_LIMIT = 4096;

/** A key's own bytes: a hex digest and a short need, one byte a character (V8 keeps such strings one-byte). */
const KEY_OVERHEAD = 64;

export class DecodedImages implements ImageCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private readonly offeredOnce = new LRUCache<string, true>({ max: OFFERED_ONCE_LIMIT });
  /** Lookups answered from the cache, and those that were not: what tests read to tell a hit from a miss. */
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes = IMAGE_CACHE_BYTES) {
    // lru-cache counts each entry's size (given by set) against maxSize and evicts the least recently used to fit.
    this.entries = new LRUCache({ maxSize: maxBytes });
  }

  digest(text: string): string {
    return createHash('sha256').update(text, 'utf8').digest('hex');
  }

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (entry === undefined) this.misses++;
    else this.hits++;
    return entry?.value;
  }

  set(key: string, value: unknown, bytes: number): void {
    const size = bytes + key.length + KEY_OVERHEAD;
    // One entry larger than the whole budget is not kept (lru-cache would refuse it anyway).
    if (size <= this.maxBytes) this.entries.set(key, { value }, { size });
  }

  /**
   * Keeps a drawing the second time it is offered within the last OFFERED_ONCE_LIMIT offers: values made once for a
   * parcel's own texts would otherwise fill the budget, push out what every render uses and keep the worker's heap
   * growing with their churn (measured: workers grew from 260 to 380 MB over 60,000 parcels of their own, and stayed at
   * 260 MB without the kept graphics).
   */
  admits(key: string): boolean {
    if (this.offeredOnce.delete(key)) return true;
    this.offeredOnce.set(key, true);
    return false;
  }

  /**
   * This cache as one team sees it: its keys are the team's own, so a render finds only what its own team's renders
   * kept. Shared content across teams would let one team time whether another rendered an image or text lately (a hit
   * answers in milliseconds, a decode in a hundred or more); the byte budget stays one for the whole worker.
   */
  forTeam(team: string): ImageCache {
    const scoped = (key: string): string => `${team}\0${key}`;
    return {
      digest: (text) => this.digest(text),
      get: (key) => this.get(scoped(key)),
      set: (key, value, bytes) => this.set(scoped(key), value, bytes),
      admits: (key) => this.admits(scoped(key)),
    };
  }

  /** Bytes held now, as counted by set: never more than maxBytes. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
