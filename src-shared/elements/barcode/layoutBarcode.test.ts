import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { RenderError } from '../../errors';
import type { BarcodeSymbol, LinearSymbol, MatrixSymbol } from '../../layout/laidOutLabel';
import { laidOutBarcode, layoutForTest } from '../../../test/support/engine/barcodeTestSupport';
import { barcodeElementSchema } from './barcodeSchema';

const fonts = bundledFonts();

const box = { x: 20, y: 30, width: 190, height: 60 };

function linear(symbol: BarcodeSymbol): LinearSymbol {
  if (symbol.kind !== 'linear') throw new Error('expected a linear symbol');
  return symbol;
}

function matrix(symbol: BarcodeSymbol): MatrixSymbol {
  if (symbol.kind !== 'matrix') throw new Error('expected a module grid');
  return symbol;
}

/** A barcode element's fields as a template holds them, with `extra` over them. */
function barcodeFields(extra: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'code',
    type: 'barcode',
    symbology: 'code128',
    position: { mode: 'absolute', x: '1mm', y: '1mm' },
    width: '40mm',
    height: '10mm',
    ...extra,
  };
}

const DPI = 300;
const DOT = 72 / DPI;

/** The box's span in whole dots of the target, as the layout rounds its edges. */
function roomDots(start: number, length: number): number {
  return Math.round((start + length) / DOT) - Math.round(start / DOT);
}

function expectWholeDots(points: number): void {
  expect(Math.abs(points / DOT - Math.round(points / DOT))).toBeLessThan(1e-9);
}

function expectWholeModules(symbol: LinearSymbol): void {
  expect(symbol.moduleWidth).toBeCloseTo(symbol.moduleDots * DOT, 12);
  expectWholeDots(symbol.x);
  for (const bar of symbol.bars) {
    expectWholeDots(bar.x);
    const startModules = (bar.x - symbol.x) / symbol.moduleWidth;
    const widthModules = bar.width / symbol.moduleWidth;
    expect(Math.abs(startModules - Math.round(startModules))).toBeLessThan(1e-9);
    expect(Math.abs(widthModules - Math.round(widthModules))).toBeLessThan(1e-9);
    expect(Math.round(widthModules)).toBeGreaterThanOrEqual(1);
  }
}

/** Centred on the dot grid: the dots left over on the two sides differ by at most one. */
function expectCentred(start: number, length: number, boxStart: number, boxLength: number): void {
  const before = Math.round(start / DOT) - Math.round(boxStart / DOT);
  const after = Math.round((boxStart + boxLength) / DOT) - Math.round((start + length) / DOT);
  expect(before).toBeGreaterThanOrEqual(0);
  expect(Math.abs(before - after)).toBeLessThanOrEqual(1);
}

