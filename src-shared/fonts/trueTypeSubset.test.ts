import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { readTrueType, TrueTypeSubset } from './trueTypeSubset';

const fonts = bundledFonts();
// Accented capitals are composite glyphs in the Liberation fonts: base letter plus accent, both pulled in.
const TEXT = 'Ship to: Åsa Müller-Lüdenscheidt, Straße 7 — €12.50 (fi/fl)';

function subsetOf(key: 'sans-regular' | 'serif-bolditalic' | 'mono-regular', text: string) {
  const face = fonts.face(key);
  const source = readTrueType(face.data);
  if (!source) throw new Error('not a TrueType font');
  const subset = new TrueTypeSubset(source);
  const run = face.font.layout(text);
  const ids = run.glyphs.map((glyph) => [glyph.id, subset.includeGlyph(glyph.id)] as const);
  const bytes = subset.encode();
  return { face, ids, bytes, parsed: fontkit.create(Buffer.from(bytes)) as Font };
}

describe('TrueTypeSubset', () => {
  it.each(['sans-regular', 'serif-bolditalic', 'mono-regular'] as const)(
    'keeps the outlines and advances of every used glyph of %s',
    (key) => {
      const { face, ids, parsed } = subsetOf(key, TEXT);
      for (const [original, subsetId] of ids) {
        const before = face.font.getGlyph(original);
        const after = parsed.getGlyph(subsetId);
        expect(after.path.toSVG(), `glyph ${original}`).toBe(before.path.toSVG());
        expect(after.advanceWidth).toBe(before.advanceWidth);
      }
      // Only the used glyphs (and components) travel: far fewer than the font's.
      expect(parsed.numGlyphs).toBeLessThan(80);
      expect(parsed.numGlyphs).toBeGreaterThan(new Set(ids.map(([original]) => original)).size);
    },
  );

  it('numbers glyphs in order of first use, .notdef first', () => {
    const face = fonts.face('sans-regular');
    const subset = new TrueTypeSubset(readTrueType(face.data)!);
    const [b, a] = face.font.layout('BA').glyphs.map((glyph) => glyph.id);
    expect([subset.includeGlyph(b!), subset.includeGlyph(a!), subset.includeGlyph(b!)]).toEqual([1, 2, 1]);
  });

  it('writes valid table checksums and the whole-file checksum adjustment', () => {
    const { bytes } = subsetOf('sans-regular', TEXT);
    const file = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sum = (start: number, length: number) => {
      let total = 0;
      for (let offset = start; offset < start + padded(length); offset += 4) {
        total = (total + (offset + 4 <= bytes.length ? file.getUint32(offset) : 0)) >>> 0;
      }
      return total;
    };
    const padded = (length: number) => (length + 3) & ~3;
    const tags: string[] = [];
    for (let index = 0; index < file.getUint16(4); index++) {
      const record = 12 + index * 16;
      const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
      tags.push(tag);
      const offset = file.getUint32(record + 8);
      const length = file.getUint32(record + 12);
      const stored = file.getUint32(record + 4);
      // head's own checksum is taken with checkSumAdjustment zeroed.
      const actual = tag === 'head' ? (sum(offset, length) - file.getUint32(offset + 8)) >>> 0 : sum(offset, length);
      expect(actual, tag).toBe(stored);
    }
    expect(tags).toEqual(['cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'prep']);
    expect(sum(0, bytes.length)).toBe(0xb1b0afba);
  });

  it('declines fonts it does not cover', () => {
    expect(readTrueType(new Uint8Array([0x4f, 0x54, 0x54, 0x4f, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(readTrueType(new Uint8Array(4))).toBeUndefined();
  });
});
