// The ZPL sample the benchmark reads (resources/samples/carrier-4x6.zpl): every field it is meant to exercise is read and drawn, and its barcodes scan.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decode } from '../../test/support/engine/barcodeTestSupport';
import { emitPng } from '@shared/emit/png/emitPng';
import type { LaidOutElement, LaidOutOf } from '@shared/layout/laidOutLabel';
import { readZpl } from '@shared/read/zpl/readZpl';
import { pointsPerDot } from '@shared/read/zpl/zplField';
import { PixelBudget } from '@shared/render/pixelBudget';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadSampleZpl } from './sampleTemplates';

const fonts = bundledFonts();
const ppd = pointsPerDot(8);

function ofType<T extends LaidOutElement['type']>(elements: LaidOutElement[], type: T): LaidOutOf<T>[] {
  return elements.filter((element): element is LaidOutOf<T> => element.type === type);
}

describe('the carrier-4x6 ZPL sample', () => {
  const zpl = loadSampleZpl('carrier-4x6');
  const read = readZpl(zpl, { dpmm: 8, widthDots: 812, heightDots: 1218, budget: new PixelBudget(50_000_000), fonts });
  const elements = read.labels[0]!.label.elements;
  const texts = ofType(elements, 'text');

  it('is one label that reads without warnings', () => {
    expect(read.warnings).toEqual([]);
    expect(read.labels).toHaveLength(1);
  });

  it('holds a 304 x 112 dot ^GF logo at ^FO28,28, reversed fields, ^FB blocks and rotated text', () => {
    const [logo, ...otherImages] = ofType(elements, 'image');
    expect(otherImages).toEqual([]);
    expect([logo!.pixelWidth, logo!.pixelHeight]).toEqual([304, 112]);
    expect(logo!.box.x / ppd).toBeCloseTo(28, 6);
    expect(logo!.box.y / ppd).toBeCloseTo(28, 6);
    expect(texts.filter((text) => text.reverse).map((text) => text.lines[0]!.text)).toEqual([
      'P1',
      'EXPRESS 12:00  \\ SIGNATURE',
      'W14',
    ]);
    // The recipient block: five lines, with Polish letters from ^FH UTF-8 escapes under ^CI28.
    expect(texts.find((text) => text.lines.length === 5)!.lines.map((line) => line.text)).toEqual([
      'Marta Kołodziejczyk',
      'Zieleniec Logistics Sp. z o.o.',
      'ul. Marszałkowska 140 lok. 12',
      '00-061 Warszawa',
      'POLAND',
    ]);
    expect(texts.filter((text) => text.rotation === 90).map((text) => text.lines[0]!.text)).toEqual(['WAW-3']);
  });

  it('draws a code 128 and a QR code that scan to their ^FD data', async () => {
    const png = PNG.sync.read(Buffer.from(await emitPng(read.labels[0]!.label, fonts, { dpi: 8 * 25.4 })));
    expect([png.width, png.height]).toEqual([812, 1218]);
    const found = await decode({ width: png.width, height: png.height, rgba: new Uint8Array(png.data) }, [
      'Code128',
      'QRCode',
    ]);
    expect(
      found
        .filter((result) => result.isValid)
        .map((result) => `${result.format} ${result.text}`)
        .sort(),
    ).toEqual(['Code128 KP123456789012PL', 'QRCode KP123456789012PL|00-061|WAW-3|1/1']);
  });
});
