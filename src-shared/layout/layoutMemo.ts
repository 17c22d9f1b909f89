// Element layouts kept for the labels of one batch: an element whose value repeats (a sender's address, a frame) is laid out once.
import { LRUCache } from 'lru-cache';
import type { Element } from '../elements/elementSchema';
import type { LaidOutElement, RenderWarning } from './laidOutLabel';

export interface MemoEntry {
  laidOut: LaidOutElement | null;
  /** The warnings laying it out gave, given again for every label that reuses it. */
  warnings: readonly RenderWarning[];
}

/**
 * Values kept per element, the least recently used dropped first: enough for the product names, bins or service levels
 * a wave repeats, while a value unique to each record (a tracking number) only costs the entry it replaces.
 */
const VALUES_PER_ELEMENT = 1000;

interface ElementValues {
  /** The layout of the element without a value (a shape, an image from src). */
  none?: MemoEntry;
  values: LRUCache<string, MemoEntry>;
}

/**
 * An element's layout depends only on the element, its box, the fonts, its value (expressions are evaluated first) and
 * the target's resolution (barcode modules are whole dots of it), so labels of one template share it by value and dpi.
 * Laid-out elements are treated as read-only by every emitter, so they can be shared; emitters may key their own
 * caches on them (see emitZplLabels).
 */
export class LayoutMemo {
  /** One table per resolution: a 203 dpi barcode's bars are not a 300 dpi one's. */
  private readonly byDpi = new Map<number, WeakMap<Element, ElementValues>>();

  get(element: Element, value: string | undefined, targetDpi: number): MemoEntry | undefined {
    const known = this.byDpi.get(targetDpi)?.get(element);
    return value === undefined ? known?.none : known?.values.get(value);
  }

  set(element: Element, value: string | undefined, targetDpi: number, entry: MemoEntry): void {
    let elements = this.byDpi.get(targetDpi);
    if (elements === undefined) {
      elements = new WeakMap();
      this.byDpi.set(targetDpi, elements);
    }
    let known = elements.get(element);
    if (known === undefined) {
      known = { values: new LRUCache({ max: VALUES_PER_ELEMENT }) };
      elements.set(element, known);
    }
    if (value === undefined) known.none = entry;
    else known.values.set(value, entry);
  }
}
