// Decoded ZPL graphics kept across reads by their declaration and the reader's cache scope (its team): a carrier's logo arrives in every label of every stream.
import { LRUCache } from 'lru-cache';
import type { GraphicReport, PixelCharge } from './graphicDecoding';
import type { MonoBitmap } from './zplField';

interface Decoded {
  bitmap: MonoBitmap | undefined;
  /** What the decode charged, replayed on the budget of every later read that finds it here. */
  charges: number[];
  /** What it reported, replayed the same way, so a cached graphic warns as a fresh one does. */
  reports: [code: string, message: string][];
}

/** Cached dots plus key characters: a few large logos or many small ones, never more than this. */
const MAX_CACHED_SIZE = 32 * 1024 * 1024;

const cache = new LRUCache<string, Decoded>({
  maxSize: MAX_CACHED_SIZE,
  sizeCalculation: (entry, key) => key.length + (entry.bitmap?.dots.length ?? 0) + 1,
});

/** Reads that found their graphic decoded, and reads that decoded it: what tests read to tell a hit from a miss. */
export const graphicCacheCounters = { hits: 0, misses: 0 };

/**
 * `decode()`'s bitmap for this key, decoded once. Every read pays the same charges and gets the same reports as the
 * first, so budgets and warnings do not depend on what an earlier request sent. A decode that throws (a
 * PixelBudgetError) caches nothing. Cached bitmaps are shared: nothing may change them.
 */
export function decodeOnce(
  key: string,
  budget: PixelCharge,
  what: string,
  report: GraphicReport,
  decode: (budget: PixelCharge, report: GraphicReport) => MonoBitmap | undefined,
): MonoBitmap | undefined {
  const hit = cache.get(key);
  if (hit) {
    graphicCacheCounters.hits++;
    for (const pixels of hit.charges) budget.charge(pixels, what);
    for (const [code, message] of hit.reports) report(code, message);
    return hit.bitmap;
  }
  graphicCacheCounters.misses++;
  const charges: number[] = [];
  const reports: Decoded['reports'] = [];
  const bitmap = decode(
    {
      charge: (pixels, chargeWhat) => {
        budget.charge(pixels, chargeWhat);
        charges.push(pixels);
      },
    },
    (code, message) => {
      reports.push([code, message]);
      report(code, message);
    },
  );
  cache.set(key, { bitmap, charges, reports });
  return bitmap;
}
