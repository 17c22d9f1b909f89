import { describe, expect, it } from 'vitest';
import { loadStoredSamples, storeSamples, type TextStorage } from './sampleStorage';

function memoryStorage(): TextStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('stored sample records', () => {
  it('round-trip per template', () => {
    const store = memoryStorage();
    storeSamples('a', ['{"x":1}', '{oops'], store);
    expect(loadStoredSamples('a', store)).toEqual(['{"x":1}', '{oops']);
    expect(loadStoredSamples('b', store)).toBeUndefined();
  });

  it('ignore what is not a list of texts, and huge records', () => {
    const store = memoryStorage();
    store.setItem('labelsmith.samples.a', '{"not":"a list"}');
    expect(loadStoredSamples('a', store)).toBeUndefined();
    store.setItem('labelsmith.samples.a', '[]');
    expect(loadStoredSamples('a', store)).toBeUndefined();
    storeSamples('big', ['x'.repeat(300_000)], store);
    expect(store.items.has('labelsmith.samples.big')).toBe(false);
  });
});
