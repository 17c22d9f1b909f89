// Checks the 1-bit conversion and that a printer-side ZPL renderer draws every ^GFA dot where it was set.
import { describe, expect, it } from 'vitest';
import { isDark, renderZpl } from '../../../test/support/engine/rasterTestSupport';
import { monochromeToGfa, rgbaToMonochrome } from './zplGraphic';

/** A deterministic pattern with long runs, short runs, blank rows and repeated rows. */
function pattern(width: number, height: number): Uint8Array {
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = Math.floor(y / 3);
      let black: boolean;
      if (band % 4 === 0)
        black = x < width - 5; // long run of F's, then white to the row end
      else if (band % 4 === 1)
        black = (x * 7 + y * 3) % 11 < 4; // irregular
      else if (band % 4 === 2)
        black = false; // blank rows
      else black = x % 9 === 0 || x === width - 1; // ends in black: no ',' possible
      bits[y * width + x] = black ? 1 : 0;
    }
  }
  return bits;
}

async function expectRendersExactly(bits: Uint8Array, width: number, height: number): Promise<void> {
  const offset = 8;
  const zpl = `^FO${offset},${offset}${monochromeToGfa(bits, width, height)}`;
  const raster = await renderZpl(zpl, width + 2 * offset, height + 2 * offset, 203);
  const mismatches: string[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (isDark(raster, x + offset, y + offset) !== (bits[y * width + x] === 1)) mismatches.push(`${x},${y}`);
    }
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
  // nothing is drawn around the graphic
  expect(isDark(raster, offset - 1, offset - 1)).toBe(false);
  expect(isDark(raster, offset + width + 1, offset + height)).toBe(false);
}

describe('monochromeToGfa', () => {
  it('states total bytes and bytes per row (width rounded up to whole bytes)', () => {
    const gfa = monochromeToGfa(new Uint8Array(21 * 5).fill(1), 21, 5);
    expect(gfa).toMatch(/^\^GFA,15,15,3,[^^]+\^FS$/);
  });

  it('compresses repeated rows and white row ends', () => {
    const width = 64;
    const bits = new Uint8Array(width * 4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 8; x++) bits[y * width + x] = 1;
    // row "FF" + 14 zeros: a run of two F then ','; the next rows repeat it with ':'
    expect(monochromeToGfa(bits, width, 4)).toBe('^GFA,32,32,8,HF,:::^FS');
  });

  it('draws every dot of a pattern whose width is not a whole number of bytes', async () => {
    await expectRendersExactly(pattern(77, 40), 77, 40);
  });

  it('draws runs longer than 400 hex digits (count prefixes z, g..y and G..Y)', async () => {
    const width = 1800; // 225 bytes per row: 450 hex digits per row
    await expectRendersExactly(pattern(width, 12), width, 12);
  });
});

function solidRgba(width: number, height: number, rgba: [number, number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set(rgba, i * 4);
  return data;
}

const blackFraction = (bits: Uint8Array) => bits.reduce((sum, bit) => sum + bit, 0) / bits.length;

describe('rgbaToMonochrome', () => {
  it('thresholds at half brightness: dark colours black, light colours and transparency white', () => {
    const cases: [[number, number, number, number], number][] = [
      [[0, 0, 0, 255], 1],
      [[0, 0, 255, 255], 1], // pure blue is dark
      [[255, 255, 0, 255], 0], // yellow is light
      [[120, 120, 120, 255], 1],
      [[140, 140, 140, 255], 0],
      [[0, 0, 0, 0], 0], // transparent: paper
      [[0, 0, 0, 100], 0], // mostly transparent black over white is light
    ];
    for (const [rgba, expected] of cases) {
      expect(rgbaToMonochrome(solidRgba(1, 1, rgba), 1, 1, 'threshold')[0], rgba.join(',')).toBe(expected);
    }
  });

  it('gives every pixel the dot of its brightness on white paper, opaque greys (a text\u2019s edges) included', () => {
    // Every opaque grey level, then colours and part-transparent pixels around the threshold.
    const pixels: [number, number, number, number][] = Array.from({ length: 256 }, (_, level) => [
      level,
      level,
      level,
      255,
    ]);
    for (const alpha of [0, 1, 127, 128, 254, 255])
      for (const level of [0, 1, 126, 127, 128, 129, 254, 255])
        pixels.push(
          [level, level, level, alpha],
          [level, level + (level < 255 ? 1 : -1), level, alpha],
          [0, 0, level, alpha],
        );
    const rgba = Uint8Array.from(pixels.flat());
    const paper = ([r, g, b, a]: number[]) =>
      ((a ?? 0) / 255) * ((299 * (r ?? 0) + 587 * (g ?? 0) + 114 * (b ?? 0)) / 1000) + (1 - (a ?? 0) / 255) * 255;
    expect([...rgbaToMonochrome(rgba, pixels.length, 1, 'threshold')]).toEqual(
      pixels.map((pixel) => (paper(pixel) < 128 ? 1 : 0)),
    );
    // The greys: black below half brightness, white from it on.
    expect([...rgbaToMonochrome(rgba, 256, 1, 'threshold')]).toEqual(
      Array.from({ length: 256 }, (_, level) => (level < 128 ? 1 : 0)),
    );
  });

  it('dithers a grey into a share of black dots matching its darkness, where a threshold gives all or nothing', () => {
    for (const grey of [64, 128, 192]) {
      const rgba = solidRgba(64, 64, [grey, grey, grey, 255]);
      expect(blackFraction(rgbaToMonochrome(rgba, 64, 64, 'dither'))).toBeCloseTo(1 - grey / 255, 1);
      expect([0, 1]).toContain(blackFraction(rgbaToMonochrome(rgba, 64, 64, 'threshold')));
    }
  });
});
