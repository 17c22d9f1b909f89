// Helpers on numbers: conversion, rounding, extremes, and formatting with chosen separators or a locale's currency style.
import { LRUCache } from 'lru-cache';
import { ExpressionError } from './expressionError';
import { integerArgument, numberArgument, type HelperSpec } from './helperSpec';
import { MISSING, isMissing, toDisplayString, toNumber } from './values';

const MAX_DECIMALS = 20;
/** Same as toDisplayString's precision, so formatNumber(x) and x show alike. */
const SIGNIFICANT_DIGITS = 12;

/** en-US formats give "," and "." marks we can map to any separators; keyed by decimals and grouping, so at most 44 entries. */
const plainFormats = new Map<string, Intl.NumberFormat>();

/** Rounding is Intl's half-expand on the decimal value: 1.005 to 2 decimals is 1.01, -2.5 to 0 decimals is -3. */
function plainFormat(decimals: number | undefined, grouping: boolean): Intl.NumberFormat {
  const key = `${decimals ?? 'auto'}|${grouping}`;
  let format = plainFormats.get(key);
  if (format === undefined) {
    const digits =
      decimals === undefined
        ? { maximumFractionDigits: MAX_DECIMALS }
        : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    format = new Intl.NumberFormat('en-US', { ...digits, useGrouping: grouping });
    plainFormats.set(key, format);
  }
  return format;
}

/** Locales and currencies may come from data, so this cache is bounded. */
const currencyFormats = new LRUCache<string, Intl.NumberFormat>({ max: 64 });

function currencyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = currencyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch (error) {
      throw new ExpressionError(`formatCurrency: ${error instanceof Error ? error.message : String(error)}`);
    }
    currencyFormats.set(key, format);
  }
  return format;
}

/** A value to format: undefined when missing or infinite (shown as ''), an error when it is text that is no number. */
function valueToFormat(helper: string, value: unknown): number | undefined {
  if (isMissing(value)) return undefined;
  const number = numberArgument(helper, 'value', value);
  return Number.isFinite(number) ? number : undefined;
}

function formatNumber(
  value: unknown,
  decimals: unknown,
  thousandsSeparator: unknown,
  decimalSeparator: unknown,
): string {
  const number = valueToFormat('formatNumber', value);
  if (number === undefined) return MISSING;
  // Missing decimals (left out, or `undefined`/null written to reach the separators) mean "as many as the number has".
  const fixedDecimals = isMissing(decimals)
    ? undefined
    : integerArgument('formatNumber', 'decimals', decimals, 0, MAX_DECIMALS);
  const thousands = toDisplayString(thousandsSeparator);
  const decimalMark = toDisplayString(decimalSeparator);
  // Without fixed decimals, float noise is dropped first, as toDisplayString does.
  const shown =
    fixedDecimals === undefined && !Number.isInteger(number) ? Number(number.toPrecision(SIGNIFICANT_DIGITS)) : number;
  return plainFormat(fixedDecimals, thousands !== '')
    .format(shown)
    .replace(/[,.]/g, (mark) => (mark === ',' ? thousands : decimalMark));
}

function round(value: unknown, decimals: unknown): number {
  const number = toNumber(value);
  const places = integerArgument('round', 'decimals', decimals, 0, MAX_DECIMALS);
  if (!Number.isFinite(number)) return number;
  return Number(plainFormat(places, false).format(number));
}

/** min/max over numbers and lists of numbers (one level); NaN (missing) when any value is missing or there are none. */
function extreme(values: readonly unknown[], pick: (a: number, b: number) => number): number {
  const numbers = values.flat().map(toNumber);
  if (numbers.length === 0 || numbers.some(Number.isNaN)) return NaN;
  // A wrapper, not pick itself: reduce passes the index and the array as extra arguments Math.min would compare too.
  return numbers.reduce((a, b) => pick(a, b));
}

export const NUMBER_HELPERS: Readonly<Record<string, HelperSpec>> = {
  /** Text to number ("12.5" -> 12.5); missing or not numeric gives NaN, which shows as ''. */
  number: { minArgs: 1, maxArgs: 1, run: (_env, value) => toNumber(value) },
  round: { minArgs: 1, maxArgs: 2, run: (_env, value, decimals = 0) => round(value, decimals) },
  floor: { minArgs: 1, maxArgs: 1, run: (_env, value) => Math.floor(toNumber(value)) },
  ceil: { minArgs: 1, maxArgs: 1, run: (_env, value) => Math.ceil(toNumber(value)) },
  abs: { minArgs: 1, maxArgs: 1, run: (_env, value) => Math.abs(toNumber(value)) },
  min: { minArgs: 1, maxArgs: Infinity, run: (_env, ...values) => extreme(values, Math.min) },
  max: { minArgs: 1, maxArgs: Infinity, run: (_env, ...values) => extreme(values, Math.max) },
  /**
   * formatNumber(value, decimals?, thousandsSeparator = '', decimalSeparator = '.'): formatNumber(1234.5, 2, ',') is
   * "1,234.50", formatNumber(1234.5, 2, '.', ',') is "1.234,50", formatNumber(1234.5, null, ',') is "1,234.5".
   * Missing values give ''; text that is no number throws.
   */
  formatNumber: {
    minArgs: 1,
    maxArgs: 4,
    run: (_env, value, decimals, thousandsSeparator = '', decimalSeparator = '.') =>
      formatNumber(value, decimals, thousandsSeparator, decimalSeparator),
  },
  /** formatCurrency(value, currencyCode, locale = 'en-US') in the locale's style: formatCurrency(1234.5, 'EUR', 'de-DE') is "1.234,50 €". */
  formatCurrency: {
    minArgs: 2,
    maxArgs: 3,
    run: (_env, value, currency, locale = 'en-US') => {
      const number = valueToFormat('formatCurrency', value);
      return number === undefined
        ? MISSING
        : currencyFormat(toDisplayString(currency), toDisplayString(locale)).format(number);
    },
  },
};