describe('barcode layout: linear codes', () => {
  // Module counts from the symbology standards: EAN-13 and UPC-A 95, EAN-8 67, UPC-E 51; code 39 "*ABC*" is five
  // 15-module characters with 1-module gaps between them. Quiet zones (EAN-13 11 + 7, EAN-8 7 + 7, UPC-A 9 + 9, UPC-E
  // 9 + 7) are kept inside the box by default for EAN/UPC only.
  it.each([
    ['ean13', '590123412345', 95, 18],
    ['ean8', '9638507', 67, 14],
    ['upca', '03600029145', 95, 18],
    ['upce', '0123456', 51, 16],
    ['code39', 'ABC', 79, 0],
  ])(
    '%s takes the largest whole-dot module that fits the box, centred on the dot grid (%s: %i modules)',
    (symbology, value, modules, quiet) => {
      const symbol = linear(laidOutBarcode(fonts, { symbology, showText: false }, value, box).symbol);
      const room = roomDots(box.x, box.width);
      expect(symbol.moduleDots).toBe(Math.floor(room / (modules + quiet)));
      expect(symbol.dpi).toBe(DPI);
      expect(symbol.width).toBeCloseTo(modules * symbol.moduleWidth, 9);
      expect(symbol.bars[0]?.x).toBeCloseTo(symbol.x, 9);
      const last = symbol.bars.at(-1);
      expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo(symbol.x + symbol.width, 9);
      expectWholeModules(symbol);
      const quietLeft = symbol.quietZone?.left ?? 0;
      const quietRight = symbol.quietZone?.right ?? 0;
      expect(quietLeft + quietRight).toBeCloseTo(quiet * symbol.moduleWidth, 9);
      expectCentred(symbol.x - quietLeft, symbol.width + quietLeft + quietRight, box.x, box.width);
      expectWholeDots(symbol.y);
      expect(Math.abs(symbol.y - box.y)).toBeLessThanOrEqual(DOT / 2);
      expect(Math.abs(symbol.y + symbol.height - (box.y + box.height))).toBeLessThanOrEqual(DOT / 2);
    },
  );

  it.each(['code128', 'gs1-128', 'code93', 'interleaved2of5', 'itf14'])(
    '%s bars are whole modules that fit the box',
    (symbology) => {
      const value = {
        code128: 'Hello-123',
        'gs1-128': '(01)09521234543213(10)ABC',
        code93: 'ABC-123',
        interleaved2of5: '12345678',
        itf14: '1540014128876',
      }[symbology];
      const symbol = linear(laidOutBarcode(fonts, { symbology, showText: false }, value ?? '', box).symbol);
      expectWholeModules(symbol);
      expect(symbol.width).toBeLessThanOrEqual(roomDots(box.x, box.width) * DOT + 1e-9);
      expectCentred(symbol.x, symbol.width, box.x, box.width);
    },
  );

  it('lays out for the target: the same box gets more dots a module at a higher resolution, each a whole dot of it', () => {
    for (const dpi of [203, 300, 600]) {
      const symbol = linear(
        laidOutBarcode(fonts, { symbology: 'code128', showText: false }, 'Hello-123', box, dpi).symbol,
      );
      expect(symbol.dpi).toBe(dpi);
      expect(symbol.moduleWidth).toBeCloseTo((symbol.moduleDots * 72) / dpi, 12);
      for (const bar of symbol.bars)
        expect(Math.abs((bar.x * dpi) / 72 - Math.round((bar.x * dpi) / 72))).toBeLessThan(1e-9);
    }
  });

  it('takes moduleWidth as asked: whole dots, or a length rounded to the nearest dot', () => {
    expect(
      linear(laidOutBarcode(fonts, { symbology: 'code128', moduleWidth: '2dots' }, 'A', box).symbol).moduleDots,
    ).toBe(2);
    // 0.33 mm at 300 dpi is 3.9 dots; at 203 dpi 2.64.
    expect(
      linear(laidOutBarcode(fonts, { symbology: 'code128', moduleWidth: '0.33mm' }, 'A', box).symbol).moduleDots,
    ).toBe(4);
    expect(
      linear(laidOutBarcode(fonts, { symbology: 'code128', moduleWidth: '0.33mm' }, 'A', box, 203).symbol).moduleDots,
    ).toBe(3);
  });

  it('keeps one dot a module, with a warning, when even that is wider than the box', () => {
    const { laidOut, warnings } = layoutForTest(
      fonts,
      { symbology: 'code128', showText: false },
      'A LONG VALUE FOR A SMALL BOX',
      { ...box, width: 30 },
    );
    expect(linear(laidOut?.symbol ?? ({} as LinearSymbol)).moduleDots).toBe(1);
    expect(warnings).toEqual([expect.objectContaining({ code: 'BARCODE_TOO_WIDE', elementId: 'code' })]);
  });

  it('sizes wide bars of code 39 and ITF at the ratio, truncated to whole dots', () => {
    const symbol = linear(
      laidOutBarcode(fonts, { symbology: 'code39', moduleWidth: '3dots', ratio: 2.2, showText: false }, 'AB', box)
        .symbol,
    );
    expect(symbol.ratio).toBe(2.2);
    expect(new Set(symbol.bars.map((bar) => Math.round(bar.width / DOT)))).toEqual(new Set([3, 6]));
    expect(
      linear(laidOutBarcode(fonts, { symbology: 'interleaved2of5', showText: false }, '1234', box).symbol).ratio,
    ).toBe(2);
    expect(
      linear(laidOutBarcode(fonts, { symbology: 'code128', ratio: 2.5, showText: false }, '1234', box).symbol).ratio,
    ).toBeUndefined();
  });

  it('reserves quiet zones when asked, and leaves them to the designer for EAN-13 when turned off', () => {
    const withQuiet = linear(
      laidOutBarcode(fonts, { symbology: 'code128', quietZone: true, showText: false }, 'Q', box).symbol,
    );
    expect(withQuiet.quietZone?.left).toBeCloseTo(10 * withQuiet.moduleWidth, 9);
    const ean = linear(
      laidOutBarcode(fonts, { symbology: 'ean13', quietZone: false, showText: false }, '590123412345', box).symbol,
    );
    expect(ean.quietZone).toBeUndefined();
    expect(ean.moduleDots).toBe(Math.floor(roomDots(box.x, box.width) / 95));
  });

  it.each([
    [203, '5mm', 40],
    [300, '5mm', 59],
    [203, '0.25in', 51],
    [300, '0.25in', 75],
  ])('at %i dpi keeps a quiet zone of "%s" as %i whole dots each side, whatever module fits', (dpi, width, dots) => {
    const wide = { x: 14.4, y: 14.4, width: 216, height: 50 };
    const symbol = linear(
      laidOutBarcode(fonts, { symbology: 'code128', quietZone: width, showText: false }, 'LS-12345', wide, dpi).symbol,
    );
    const dot = 72 / dpi;
    expect(symbol.quietZone?.left).toBeCloseTo(dots * dot, 9);
    expect(symbol.quietZone?.right).toBeCloseTo(dots * dot, 9);
    // The widest module with which the bars and both zones still fit the box: one dot more would not.
    const room = Math.round((wide.x + wide.width) / dot) - Math.round(wide.x / dot);
    const barDots = Math.round(symbol.width / dot);
    expect(barDots + 2 * dots).toBeLessThanOrEqual(room);
    expect((barDots / symbol.moduleDots) * (symbol.moduleDots + 1) + 2 * dots).toBeGreaterThan(room);
    expect(Math.round(symbol.x / dot) - Math.round(wide.x / dot)).toBeGreaterThanOrEqual(dots);
  });

  it('keeps a quiet zone of whole modules ("12modules") on each side, and one of "0mm" as none', () => {
    const symbol = linear(
      laidOutBarcode(fonts, { symbology: 'ean13', quietZone: '12modules', showText: false }, '590123412345', box)
        .symbol,
    );
    expect(symbol.quietZone?.left).toBeCloseTo(12 * symbol.moduleWidth, 9);
    expect(symbol.quietZone?.right).toBeCloseTo(12 * symbol.moduleWidth, 9);
    expect(symbol.moduleDots).toBe(Math.floor(roomDots(box.x, box.width) / (95 + 24)));
    const none = linear(
      laidOutBarcode(fonts, { symbology: 'ean13', quietZone: '0mm', showText: false }, '590123412345', box).symbol,
    );
    expect(none.quietZone).toEqual({ left: 0, right: 0 });
    expect(none.moduleDots).toBe(Math.floor(roomDots(box.x, box.width) / 95));
  });

  it('accepts true and false as before, and refuses a quiet zone that is neither a length nor whole modules', () => {
    for (const quietZone of [true, false, '5mm', '0.2in', '10modules', '1 module', '0mm'])
      expect(barcodeElementSchema.safeParse(barcodeFields({ quietZone })).success, String(quietZone)).toBe(true);
    for (const quietZone of ['5', 'wide', '-1mm', '101mm', '101modules', '2.5modules', 1]) {
      const result = barcodeElementSchema.safeParse(barcodeFields({ quietZone }));
      expect(result.success, String(quietZone)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message).join('; ')).toMatch(/"5mm"|"10modules"/);
    }
  });

  it('draws bars barHeight tall with the line right below them; taller than the box warns BARCODE_TOO_TALL', () => {
    const laidOut = laidOutBarcode(fonts, { symbology: 'code128', barHeight: '0.25in' }, 'ABC', box);
    const symbol = linear(laidOut.symbol);
    expect(symbol.height).toBeCloseTo(18, 9);
    const line = laidOut.humanReadable?.lines[0];
    expect((line?.baseline ?? 0) - fonts.ascent('sans-regular', 8)).toBeCloseTo(symbol.y + symbol.height, 9);
    const { warnings } = layoutForTest(fonts, { symbology: 'code128', barHeight: '1in' }, 'ABC', box);
    expect(warnings).toEqual([expect.objectContaining({ code: 'BARCODE_TOO_TALL', elementId: 'code' })]);
  });

  it.each([
    ['ean13', '590123412345', '5901234123457'],
    ['upca', '03600029145', '036000291452'],
    ['gs1-128', '(01)09521234543213(10)ABC', '(01)09521234543213(10)ABC'],
    ['code128', 'Hello-123', 'Hello-123'],
  ])('%s prints the human-readable text bwip-js would print, centred under shorter bars', (symbology, value, text) => {
    const laidOut = laidOutBarcode(fonts, { symbology }, value, box);
    const run = laidOut.humanReadable;
    const line = run?.lines[0];
    expect(line?.text).toBe(text);
    expect(run?.fontKey).toBe('sans-regular');
    expect(run?.fontSize).toBe(8);
    expect(line?.width).toBeCloseTo(fonts.measure('sans-regular', text, 8), 9);
    expect((line?.x ?? 0) + (line?.width ?? 0) / 2).toBeCloseTo(box.x + box.width / 2, 9);
    // The descenders end on the box's bottom edge; the bars end where the line's ascent begins, to the nearest dot.
    expect((line?.baseline ?? 0) + fonts.descent('sans-regular', 8)).toBeCloseTo(box.y + box.height, 9);
    const symbol = linear(laidOut.symbol);
    expect(
      Math.abs(symbol.y + symbol.height - ((line?.baseline ?? 0) - fonts.ascent('sans-regular', 8))),
    ).toBeLessThanOrEqual(DOT / 2);
  });

  it('uses the style font and size for the line, and the colour for bars and text', () => {
    const laidOut = laidOutBarcode(
      fonts,
      { symbology: 'code128', style: { fontFamily: 'Courier New', fontSize: '3mm', color: '#aa0000' } },
      'ABC',
      box,
    );
    expect(laidOut.humanReadable?.fontKey).toBe('mono-regular');
    expect(laidOut.humanReadable?.fontSize).toBeCloseTo((3 * 72) / 25.4, 9);
    expect(laidOut.humanReadable?.color).toBe('#aa0000');
    expect(laidOut.color).toBe('#aa0000');
  });

  it('warns FONT_FALLBACK when the family is not bundled', () => {
    const { laidOut, warnings } = layoutForTest(
      fonts,
      { symbology: 'code128', style: { fontFamily: 'Comic Sans' } },
      'ABC',
      box,
    );
    expect(laidOut?.humanReadable?.fontKey).toBe('sans-regular');
    expect(warnings).toEqual([expect.objectContaining({ code: 'FONT_FALLBACK', elementId: 'code' })]);
  });

  it('draws a line wider than the box smaller, so it stays inside the box', () => {
    const narrow = { ...box, width: 40 };
    const laidOut = laidOutBarcode(
      fonts,
      { symbology: 'gs1-128', style: { fontSize: '12pt' } },
      '(01)09521234543213(10)ABC',
      narrow,
    );
    const line = laidOut.humanReadable?.lines[0];
    expect(laidOut.humanReadable?.fontSize).toBeLessThan(12);
    expect(line?.x).toBeCloseTo(narrow.x, 9);
    expect(line?.width).toBeCloseTo(narrow.width, 9);
  });

  it('drops the line (with a warning) when bars and line do not fit the box height', () => {
    const { laidOut, warnings } = layoutForTest(fonts, { symbology: 'code128', style: { fontSize: '10pt' } }, 'ABC', {
      ...box,
      height: 15,
    });
    expect(laidOut?.humanReadable).toBeUndefined();
    expect(Math.abs(linear(laidOut?.symbol ?? ({} as LinearSymbol)).height - 15)).toBeLessThanOrEqual(DOT);
    expect(warnings.map((warning) => warning.code)).toEqual(['TEXT_TRUNCATED']);
  });

  it('ignores showText for 2D codes', () => {
    expect(laidOutBarcode(fonts, { symbology: 'qrcode', showText: true }, 'hello', box).humanReadable).toBeUndefined();
  });
});

