// Checks the ZPL graphic decoders: ASCII hex compression, binary, ZB64 with its CRC, declared sizes and the pixel budget.
import { strFromU8, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { monochromeToGfa, packRows } from '../../emit/zpl/zplGraphic';
import { PixelBudget, PixelBudgetError } from '../../render/pixelBudget';
import { decodeZb64, zb64Crc } from './zb64';
import { decodeGraphic, unpackRows, type GraphicDeclaration } from './zplGraphicData';
import { decodeZplHex } from './zplHexGraphic';

function collector(): { codes: string[]; report: (code: string, message: string) => void } {
  const codes: string[] = [];
  return { codes, report: (code) => codes.push(code) };
}

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('');

const withCrc = (kind: 'B64' | 'Z64', payload: string) =>
  `:${kind}:${payload}:${zb64Crc(payload).toString(16).toUpperCase().padStart(4, '0')}`;

function zb64(kind: 'B64' | 'Z64', bytes: Uint8Array): string {
  return withCrc(kind, btoa(strFromU8(kind === 'Z64' ? zlibSync(bytes) : bytes, true)));
}

/** Rings and stripes whose width is not a whole number of bytes. */
function pattern(width: number, height: number): Uint8Array {
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ring = Math.hypot(x - width / 2, y - height / 2);
      bits[y * width + x] = (Math.floor(ring / 4) % 2 === 0 && y % 7 !== 3) || x === 0 ? 1 : 0;
    }
  }
  return bits;
}

describe('decodeZplHex', () => {
  it('reads plain hex rows', () => {
    const { codes, report } = collector();
    expect(hexOf(decodeZplHex('F00F\n0FF0', 2, 2, report))).toBe('F00F0FF0');
    expect(codes).toEqual([]);
  });

  it('adds up run counts (G..Y 1..19, g..z 20..400) in front of a digit', () => {
    const { codes, report } = collector();
    // 'gH' = 20 + 2 = 22 digits of F, then 'I0' = 3 zeros, then '1': 26 digits = 13 bytes
    expect(hexOf(decodeZplHex('gHFI01', 13, 1, report))).toBe(`${'F'.repeat(22)}0001`);
    // 'zz' = 800 digits of A: 400 bytes
    expect(hexOf(decodeZplHex('zzA', 400, 1, report))).toBe('A'.repeat(800));
    expect(codes).toEqual([]);
  });

  it("ends a row in white with ',', in black with '!', and repeats the row above with ':'", () => {
    const { codes, report } = collector();
    const rows = decodeZplHex('A,!5!:,F', 3, 6, report);
    expect(hexOf(rows)).toBe(['A00000', 'FFFFFF', '5FFFFF', '5FFFFF', '000000', 'F00000'].join(''));
    expect(codes).toEqual(['ZPL_GRAPHIC_SIZE']); // the last row stops after one digit
  });

  it("keeps the digits already written when ':' comes in the middle of a row", () => {
    const { report } = collector();
    expect(hexOf(decodeZplHex('123456A:', 3, 2, report))).toBe('123456A23456');
  });

  it('never writes past the declared rows and reports the data left over', () => {
    const { codes, report } = collector();
    const rows = decodeZplHex('FFFF' + 'z'.repeat(1000) + 'F' + 'FFFF', 2, 2, report);
    expect(rows.length).toBe(4);
    expect(hexOf(rows)).toBe('FFFFFFFF');
    expect(codes).toEqual(['ZPL_GRAPHIC_SIZE']);
  });

  it('reports characters that are neither hex nor compression, and skips them', () => {
    const { codes, report } = collector();
    expect(hexOf(decodeZplHex('F#F', 1, 1, report))).toBe('FF');
    expect(codes).toEqual(['ZPL_GRAPHIC_DATA']);
  });

  it('decodes what the ZPL writer writes to the same dots', () => {
    for (const [width, height] of [
      [77, 40],
      [1800, 6],
      [8, 1],
    ] as const) {
      const bits = pattern(width, height);
      const [, , total, perRow, data] =
        /^\^GFA,(\d+),(\d+),(\d+),(.*)\^FS$/s.exec(monochromeToGfa(bits, width, height)) ?? [];
      const { codes, report } = collector();
      const packed = decodeZplHex(data ?? '', Number(perRow), Number(total) / Number(perRow), report);
      expect(codes).toEqual([]);
      expect(packed).toEqual(packRows(bits, width, height));
    }
  });
});

