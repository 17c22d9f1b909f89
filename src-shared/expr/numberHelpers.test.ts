import { describe, expect, it } from 'vitest';
import { evaluate } from '../../test/support/engine/exprTestSupport';

describe('number', () => {
  it('converts numeric text, keeps numbers, and gives NaN otherwise', () => {
    expect(evaluate('number(" 12.5 ")')).toBe(12.5);
    expect(evaluate('number(7)')).toBe(7);
    expect(evaluate('number(true)')).toBe(1);
    expect(evaluate('number("12,5")')).toBeNaN();
    expect(evaluate('number(missing)')).toBeNaN();
    expect(evaluate('number(null)')).toBeNaN();
  });
});

describe('round, floor, ceil, abs', () => {
  it('round half away from zero on the decimal value, to whole numbers by default', () => {
    expect(
      evaluate('[round(2.5), round(-2.5), round(2.4), round(1.005, 2), round(1.255, 2), round(1234.5678, 1)]'),
    ).toEqual([3, -3, 2, 1.01, 1.26, 1234.6]);
    expect(evaluate('round("3.7")')).toBe(4);
    expect(evaluate('round(1e21)')).toBe(1e21);
  });

  it('round keeps missing values missing and refuses bad decimals', () => {
    expect(evaluate('round(missing)')).toBeNaN();
    expect(evaluate('round(1/0)')).toBe(Infinity);
    expect(() => evaluate('round(1.5, -1)')).toThrow(/round: decimals must be a whole number from 0 to 20/);
    expect(() => evaluate('round(1.5, 1.5)')).toThrow(/whole number/);
    expect(() => evaluate('round(1.5, "x")')).toThrow(/round: decimals must be a number/);
  });

  it('floor, ceil and abs work like Math', () => {
    expect(evaluate('[floor(2.7), floor(-2.2), ceil(2.2), ceil(-2.7), abs(-3), abs("4")]')).toEqual([
      2, -3, 3, -2, 3, 4,
    ]);
    expect(evaluate('floor(missing)')).toBeNaN();
  });
});

describe('min and max', () => {
  it('take numbers and lists of numbers', () => {
    expect(
      evaluate('[min(3, 1, 2), max(3, 1, 2), min(list), max(list, 10), min("5", 7)]', { list: [4, 8, 6] }),
    ).toEqual([1, 3, 4, 10, 5]);
  });

  it('give NaN (missing) when a value is missing or there is none', () => {
    expect(evaluate('min(1, missing)')).toBeNaN();
    expect(evaluate('max(list)', { list: [] })).toBeNaN();
    expect(evaluate('default(max(list), 0)', { list: [] })).toBe(0);
  });
});

describe('formatNumber', () => {
  it('formats with fixed decimals and chosen separators', () => {
    expect(evaluate('formatNumber(1234.5, 2)')).toBe('1234.50');
    expect(evaluate('formatNumber(1234.5, 2, ",")')).toBe('1,234.50');
    expect(evaluate('formatNumber(1234567.891, 2, ".", ",")')).toBe('1.234.567,89');
    expect(evaluate("formatNumber(1234567, 0, ' ')")).toBe('1 234 567');
    expect(evaluate('formatNumber(-1234.5, 0, ",")')).toBe('-1,235');
    expect(evaluate('formatNumber(1.005, 2)')).toBe('1.01');
    expect(evaluate('formatNumber("42", 1)')).toBe('42.0');
  });

  it('shows numbers without float noise when no decimals are given', () => {
    expect(evaluate('formatNumber(0.1 + 0.2)')).toBe('0.3');
    expect(evaluate('formatNumber(4006381333931)')).toBe('4006381333931');
    expect(evaluate('formatNumber(1234.5, missing)')).toBe('1234.5');
    expect(evaluate("formatNumber(1234.5, undefined, ',')")).toBe('1,234.5');
  });

  it('gives empty text for missing or infinite values', () => {
    expect(evaluate('formatNumber(missing, 2)')).toBe('');
    expect(evaluate('formatNumber(null, 2)')).toBe('');
    expect(evaluate('formatNumber(number("x"), 2)')).toBe('');
    expect(evaluate('formatNumber(1/0, 2)')).toBe('');
  });

  it('refuses text that is no number and bad decimals', () => {
    expect(() => evaluate('formatNumber("N/A", 2)')).toThrow(/formatNumber: value must be a number, got "N\/A"/);
    expect(() => evaluate('formatNumber(1, 21)')).toThrow(/decimals must be a whole number from 0 to 20/);
  });
});

describe('formatCurrency', () => {
  it("formats in a locale's currency style, en-US by default", () => {
    expect(evaluate("formatCurrency(1234.5, 'USD')")).toBe('$1,234.50');
    expect(evaluate("formatCurrency(1234.5, 'EUR', 'de-DE')")).toBe('1.234,50\u00a0€');
    expect(evaluate("formatCurrency(missing, 'USD')")).toBe('');
  });

  it('refuses malformed currency codes and locales', () => {
    expect(() => evaluate("formatCurrency(1, 'EURO')")).toThrow(/formatCurrency:/);
    expect(() => evaluate("formatCurrency(1, 'EUR', 'not a locale!')")).toThrow(/formatCurrency:/);
    expect(() => evaluate("formatCurrency('abc', 'EUR')")).toThrow(/formatCurrency: value must be a number/);
  });
});