describe('barcode layout: 2D codes', () => {
  it('gives a QR code the largest whole-dot square modules that fit, centred in the box', () => {
    const laidOut = laidOutBarcode(fonts, { symbology: 'qrcode' }, 'hello', box);
    const symbol = matrix(laidOut.symbol);
    // "hello" at level M is a version 1 symbol: 21 × 21 modules.
    expect([symbol.columns, symbol.rows]).toEqual([21, 21]);
    expect(symbol.moduleDots).toBe(Math.floor(roomDots(box.y, box.height) / 21));
    expect(symbol.moduleWidth).toBeCloseTo(symbol.moduleDots * DOT, 12);
    expect(symbol.moduleHeight).toBe(symbol.moduleWidth);
    expectWholeDots(symbol.x);
    expectWholeDots(symbol.y);
    expectCentred(symbol.x, 21 * symbol.moduleWidth, box.x, box.width);
    expectCentred(symbol.y, 21 * symbol.moduleWidth, box.y, box.height);
    expect(symbol.cells).toMatch(/^[01]{441}$/);
    // Finder pattern: the top-left 7 × 7 corner has a dark outer ring.
    expect(symbol.cells.slice(0, 7)).toBe('1111111');
  });

  it('passes the error correction level to the QR encoder', () => {
    const low = matrix(
      laidOutBarcode(fonts, { symbology: 'qrcode', errorCorrection: 'L' }, 'https://example.com/12345', box).symbol,
    );
    const high = matrix(
      laidOutBarcode(fonts, { symbology: 'qrcode', errorCorrection: 'H' }, 'https://example.com/12345', box).symbol,
    );
    expect(high.columns).toBeGreaterThan(low.columns);
    expect(laidOutBarcode(fonts, { symbology: 'qrcode', errorCorrection: 'H' }, 'x', box).errorCorrection).toBe('H');
  });

  it('takes a moduleWidth and a quiet zone for 2D codes too', () => {
    const symbol = matrix(
      laidOutBarcode(fonts, { symbology: 'qrcode', moduleWidth: '0.5mm' }, 'hello', box, 203).symbol,
    );
    expect(symbol.moduleDots).toBe(4);
    const quiet = matrix(laidOutBarcode(fonts, { symbology: 'qrcode', quietZone: true }, 'hello', box).symbol);
    expect(quiet.moduleDots).toBe(Math.floor(roomDots(box.y, box.height) / (21 + 8)));
    expect(quiet.quietZone?.left).toBeCloseTo(4 * quiet.moduleWidth, 9);
  });

  it.each([
    [203, 16],
    [300, 24],
  ])('keeps a 2D quiet zone of "2mm" on every side as %i dots at %i dpi', (dpi, dots) => {
    const square = { x: 10, y: 10, width: 72, height: 72 };
    const symbol = matrix(
      laidOutBarcode(fonts, { symbology: 'qrcode', quietZone: '2mm' }, 'hello', square, dpi).symbol,
    );
    const dot = 72 / dpi;
    expect(symbol.quietZone?.left).toBeCloseTo(dots * dot, 9);
    const room = Math.round((square.y + square.height) / dot) - Math.round(square.y / dot);
    expect(symbol.moduleDots).toBe(Math.floor((room - 2 * dots) / 21));
    expect(Math.round(symbol.y / dot) - Math.round(square.y / dot)).toBeGreaterThanOrEqual(dots);
  });

  it('keeps PDF417 rows three modules tall and fits the symbol to the narrower side', () => {
    const wide = { x: 0, y: 0, width: 400, height: 60 };
    const symbol = matrix(laidOutBarcode(fonts, { symbology: 'pdf417' }, 'hello world', wide).symbol);
    expect(symbol.moduleHeight).toBeCloseTo(symbol.moduleWidth * 3, 9);
    expect(symbol.rows * symbol.moduleHeight).toBeLessThanOrEqual(wide.height + 1e-9);
    // One dot more a module would not fit the height.
    expect(symbol.rows * 3 * (symbol.moduleDots + 1) * DOT).toBeGreaterThan(wide.height);
    expect(symbol.columns * symbol.moduleWidth).toBeLessThanOrEqual(wide.width + 1e-9);
    expectCentred(symbol.x, symbol.columns * symbol.moduleWidth, wide.x, wide.width);
  });

  it.each([
    ['datamatrix', 'hello'],
    ['gs1datamatrix', '(01)09521234543213(10)ABC'],
    ['azteccode', 'hello'],
  ])('gives %s square whole-dot modules filling the shorter side', (symbology, value) => {
    const tall = { x: 5, y: 5, width: 50, height: 120 };
    const symbol = matrix(laidOutBarcode(fonts, { symbology }, value, tall).symbol);
    expect(symbol.moduleHeight).toBe(symbol.moduleWidth);
    expect(symbol.moduleDots).toBe(Math.floor(roomDots(tall.x, tall.width) / symbol.columns));
    expectCentred(symbol.y, symbol.rows * symbol.moduleHeight, tall.y, tall.height);
  });
});

