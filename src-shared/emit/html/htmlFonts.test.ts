// The html output's fonts: small, WOFF2 subsets holding exactly the characters drawn, one per face for a whole batch.
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import wawoff2 from 'wawoff2';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample } from '@main/samples/sampleTemplates';
import { autohintCharacters } from '../../fonts/autohintCharacters';
import { layoutLabel } from '../../layout/layoutLabel';
import { parseTemplate } from '../../model/template';
import { renderLabels } from '../../render/renderBatch';
import { renderLabel } from '../../render/renderLabel';
import { charactersByFace, embeddedFonts } from '../../../test/support/engine/htmlFontsTestSupport';

const fonts = bundledFonts();
const env = { now: () => new Date('2026-11-20T10:00:00Z') };
const sample = loadSample('shipping-4x6');
const template = parseTemplate(sample.template);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function openFont(bytes: Buffer): fontkit.Font {
  return fontkit.create(bytes) as fontkit.Font;
}

/** The records' labels as the renderer lays them out: the characters each face must draw. */
function drawnCharacters(records: Record<string, unknown>[]) {
  return charactersByFace(records.map((data) => layoutLabel(template, data, { fonts, env })));
}

describe('html fonts', () => {
  it('keeps the parcel label at most 60 KB (1.1 MB with whole faces)', async () => {
    const { bytes } = await renderLabel(sample.template, sample.data, { format: 'html', fonts, env });
    expect(bytes.length).toBeLessThanOrEqual(60 * 1024);
  });

  it('embeds each face as a WOFF2 subset with a glyph for every character drawn and none for any other', async () => {
    const html = decode((await renderLabel(sample.template, sample.data, { format: 'html', fonts, env })).bytes);
    const drawn = drawnCharacters([sample.data]);
    const embedded = embeddedFonts(html);
    expect(embedded.map((font) => font.key).sort()).toEqual([...drawn.keys()].sort());
    for (const { key, mediaType, format, bytes } of embedded) {
      expect([mediaType, format, bytes.subarray(0, 4).toString('latin1')]).toEqual(['font/woff2', 'woff2', 'wOF2']);
      const subset = openFont(bytes);
      expect(subset.type).toBe('WOFF2');
      const characters = drawn.get(key)!;
      for (const char of characters)
        expect(subset.hasGlyphForCodePoint(char.codePointAt(0)!), `${key} draws ${JSON.stringify(char)}`).toBe(true);
      // Every other character of the whole face is left out (thousands of them), but for the few the auto-hinter measures.
      const kept = new Set([...characters, ...autohintCharacters([...characters].map((char) => char.codePointAt(0)!))]);
      const whole = fonts.face(key).font;
      const others = whole.characterSet.filter((codePoint) => !kept.has(String.fromCodePoint(codePoint)));
      expect(others.length).toBeGreaterThan(500);
      expect(others.filter((codePoint) => subset.hasGlyphForCodePoint(codePoint))).toEqual([]);
      // Google's decoder, the one browsers use, reads it back to a TrueType font with the same characters.
      const sfnt = openFont(Buffer.from(await wawoff2.decompress(bytes)));
      expect(sfnt.characterSet.sort((a, b) => a - b)).toEqual(subset.characterSet.sort((a, b) => a - b));
    }
  });

  it('writes one @font-face per face for a whole batch, subset over every label', async () => {
    const names = ['Ada Lovelace', 'Åsa Öberg', 'Грейс Хоппер', 'Zoë Quixote'];
    const records = names.map((name) => ({
      ...sample.data,
      recipient: { ...(sample.data.recipient as object), name },
    }));
    const html = decode((await renderLabels(sample.template, records, { format: 'html', fonts, env })).bytes);
    expect(html.match(/class="ls-label"/g)).toHaveLength(names.length);
    const drawn = drawnCharacters(records);
    const embedded = embeddedFonts(html);
    expect(embedded.map((font) => font.key)).toEqual([...drawn.keys()].sort());
    expect(html.match(/@font-face/g)).toHaveLength(drawn.size);
    for (const { key, bytes } of embedded) {
      const subset = openFont(bytes);
      for (const char of drawn.get(key)!)
        expect(subset.hasGlyphForCodePoint(char.codePointAt(0)!), `${key} draws ${JSON.stringify(char)}`).toBe(true);
    }
    // The names are bold: that face holds the letters of every record's name.
    const bold = openFont(embedded.find((font) => font.key === 'sans-bold')!.bytes);
    for (const char of 'ÅÖГрейсХоппZë') expect(bold.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
  });

  it('gives the same document for the same label, subset made or found in the cache', async () => {
    const data = { ...sample.data, reference: 'Ω 42 unseen' };
    const first = await renderLabel(sample.template, data, { format: 'html', fonts, env });
    const second = await renderLabel(sample.template, data, { format: 'html', fonts, env });
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });
});
