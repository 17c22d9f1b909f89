import { describe, expect, it } from 'vitest';
import { bundledFonts } from '../../../src-main/fonts/bundledFonts';
import { RenderError } from '../../errors';
import type { BarcodeSymbol, LinearSymbol, MatrixSymbol } from '../../layout/laidOutLabel';
import { laidOutBarcode, layoutForTest } from './barcodeTestSupport';

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

function expectWholeModules(symbol: LinearSymbol): void {
  for (const bar of symbol.bars) {
    const startModules = (bar.x - symbol.x) / symbol.moduleWidth;
    const widthModules = bar.width / symbol.moduleWidth;
    expect(Math.abs(startModules - Math.round(startModules))).toBeLessThan(1e-9);
    expect(Math.abs(widthModules - Math.round(widthModules))).toBeLessThan(1e-9);
    expect(Math.round(widthModules)).toBeGreaterThanOrEqual(1);
  }
}

describe('barcode layout: linear codes', () => {
  // Module counts from the symbology standards: EAN-13 and UPC-A 95, EAN-8 67, UPC-E 51; code 39 "*ABC*" is five
  // 15-module characters with 1-module gaps between them.
  it.each([
    ['ean13', '590123412345', 95],
    ['ean8', '9638507', 67],
    ['upca', '03600029145', 95],
    ['upce', '0123456', 51],
    ['code39', 'ABC', 79],
  ])('%s fills the box width with whole modules (%s: %i modules)', (symbology, value, modules) => {
    const symbol = linear(laidOutBarcode(fonts, { symbology, showText: false }, value, box).symbol);
    expect(symbol.moduleWidth).toBeCloseTo(box.width / modules, 9);
    expect(symbol.x).toBe(box.x);
    expect(symbol.width).toBe(box.width);
    expect(symbol.bars[0]?.x).toBeCloseTo(box.x, 9);
    const last = symbol.bars.at(-1);
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo(box.x + box.width, 9);
    expectWholeModules(symbol);
    expect(symbol.y).toBe(box.y);
    expect(symbol.height).toBe(box.height);
  });

  it.each(['code128', 'gs1-128', 'code93', 'interleaved2of5', 'itf14'])('%s bars are whole modules that span the box', (symbology) => {
    const value = { code128: 'Hello-123', 'gs1-128': '(01)09521234543213(10)ABC', code93: 'ABC-123', interleaved2of5: '12345678', itf14: '1540014128876' }[symbology];
    const symbol = linear(laidOutBarcode(fonts, { symbology, showText: false }, value ?? '', box).symbol);
    expectWholeModules(symbol);
    const last = symbol.bars.at(-1);
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo(box.x + box.width, 9);
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
    // The descenders end on the box's bottom edge; the bars end where the line's ascent begins.
    expect((line?.baseline ?? 0) + fonts.descent('sans-regular', 8)).toBeCloseTo(box.y + box.height, 9);
    const symbol = linear(laidOut.symbol);
    expect(symbol.y + symbol.height).toBeCloseTo((line?.baseline ?? 0) - fonts.ascent('sans-regular', 8), 9);
  });

  it('uses the style font and size for the line, and the colour for bars and text', () => {
    const laidOut = laidOutBarcode(fonts, { symbology: 'code128', style: { fontFamily: 'Courier New', fontSize: '3mm', color: '#aa0000' } }, 'ABC', box);
    expect(laidOut.humanReadable?.fontKey).toBe('mono-regular');
    expect(laidOut.humanReadable?.fontSize).toBeCloseTo((3 * 72) / 25.4, 9);
    expect(laidOut.humanReadable?.color).toBe('#aa0000');
    expect(laidOut.color).toBe('#aa0000');
  });

  it('warns FONT_FALLBACK when the family is not bundled', () => {
    const { laidOut, warnings } = layoutForTest(fonts, { symbology: 'code128', style: { fontFamily: 'Comic Sans' } }, 'ABC', box);
    expect(laidOut?.humanReadable?.fontKey).toBe('sans-regular');
    expect(warnings).toEqual([expect.objectContaining({ code: 'FONT_FALLBACK', elementId: 'code' })]);
  });

  it('draws a line wider than the box smaller, so it stays inside the box', () => {
    const narrow = { ...box, width: 40 };
    const laidOut = laidOutBarcode(fonts, { symbology: 'gs1-128', style: { fontSize: '12pt' } }, '(01)09521234543213(10)ABC', narrow);
    const line = laidOut.humanReadable?.lines[0];
    expect(laidOut.humanReadable?.fontSize).toBeLessThan(12);
    expect(line?.x).toBeCloseTo(narrow.x, 9);
    expect(line?.width).toBeCloseTo(narrow.width, 9);
  });

  it('drops the line (with a warning) when bars and line do not fit the box height', () => {
    const { laidOut, warnings } = layoutForTest(fonts, { symbology: 'code128', style: { fontSize: '10pt' } }, 'ABC', { ...box, height: 15 });
    expect(laidOut?.humanReadable).toBeUndefined();
    expect(linear(laidOut?.symbol ?? ({} as LinearSymbol)).height).toBe(15);
    expect(warnings.map((warning) => warning.code)).toEqual(['TEXT_TRUNCATED']);
  });

  it('ignores showText for 2D codes', () => {
    expect(laidOutBarcode(fonts, { symbology: 'qrcode', showText: true }, 'hello', box).humanReadable).toBeUndefined();
  });
});