describe('barcode layout: values', () => {
  it('draws nothing without a value', () => {
    expect(layoutForTest(fonts, { symbology: 'code128' }, undefined, box).laidOut).toBeNull();
  });

  it('lays out the same value again to an equal symbol that earlier results cannot have changed', () => {
    const first = laidOutBarcode(fonts, { symbology: 'code128' }, 'again', box);
    const firstBars = linear(first.symbol).bars.map((bar) => ({ ...bar }));
    linear(first.symbol).bars.splice(0, 3);
    const second = laidOutBarcode(fonts, { symbology: 'code128' }, 'again', box);
    expect(linear(second.symbol).bars).toEqual(firstBars);
  });

  it('accepts an EAN-13 with its check digit and encodes the same symbol as without', () => {
    const withCheck = laidOutBarcode(fonts, { symbology: 'ean13' }, '5901234123457', box);
    const without = laidOutBarcode(fonts, { symbology: 'ean13' }, '590123412345', box);
    expect(withCheck.symbol).toEqual(without.symbol);
  });

  it.each([
    ['ean13', 'ABC', /must be 12 or 13 digits/],
    ['ean13', '5901234123450', /check digit/i],
    ['ean8', '12', /digits/],
    ['code39', 'lower case', /capital letters/],
    ['upca', '0360002914x', /only digits/],
    ['qrcode', 'x'.repeat(8000), /too (long|big)|length/],
  ])('rejects data %s cannot encode with a 400 INVALID_BARCODE_DATA naming the element', (symbology, value, reason) => {
    let thrown: unknown;
    try {
      layoutForTest(fonts, { symbology }, value, box);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RenderError);
    const error = thrown as RenderError;
    expect([error.code, error.status]).toEqual(['INVALID_BARCODE_DATA', 400]);
    expect(error.details).toMatchObject({ elementId: 'code', symbology, fix: expect.any(String) });
    expect(error.elementId).toBe('code');
    expect(error.message).toMatch(new RegExp(`^barcode ${symbology} cannot encode `));
    expect(error.message).toMatch(reason);
  });
});

describe('empty values', () => {
  it('fails the render with the element id instead of drawing a label without its code', () => {
    expect(() => layoutForTest(fonts, { symbology: 'code128' }, '', box)).toThrow(RenderError);
    expect(() => layoutForTest(fonts, { symbology: 'code128' }, '', box)).toThrow(/"code" has no value/);
  });
});
