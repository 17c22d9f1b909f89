// The bitmap fonts A–H laid out with the ZPL guide's font matrices: each character's advance (width and gap) and the cell height, magnified by whole numbers.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { printZpl } from '../../../test/support/engine/barcodeFieldTestSupport';
import { darkBounds } from '../../../test/support/engine/barcodeTestSupport';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { PixelBudget } from '../../render/pixelBudget';
import { readZpl } from './readZpl';
import { pointsPerDot, type ZplDpmm } from './zplField';

const fonts = bundledFonts();

/** The one text field of `field` (commands up to ^FS) read at `dpmm`: its line's width and its box's height, in dots. */
function fieldDots(field: string, dpmm: ZplDpmm = 8): { width: number; height: number } {
  const { labels, warnings } = readZpl(`^XA${field}^XZ`, {
    dpmm,
    widthDots: 1600,
    heightDots: 1600,
    budget: new PixelBudget(1e8),
    fonts,
  });
  expect(warnings).toEqual([]);
  const text = labels[0]!.label.elements[0] as LaidOutOf<'text'>;
  const ppd = pointsPerDot(dpmm);
  return {
    width: Math.round((text.lines[0]!.width / ppd) * 1000) / 1000,
    height: Math.round((text.box.height / ppd) * 1000) / 1000,
  };
}

/** The guide's font matrix at 6 and 8 dpmm: character height x width and the inter-character gap, in dots. */
const MATRICES: [font: string, height: number, width: number, gap: number][] = [
  ['A', 9, 5, 1],
  ['B', 11, 7, 2],
  ['C', 18, 10, 2],
  ['D', 18, 10, 2],
  ['E', 28, 15, 5],
  ['F', 26, 13, 3],
  ['G', 60, 40, 8],
  ['H', 21, 13, 6],
];

describe("bitmap fonts A–H: the guide's cells, magnified by whole numbers", () => {
  it.each(MATRICES)(
    'font %s: "ABCDE" is 5 x (%i high, %i wide + %i gap) at its base size',
    (font, height, width, gap) => {
      expect(fieldDots(`^FO10,10^A${font}N,${height},${width}^FDABCDE^FS`)).toEqual({
        width: 5 * (width + gap),
        height,
      });
    },
  );

  it.each(MATRICES)(
    'font %s magnified 2 high and 3 wide: each character 3 x its advance, the field 2 x its height',
    (font, height, width, gap) => {
      expect(fieldDots(`^FO10,10^A${font}N,${2 * height},${3 * width}^FDABCDE^FS`)).toEqual({
        width: 15 * (width + gap),
        height: 2 * height,
      });
    },
  );

  it.each(MATRICES)(
    'font %s prints "HHHHH" about 5 advances less the last gap wide, from the ^FO (PNG pixels)',
    async (font, _height, width, gap) => {
      const { raster } = await printZpl(`^XA^FO10,10^A${font}N^FDHHHHH^FS^XZ`, 8, 400, 120);
      const ink = darkBounds(raster)!;
      // The mono face stands in for the printer's glyphs: within 3 dots of the printed width, starting at most half a
      // gap and a dot to the right of the field origin (the face's side bearing where the printer's glyph has none).
      expect(Math.abs(ink.right - ink.left + 1 - (5 * (width + gap) - gap))).toBeLessThanOrEqual(3);
      expect(ink.left - 10).toBeGreaterThanOrEqual(0);
      expect(ink.left - 10).toBeLessThanOrEqual(Math.ceil(gap / 2) + 1);
    },
  );

  it("rounds a size to the nearest whole magnification of the base height and width (the guide's ^ADN,36,20 is D twice)", () => {
    expect(fieldDots('^FO10,10^ADN,36,20^FDZEBRA^FS')).toEqual({ width: 5 * 24, height: 36 });
    // 40 / 18 rounds to 2, 26 / 10 to 3.
    expect(fieldDots('^FO10,10^ADN,40,26^FDZEBRA^FS')).toEqual({ width: 5 * 36, height: 36 });
  });

  it("takes the other dimension's magnification when only one is given, and the base cell when neither is", () => {
    expect(fieldDots('^FO10,10^AFN,52^FDAB^FS')).toEqual({ width: 2 * 2 * 16, height: 52 });
    expect(fieldDots('^FO10,10^AFN,,26^FDAB^FS')).toEqual({ width: 2 * 2 * 16, height: 52 });
    expect(fieldDots('^FO10,10^AF^FDAB^FS')).toEqual({ width: 2 * 16, height: 26 });
  });

  it('keeps the cells in dots at 12 dpmm, where E (OCR-B) has its own 42 x 20 cell', () => {
    expect(fieldDots('^FO10,10^AAN^FDABCDE^FS', 12)).toEqual({ width: 5 * 6, height: 9 });
    expect(fieldDots('^FO10,10^AEN^FDABCDE^FS', 12)).toEqual({ width: 5 * 30, height: 42 });
  });

  it('sets a ^FB block on the advances: 10 characters of font A fill exactly a 60-dot line', () => {
    const { labels } = readZpl('^XA^FO10,10^AAN,9,5^FB60,3^FDABCDEFGHIJKLMNO^FS^XZ', {
      dpmm: 8,
      widthDots: 800,
      heightDots: 800,
      budget: new PixelBudget(1e8),
      fonts,
    });
    const text = labels[0]!.label.elements[0] as LaidOutOf<'text'>;
    expect(text.lines.map((line) => line.text)).toEqual(['ABCDEFGHIJ', 'KLMNO']);
  });
});