describe('ZB64', () => {
  it('uses CRC-16 with polynomial 0x1021 and initial value 0 (the XMODEM check value for "123456789" is 31C3)', () => {
    expect(zb64Crc('123456789')).toBe(0x31c3);
    expect(zb64Crc('')).toBe(0);
  });

  it('decodes B64 and Z64 data with a matching CRC', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256);
    for (const kind of ['B64', 'Z64'] as const) {
      const { codes, report } = collector();
      expect(decodeZb64(zb64(kind, bytes), 300, new PixelBudget(1000), 'test', report)).toEqual(bytes);
      expect(codes).toEqual([]);
    }
  });

  it('refuses data whose CRC does not match, as a printer aborts the download', () => {
    const { codes, report } = collector();
    const good = zb64('Z64', new Uint8Array(40).fill(0xaa));
    const wrong = good.replace(/:[0-9A-F]{4}$/, (crc) => (crc === ':0000' ? ':0001' : ':0000'));
    expect(decodeZb64(wrong, 40, new PixelBudget(1000), 'test', report)).toBeUndefined();
    expect(codes).toEqual(['ZPL_GRAPHIC_CRC']);
  });

  it('uses data without a CRC, with a warning', () => {
    const { codes, report } = collector();
    const bytes = new Uint8Array([1, 2, 3]);
    expect(
      decodeZb64(zb64('B64', bytes).replace(/:[0-9A-F]{4}$/, ''), 3, new PixelBudget(1000), 'test', report),
    ).toEqual(bytes);
    expect(codes).toEqual(['ZPL_GRAPHIC_CRC']);
  });

  it('stops inflating a bomb at the declared size and charges only that', () => {
    // 16 MB of zeros compress to about 16 KB; declared 1000 bytes
    const bomb = zb64('Z64', new Uint8Array(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(50_000);
    const { codes, report } = collector();
    const budget = new PixelBudget(10_000);
    const bytes = decodeZb64(bomb, 1000, budget, 'test', report);
    expect(bytes?.length).toBe(1000);
    expect(budget.used).toBe(1000);
    expect(codes).toEqual(['ZPL_GRAPHIC_SIZE']);
  });

  it('refuses Z64 inflation past the budget before inflating anything', () => {
    const { report } = collector();
    expect(() =>
      decodeZb64(zb64('Z64', new Uint8Array(10)), 5_000_000_000, new PixelBudget(1_000_000), 'the bomb', report),
    ).toThrow(PixelBudgetError);
  });

  it('reports base64 and zlib data that cannot be read', () => {
    // 'ab$d' is not base64; 'AAAA' is base64 of three zero bytes, which are no zlib stream
    for (const data of [withCrc('B64', 'ab$d'), withCrc('Z64', 'AAAA')]) {
      const { codes, report } = collector();
      expect(decodeZb64(data, 10, new PixelBudget(100), 'test', report)).toBeUndefined();
      expect(codes).toEqual(['ZPL_GRAPHIC_DATA']);
    }
  });
});

describe('decodeGraphic', () => {
  const declare = (
    data: string,
    totalBytes: number,
    bytesPerRow: number,
    format = 'A',
    dataBytes?: number,
  ): GraphicDeclaration => ({
    format,
    totalBytes,
    bytesPerRow,
    data,
    ...(dataBytes === undefined ? {} : { dataBytes }),
  });

  it('gives bytes-per-row x 8 dots by total / bytes-per-row rows, one byte per dot', () => {
    const { report } = collector();
    const bitmap = decodeGraphic(declare('80,:0001', 6, 2), new PixelBudget(1000), 'test', report);
    expect(bitmap).toMatchObject({ width: 16, height: 3 });
    expect(Array.from(bitmap?.dots.subarray(0, 16) ?? [])).toEqual([1, ...new Array<number>(15).fill(0)]);
    expect(bitmap?.dots[16]).toBe(1);
    expect(bitmap?.dots[47]).toBe(1);
  });

  it('reads binary (format B) and ZB64 data the same as hex', () => {
    const bits = pattern(21, 9);
    const packed = packRows(bits, 21, 9);
    const expected = unpackRows(packed, 3, 9);
    const budget = new PixelBudget(10_000);
    for (const declaration of [
      declare(strFromU8(packed, true), 27, 3, 'B', 27),
      declare(zb64('Z64', packed), 27, 3),
      declare(zb64('B64', packed), 27, 3),
      declare(hexOf(packed), 27, 3),
    ]) {
      const { codes, report } = collector();
      expect(decodeGraphic(declaration, budget, 'test', report)).toEqual(expected);
      expect(codes).toEqual([]);
    }
  });

  it('charges the declared size before allocating: 100 MB declared is a PixelBudgetError whatever the data', () => {
    const { report } = collector();
    const budget = new PixelBudget(50_000_000);
    expect(() => decodeGraphic(declare('FF', 100_000_000, 100), budget, 'the ^GF', report)).toThrow(PixelBudgetError);
    expect(budget.used).toBe(0);
  });

  it('uses the binary data that is there when the counts disagree, never more than declared', () => {
    const { codes, report } = collector();
    const bitmap = decodeGraphic(declare('\xff\xff\xff\xff', 2, 1, 'B', 3), new PixelBudget(100), 'test', report);
    expect(bitmap?.dots.every((dot) => dot === 1)).toBe(true);
    expect(codes).toEqual(['ZPL_GRAPHIC_SIZE']);
  });

  it('refuses format C and unknown formats, and sizes that are not counts, with a warning', () => {
    for (const declaration of [
      declare('00', 1, 1, 'C'),
      declare('00', 1, 1, 'X'),
      declare('00', 0, 1),
      declare('00', 4, Number.NaN),
    ]) {
      const { codes, report } = collector();
      expect(decodeGraphic(declaration, new PixelBudget(100), 'test', report)).toBeUndefined();
      expect(codes).toHaveLength(1);
    }
  });
});
