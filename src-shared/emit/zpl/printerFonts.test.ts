// Printer truth for text: a Liberation Serif text at every quarter turn and at 15° prints (read back) as designed, in either
// font mode; "Printer 0" prints as ^A0 with the layout's line breaks; downloaded fonts go once per document.
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import type { LaidOutLabel, LaidOutText } from '../../layout/laidOutLabel';
import { layoutLabel } from '../../layout/layoutLabel';
import { parseTemplate } from '../../model/template';
import { PixelBudget } from '../../render/pixelBudget';
import { renderLabel } from '../../render/renderLabel';
import { inkAgreement, type InkRaster } from '../../../test/support/engine/inkAgreement';
import { readZpl } from '../../read/zpl/readZpl';
import { zplTextFromBytes } from '../../read/zpl/zplCharsets';
import { pointsToDots } from '../../units/length';
import { emitPngOfSize } from '../png/emitPng';
import { emitZpl, emitZplLabels } from './emitZpl';
import type { ZplFontMode } from './zplFontDownloads';

const fonts = bundledFonts();
const DPI = 203;

function template(
  style: Record<string, unknown>,
  rotation = 0,
  text = 'Ship to: Åsa Müller, Straße 7 — order 4711 packed with care',
) {
  return parseTemplate({
    formatVersion: 1,
    meta: { name: 'printer fonts' },
    dimensions: { width: '4in', height: '4in' },
    elements: [
      {
        id: 'address',
        type: 'text',
        position: { mode: 'absolute', x: '0.8in', y: '1.5in' },
        width: '2.4in',
        height: '1in',
        rotation,
        content: { text },
        style,
      },
    ],
  });
}

function read(zpl: string, label: LaidOutLabel) {
  const widthDots = Math.round(pointsToDots(label.width, DPI));
  const heightDots = Math.round(pointsToDots(label.height, DPI));
  return readZpl(zplTextFromBytes(new TextEncoder().encode(zpl)), {
    dpmm: 8,
    widthDots,
    heightDots,
    budget: new PixelBudget(50_000_000),
    fonts,
  });
}

/** The PNG writer's raster at 203 dpi, at the size the reader's label has (its dots are 1/8 mm, a hair under 1/203 in). */
async function png(label: LaidOutLabel, width: number, height: number): Promise<InkRaster> {
  const image = decode(await emitPngOfSize(label, fonts, { width, height, dpi: DPI }));
  // The writer stores labels as grey (one channel) when it can: spread to RGBA for the ink count.
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let pixel = 0; pixel < image.width * image.height; pixel++) {
    for (let channel = 0; channel < 3; channel++)
      rgba[pixel * 4 + channel] = image.data[pixel * image.channels + (image.channels >= 3 ? channel : 0)] ?? 0;
    rgba[pixel * 4 + 3] =
      image.channels === 2 || image.channels === 4
        ? (image.data[pixel * image.channels + image.channels - 1] ?? 0)
        : 255;
  }
  return { width: image.width, height: image.height, rgba };
}

describe.each<ZplFontMode>(['graphic', 'download'])('Liberation Serif text in ZPL, fonts: %s', (fontMode) => {
  it.each([0, 90, 180, 270, 15])(
    'rotated %i° reads back with ink agreement of at least 0.95 against the PNG at 203 dpi',
    async (rotation) => {
      const label = layoutLabel(
        template({ fontFamily: 'Liberation Serif', fontSize: '11pt' }, rotation),
        {},
        { fonts },
      );
      expect(label.elements[0]).toMatchObject({ fontKey: 'serif-regular' });
      expect((label.elements[0] as { lines: unknown[] }).lines.length).toBeGreaterThan(1);
      const zpl = emitZpl(label, fonts, { dpi: DPI, fontMode });
      // The designed font reaches the printer: never font 0.
      expect(zpl).not.toContain('^A0');
      const downloads = fontMode === 'download' && rotation % 90 === 0;
      expect(zpl.includes('^A@'), 'text printed in the downloaded font').toBe(downloads);
      expect(zpl.includes('~DYE:SERIFR,A,T,'), 'font subset downloaded').toBe(downloads);
      if (!downloads) expect(zpl).toContain(':Z64:');
      const back = read(zpl, label);
      expect(back.warnings).toEqual([]);
      // Something was read back to compare: the graphic (an image) or the fields in the downloaded face.
      expect(back.labels[0]!.label.elements.map((element) => element.type)).toEqual(
        downloads ? ['text', 'text'] : ['image'],
      );
      const [width, height] = [label.width, label.height].map((side) => Math.round(pointsToDots(side, DPI))) as [
        number,
        number,
      ];
      const agreement = inkAgreement(await png(label, width, height), await png(back.labels[0]!.label, width, height));
      expect(agreement.agreement, JSON.stringify(agreement)).toBeGreaterThanOrEqual(0.95);
    },
  );
});