describe('barcode layout: 2D codes', () => {
  it('gives a QR code the largest square modules that fit, centred in the box', () => {
    const laidOut = laidOutBarcode(fonts, { symbology: 'qrcode' }, 'hello', box);
    const symbol = matrix(laidOut.symbol);
    // "hello" at level M is a version 1 symbol: 21 × 21 modules.
    expect([symbol.columns, symbol.rows]).toEqual([21, 21]);
    expect(symbol.moduleWidth).toBeCloseTo(box.height / 21, 9);
    expect(symbol.moduleHeight).toBe(symbol.moduleWidth);
    expect(symbol.y).toBeCloseTo(box.y, 9);
    expect(symbol.x).toBeCloseTo(box.x + (box.width - box.height) / 2, 9);
    expect(symbol.cells).toMatch(/^[01]{441}$/);
    // Finder pattern: the top-left 7 × 7 corner has a dark outer ring.
    expect(symbol.cells.slice(0, 7)).toBe('1111111');
  });

  it('passes the error correction level to the QR encoder', () => {
    const low = matrix(laidOutBarcode(fonts, { symbology: 'qrcode', errorCorrection: 'L' }, 'https://example.com/12345', box).symbol);
    const high = matrix(laidOutBarcode(fonts, { symbology: 'qrcode', errorCorrection: 'H' }, 'https://example.com/12345', box).symbol);
    expect(high.columns).toBeGreaterThan(low.columns);
    expect(laidOutBarcode(fonts, { symbology: 'qrcode', errorCorrection: 'H' }, 'x', box).errorCorrection).toBe('H');
  });

  it('keeps PDF417 rows three modules tall and fits the symbol to the narrower side', () => {
    const wide = { x: 0, y: 0, width: 400, height: 60 };
    const symbol = matrix(laidOutBarcode(fonts, { symbology: 'pdf417' }, 'hello world', wide).symbol);
    expect(symbol.moduleHeight).toBeCloseTo(symbol.moduleWidth * 3, 9);
    expect(symbol.rows * symbol.moduleHeight).toBeCloseTo(wide.height, 9);
    expect(symbol.columns * symbol.moduleWidth).toBeLessThanOrEqual(wide.width + 1e-9);
    expect(symbol.x).toBeCloseTo((wide.width - symbol.columns * symbol.moduleWidth) / 2, 9);
  });

  it.each([
    ['datamatrix', 'hello'],
    ['gs1datamatrix', '(01)09521234543213(10)ABC'],
    ['azteccode', 'hello'],
  ])('gives %s square modules filling the shorter side', (symbology, value) => {
    const tall = { x: 5, y: 5, width: 50, height: 120 };
    const symbol = matrix(laidOutBarcode(fonts, { symbology }, value, tall).symbol);
    expect(symbol.moduleHeight).toBe(symbol.moduleWidth);
    expect(symbol.columns * symbol.moduleWidth).toBeCloseTo(tall.width, 9);
    expect(symbol.y + (symbol.rows * symbol.moduleHeight) / 2).toBeCloseTo(tall.y + tall.height / 2, 9);
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
  ])('rejects data %s cannot encode with a RenderError naming the element', (symbology, value, reason) => {
    let thrown: unknown;
    try {
      layoutForTest(fonts, { symbology }, value, box);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RenderError);
    const error = thrown as RenderError;
    expect(error.code).toBe('RENDER_ERROR');
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
