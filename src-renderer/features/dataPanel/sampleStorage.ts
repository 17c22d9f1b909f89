// Sample records are the designer's, not the template's: kept per template in this browser's storage so they survive a reload.
export type TextStorage = Pick<Storage, 'getItem' | 'setItem'>;

const PREFIX = 'labelsmith.samples.';
/** A generous cap: storage is small (about 5 MB per site) and shared by every template. */
const MAX_STORED_CHARS = 200_000;

function storage(): TextStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage can be switched off; samples then last as long as the page.
    return undefined;
  }
}

export function loadStoredSamples(templateId: string, store: TextStorage | undefined = storage()): string[] | undefined {
  const raw = store?.getItem(PREFIX + templateId);
  if (!raw) return undefined;
  try {
    const texts: unknown = JSON.parse(raw);
    return Array.isArray(texts) && texts.length > 0 && texts.every((text) => typeof text === 'string') ? texts : undefined;
  } catch {
    return undefined;
  }
}

export function storeSamples(templateId: string, texts: readonly string[], store: TextStorage | undefined = storage()): void {
  const raw = JSON.stringify(texts);
  if (raw.length > MAX_STORED_CHARS) return;
  try {
    store?.setItem(PREFIX + templateId, raw);
  } catch {
    // Full or refused: the samples still work for this visit.
  }
}
