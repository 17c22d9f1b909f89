// Checks ~DY's files: PNGs of every colour type made 1-bit, their size charged first, and fonts parsed or refused.
import { readFileSync } from 'node:fs';
import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { packRows } from '../../emit/zpl/zplGraphic';
import { PixelBudget, PixelBudgetError } from '../../render/pixelBudget';
import { decodePngGraphic, parseFont } from './zplDownloadedFiles';

const WIDTH = 11;
const HEIGHT = 4;
/** 1 = black: a diagonal and a frame. */
const BITS = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
  const x = i % WIDTH;
  const y = Math.floor(i / WIDTH);
  return x === y * 2 || y === 0 || x === WIDTH - 1 ? 1 : 0;
});

function samples(channels: number, black: number[], white: number[]): Uint8Array {
  const data = new Uint8Array(WIDTH * HEIGHT * channels);
  BITS.forEach((bit, i) => data.set(bit ? black : white, i * channels));
  return data;
}

const PNGS: Record<string, Uint8Array> = {
  'RGBA, white transparent': encode({
    width: WIDTH,
    height: HEIGHT,
    data: samples(4, [10, 20, 30, 255], [0, 0, 0, 0]),
  }),
  'RGB, dark blue on yellow': encode({
    width: WIDTH,
    height: HEIGHT,
    data: samples(3, [0, 0, 160], [255, 255, 0]),
    channels: 3,
  }),
  'grey + alpha': encode({ width: WIDTH, height: HEIGHT, data: samples(2, [0, 255], [0, 0]), channels: 2 }),
  'grey, 16 bits': encode({
    width: WIDTH,
    height: HEIGHT,
    data: Uint16Array.from(samples(1, [0], [200]), (v) => v * 257),
    channels: 1,
    depth: 16,
  }),
  'grey, 1 bit': encode({
    width: WIDTH,
    height: HEIGHT,
    data: packRows(
      BITS.map((bit) => 1 - bit),
      WIDTH,
      HEIGHT,
    ),
    channels: 1,
    depth: 1,
  }),
  'palette with transparency': encode({
    width: WIDTH,
    height: HEIGHT,
    data: samples(1, [1], [0]),
    channels: 1,
    palette: [
      [255, 255, 255, 0],
      [20, 20, 20, 255],
    ],
  }),
};

describe('decodePngGraphic', () => {
  for (const [kind, png] of Object.entries(PNGS)) {
    it(`makes a ${kind} PNG 1-bit: dark black, light and transparent white`, () => {
      const codes: string[] = [];
      const bitmap = decodePngGraphic(png, new PixelBudget(1000), 'test', (code) => codes.push(code));
      expect(codes).toEqual([]);
      expect(bitmap).toEqual({ width: WIDTH, height: HEIGHT, dots: BITS });
    });
  }

  it('charges the size IHDR states before decoding: a PNG claiming 100000 x 100000 is refused unread', () => {
    const png = PNGS['grey, 1 bit'] ?? new Uint8Array();
    const forged = png.slice();
    new DataView(forged.buffer).setUint32(16, 100_000);
    new DataView(forged.buffer).setUint32(20, 100_000);
    expect(() => decodePngGraphic(forged, new PixelBudget(50_000_000), 'the PNG', () => undefined)).toThrow(
      PixelBudgetError,
    );
  });

  it('reports data that is not a PNG, or a broken one', () => {
    const broken = (PNGS['RGBA, white transparent'] ?? new Uint8Array()).slice(0, 40);
    for (const bytes of [new Uint8Array([1, 2, 3]), broken]) {
      const codes: string[] = [];
      expect(decodePngGraphic(bytes, new PixelBudget(1000), 'test', (code) => codes.push(code))).toBeUndefined();
      expect(codes).toEqual(['ZPL_GRAPHIC_DATA']);
    }
  });
});

describe('parseFont', () => {
  const ttf = new Uint8Array(
    readFileSync(new URL('../../../resources/fonts/LiberationSans-Regular.ttf', import.meta.url)),
  );

  it('accepts a TrueType font fontkit can lay text out with', () => {
    expect(parseFont(ttf)?.unitsPerEm).toBe(2048);
  });

  it('refuses bytes that are no font, and a font cut short', () => {
    expect(parseFont(new TextEncoder().encode('this is not a font at all'))).toBeUndefined();
    expect(parseFont(ttf.slice(0, 2000))).toBeUndefined();
  });
});
