import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { toPoints } from '../../units/length';
import { laidOutText } from '../../../test/support/engine/textLabelTestSupport';
import { emitPng } from './emitPng';

const fonts = bundledFonts();

/** The PNG's chunks by type, read straight from the bytes (pngjs does not expose pHYs). */
function chunks(png: Uint8Array): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let offset = 8; offset < png.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    found.set(type, png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  return found;
}

function decode(png: Uint8Array): PNG {
  // pngjs checks every chunk's CRC and the zlib stream while decoding.
  return PNG.sync.read(Buffer.from(png));
}

function darkPixels(image: PNG, left: number, top: number, right: number, bottom: number): number {
  let dark = 0;
  for (let y = Math.max(0, Math.floor(top)); y < Math.min(image.height, Math.ceil(bottom)); y++) {
    for (let x = Math.max(0, Math.floor(left)); x < Math.min(image.width, Math.ceil(right)); x++) {
      const i = (y * image.width + x) * 4;
      if ((image.data[i] ?? 255) + (image.data[i + 1] ?? 255) + (image.data[i + 2] ?? 255) < 3 * 128) dark++;
    }
  }
  return dark;
}

const fourBySix: LaidOutLabel = {
  width: 4 * 72,
  height: 6 * 72,
  warnings: [],
  elements: [
    laidOutText(fonts, {
      id: 'to',
      lines: ['SHIP TO:', 'YOUNG A. WALTER', '1 Tree Lane, Apt 7'],
      x: 18,
      y: 20,
      fontSize: 16,
    }),
    laidOutText(fonts, { id: 'ref', lines: ['Ref 88-1234'], x: 18, y: 300, fontKey: 'mono-bold', fontSize: 12 }),
  ],
};

describe('emitPng', () => {
  it.each([203, 300, 600])('is round(inches x dpi) pixels each way at %i dpi, with the dpi in pHYs', async (dpi) => {
    const oddLabel: LaidOutLabel = { ...fourBySix, width: toPoints('50mm'), height: toPoints('30mm'), elements: [] };
    for (const label of [fourBySix, oddLabel]) {
      const png = await emitPng(label, fonts, { dpi });
      const image = decode(png);
      expect(image.width).toBe(Math.round((label.width / 72) * dpi));
      expect(image.height).toBe(Math.round((label.height / 72) * dpi));
      const physical = chunks(png).get('pHYs');
      expect(physical).toBeDefined();
      const view = new DataView(physical!.buffer, physical!.byteOffset, 9);
      expect(view.getUint32(0)).toBe(Math.round(dpi / 0.0254));
      expect(view.getUint32(4)).toBe(Math.round(dpi / 0.0254));
      expect(view.getUint8(8)).toBe(1);
    }
  });

  it.each([49, 601, 0, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s dpi', async (dpi) => {
    await expect(emitPng(fourBySix, fonts, { dpi })).rejects.toThrow(RangeError);
  });

  it('puts ink where the layout put each line and nowhere else', async () => {
    const dpi = 203;
    const image = decode(await emitPng(fourBySix, fonts, { dpi }));
    const px = (points: number) => (points / 72) * dpi;
    for (const element of fourBySix.elements) {
      if (element.type !== 'text') continue;
      const capHeight = fonts.ascent(element.fontKey, element.fontSize) * 0.6;
      for (const line of element.lines) {
        // Between the baseline and cap height over the line's width, letters leave plenty of dark pixels.
        const inLine = darkPixels(
          image,
          px(line.x),
          px(line.baseline - capHeight),
          px(line.x + line.width),
          px(line.baseline),
        );
        expect(inLine, line.text).toBeGreaterThan(px(line.width) * px(capHeight) * 0.1);
        // Right of the line's end and in the gap between the two elements the paper stays white.
        expect(
          darkPixels(image, px(line.x + line.width) + 2, px(line.baseline - capHeight), image.width, px(line.baseline)),
          line.text,
        ).toBe(0);
      }
    }
    expect(darkPixels(image, 0, px(100), image.width, px(290))).toBe(0);
  });

  it('writes grey samples for black text and colour samples once anything is coloured', async () => {
    const black = await emitPng(fourBySix, fonts, { dpi: 100 });
    expect(chunks(black).get('IHDR')?.[9]).toBe(0);
    const red = laidOutText(fonts, { id: 'red', lines: ['RED'], x: 20, y: 20, fontSize: 40, color: '#ff0000' });
    const coloured = await emitPng({ ...fourBySix, elements: [red] }, fonts, { dpi: 100 });
    expect(chunks(coloured).get('IHDR')?.[9]).toBe(2);
    const image = decode(coloured);
    // A pixel well inside the R's stem: pure red on the decoded image.
    const x = Math.round(((20 + 5) / 72) * 100);
    const y = Math.round(((red.lines[0]!.baseline - 10) / 72) * 100);
    const i = (y * image.width + x) * 4;
    expect([image.data[i], image.data[i + 1], image.data[i + 2], image.data[i + 3]]).toEqual([255, 0, 0, 255]);
  });
});