describe('"Printer 0", the printer\'s font ^A0', () => {
  const text = 'Deliver to the loading dock behind the blue gate before noon, ring twice';
  const label = layoutLabel(template({ fontFamily: 'Printer 0', fontSize: '14pt' }, 0, text), {}, { fonts });
  const laidOut = label.elements[0] as LaidOutText;

  it('is laid out as font 0 is drawn: the condensed sans bold', () => {
    expect(laidOut).toMatchObject({ fontKey: 'sans-bold', printerFont: '0' });
    expect(laidOut.scaleX).toBeLessThan(1);
    expect(laidOut.lines.length).toBeGreaterThan(1);
  });

  it.each<ZplFontMode>(['graphic', 'download'])(
    "prints as ^A0 fields with the layout's line breaks (fonts: %s)",
    (fontMode) => {
      const zpl = emitZpl(label, fonts, { dpi: DPI, fontMode });
      // 14 pt is 39.5 dots at 203 dpi: the ^A0 height, at the same width.
      expect(zpl.match(/\^A0N,39,39\^/g)).toHaveLength(laidOut.lines.length);
      expect(zpl).not.toContain('^GF');
      expect(zpl).not.toContain('~DY');
      const back = read(zpl, label);
      expect(back.warnings).toEqual([]);
      const lines = back.labels[0]!.label.elements.flatMap((element) =>
        element.type === 'text' ? element.lines.map((line) => line.text) : [],
      );
      expect(lines).toEqual(laidOut.lines.map((line) => line.text));
    },
  );

  it("is drawn the same in every output: the reader's font 0 run equals the layout's", () => {
    const back = read(emitZpl(label, fonts, { dpi: DPI }), label).labels[0]!.label.elements[0] as LaidOutText;
    expect(back.fontKey).toBe(laidOut.fontKey);
    expect(back.scaleX).toBeCloseTo(laidOut.scaleX!, 6);
    // Within the rounding of the height to whole dots (and the reader's 8 dots a millimetre).
    expect(Math.abs(back.fontSize - laidOut.fontSize) / laidOut.fontSize).toBeLessThan(0.02);
  });
});

describe('fonts: "download" in a document of several labels', () => {
  const records = [{ name: 'Åsa Müller' }, { name: 'José Núñez' }, { name: 'Zoë Ægir' }];
  const tpl = parseTemplate({
    formatVersion: 1,
    meta: { name: 'downloads' },
    dimensions: { width: '4in', height: '2in' },
    elements: [
      {
        id: 'name',
        type: 'text',
        position: { mode: 'absolute', x: '0.2in', y: '0.2in' },
        width: '3.6in',
        height: '0.5in',
        contentExpression: 'name',
        style: { fontFamily: 'Liberation Serif', fontSize: '16pt' },
      },
      {
        id: 'note',
        type: 'text',
        position: { mode: 'absolute', x: '0.2in', y: '1in' },
        width: '3.6in',
        height: '0.5in',
        content: { text: 'Fragile' },
        style: { fontFamily: 'sans', fontWeight: 'bold', fontSize: '12pt' },
      },
    ],
  });
  const labels = records.map((record) => layoutLabel(tpl, record, { fonts }));
  const zpl = emitZplLabels(labels, fonts, { dpi: DPI, fontMode: 'download' });

  it("sends each face's subset once, before the first label, holding every label's characters", () => {
    expect(zpl.match(/~DY/g)).toHaveLength(2);
    expect(zpl.match(/~DYE:SERIFR,/g)).toHaveLength(1);
    expect(zpl.match(/~DYE:SANSB,/g)).toHaveLength(1);
    expect(zpl.indexOf('~DY')).toBeLessThan(zpl.indexOf('^XA'));
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    expect(zpl.match(/\^A@N,\d+,\d+,E:SERIFR\.TTF/g)).toHaveLength(3);
  });

  it("reads back with every label's text in its downloaded face, no glyph missing", () => {
    const back = read(zpl, labels[0]!);
    expect(back.warnings).toEqual([]);
    expect(back.labels).toHaveLength(3);
    back.labels.forEach((read, index) => {
      const texts = read.label.elements.map((element) =>
        element.type === 'text' ? [element.fontKey, element.lines.map((line) => line.text).join(' ')] : [],
      );
      expect(texts).toEqual([
        ['serif-regular', records[index]!.name],
        ['sans-bold', 'Fragile'],
      ]);
    });
  });

  it('keeps texts with characters the face lacks as graphics, and warns of a subset that misses a character', () => {
    const emoji = layoutLabel(tpl, { name: 'Box ☃ 12' }, { fonts });
    const mixed = emitZplLabels([labels[0]!, emoji], fonts, { dpi: DPI, fontMode: 'download' });
    expect(mixed.match(/\^A@N,\d+,\d+,E:SERIFR\.TTF/g)).toHaveLength(1);
    expect(mixed.split('^XA')[2]).toContain(':Z64:');
    // A subset asked to print a character it was not given: the reader names it, as the printer would leave it blank.
    const tampered = zpl.replace('^FDZoë Ægir^FS', '^FDZoë Ægir ß^FS');
    expect(read(tampered, labels[0]!).warnings.map((warning) => warning.code)).toEqual(['ZPL_FONT_GLYPH_MISSING']);
  });
});

describe('rotation at other angles than quarter turns', () => {
  it('prints the element as a graphic and the ZPL render warns, naming it', async () => {
    const json = {
      formatVersion: 1,
      meta: { name: 'tilted' },
      dimensions: { width: '4in', height: '4in' },
      elements: [
        {
          id: 'tilted',
          type: 'text',
          position: { mode: 'absolute', x: '1in', y: '1in' },
          width: '2in',
          height: '0.5in',
          rotation: 15,
          content: { text: 'Tilted' },
          style: { fontFamily: 'Printer 0' },
        },
        {
          id: 'upright',
          type: 'text',
          position: { mode: 'absolute', x: '1in', y: '2in' },
          width: '2in',
          height: '0.5in',
          rotation: 90,
          content: { text: 'Upright' },
        },
      ],
    };
    const zpl = await renderLabel(json, {}, { format: 'zpl', fonts });
    expect(new TextDecoder().decode(zpl.bytes)).not.toContain('^A0');
    expect(zpl.warnings).toEqual([
      { code: 'ZPL_ROTATED_GRAPHIC', elementId: 'tilted', message: expect.stringContaining('"tilted" is rotated 15°') },
    ]);
    // Other formats draw any angle as designed: no warning.
    expect((await renderLabel(json, {}, { format: 'pdf', fonts })).warnings).toEqual([]);
  });
});
