import { describe, expect, it } from 'vitest';
import { parseQualifiedId, slugify, slugSchema } from './slug';

describe('slugs', () => {
  it('accept lower-case words joined by hyphens and nothing else', () => {
    for (const good of ['a', 'shipping-4x6', 'x1-y2-z3']) expect(slugSchema.safeParse(good).success).toBe(true);
    for (const bad of ['', 'A', 'a--b', '-a', 'a-', 'a:b', 'a b', 'ä', 'x'.repeat(65)])
      expect(slugSchema.safeParse(bad).success).toBe(false);
  });

  it('are made from names', () => {
    expect(slugify('Shipping label 4x6')).toBe('shipping-label-4x6');
    expect(slugify('  Crème brûlée: 100% ')).toBe('creme-brulee-100');
    expect(slugify('日本')).toBe('');
  });

  it('qualify library templates as <library>:<slug>', () => {
    expect(parseQualifiedId('shipping:parcel')).toEqual({ librarySlug: 'shipping', slug: 'parcel' });
    expect(parseQualifiedId('parcel')).toBeUndefined();
    expect(parseQualifiedId('a:b:c')).toEqual({ librarySlug: 'a', slug: 'b:c' });
  });
});
