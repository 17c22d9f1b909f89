// Helpers on text and lists: case, padding, cutting, replacing, searching, splitting and joining, fallbacks.
import { numberArgument, type HelperSpec } from './helperSpec';
import { checkResultLength } from './limits';
import { isMissing, joinAsText, looseEquals, toDisplayString } from './values';

function pad(helper: 'padStart' | 'padEnd', value: unknown, length: unknown, fill: unknown): string {
  const text = toDisplayString(value);
  const targetLength = numberArgument(helper, 'length', length);
  // Checked before padding: padStart(x, 1e9) must fail without building a gigabyte of text.
  checkResultLength(targetLength);
  const filler = toDisplayString(fill);
  return helper === 'padStart' ? text.padStart(targetLength, filler) : text.padEnd(targetLength, filler);
}

/** Plain-text replacement of every occurrence; the search text is never a pattern. */
function replaceAll(value: unknown, search: unknown, replacement: unknown): string {
  const text = toDisplayString(value);
  const searchText = toDisplayString(search);
  // JavaScript would insert the replacement between all characters; no label means that.
  if (searchText === '') return text;
  const replacementText = toDisplayString(replacement);
  const pieces = text.split(searchText);
  checkResultLength(text.length + (pieces.length - 1) * (replacementText.length - searchText.length));
  return pieces.join(replacementText);
}

function split(value: unknown, separator: unknown): string[] {
  const text = toDisplayString(value);
  if (text === '') return [];
  const separatorText = toDisplayString(separator);
  // Array.from keeps characters outside the BMP (emoji) whole when splitting into characters.
  return separatorText === '' ? Array.from(text) : text.split(separatorText);
}

function contains(haystack: unknown, needle: unknown): boolean {
  if (Array.isArray(haystack)) return haystack.some((item) => looseEquals(item, needle));
  return toDisplayString(haystack).includes(toDisplayString(needle));
}

export const TEXT_HELPERS: Readonly<Record<string, HelperSpec>> = {
  upper: { minArgs: 1, maxArgs: 1, run: (_env, value) => toDisplayString(value).toUpperCase() },
  lower: { minArgs: 1, maxArgs: 1, run: (_env, value) => toDisplayString(value).toLowerCase() },
  trim: { minArgs: 1, maxArgs: 1, run: (_env, value) => toDisplayString(value).trim() },
  padStart: { minArgs: 2, maxArgs: 3, run: (_env, value, length, fill = ' ') => pad('padStart', value, length, fill) },
  padEnd: { minArgs: 2, maxArgs: 3, run: (_env, value, length, fill = ' ') => pad('padEnd', value, length, fill) },
  /** JavaScript's substring: indices are clamped to the text and swapped when start > end. */
  substring: {
    minArgs: 2,
    maxArgs: 3,
    run: (_env, value, start, end) =>
      toDisplayString(value).substring(
        numberArgument('substring', 'start', start),
        end === undefined ? undefined : numberArgument('substring', 'end', end),
      ),
  },
  replace: {
    minArgs: 3,
    maxArgs: 3,
    run: (_env, value, search, replacement) => replaceAll(value, search, replacement),
  },
  startsWith: {
    minArgs: 2,
    maxArgs: 2,
    run: (_env, value, prefix) => toDisplayString(value).startsWith(toDisplayString(prefix)),
  },
  endsWith: {
    minArgs: 2,
    maxArgs: 2,
    run: (_env, value, suffix) => toDisplayString(value).endsWith(toDisplayString(suffix)),
  },
  /** In a list: whether an item equals the needle (as `==`); otherwise whether the text contains it. */
  contains: { minArgs: 2, maxArgs: 2, run: (_env, haystack, needle) => contains(haystack, needle) },
  /** A list of parts; an empty separator splits into characters; missing text gives an empty list. */
  split: { minArgs: 2, maxArgs: 2, run: (_env, value, separator) => split(value, separator) },
  /** A list's items as text with a separator (default ", "); anything else as its text. */
  join: {
    minArgs: 1,
    maxArgs: 2,
    run: (_env, list, separator = ', ') =>
      Array.isArray(list) ? joinAsText(list, toDisplayString(separator)) : toDisplayString(list),
  },
  concat: { minArgs: 0, maxArgs: Infinity, run: (_env, ...values) => joinAsText(values, '') },
  /** Items of a list, else characters (UTF-16 code units, as `.length` and substring count them). */
  len: {
    minArgs: 1,
    maxArgs: 1,
    run: (_env, value) => (Array.isArray(value) ? value.length : toDisplayString(value).length),
  },
  string: { minArgs: 1, maxArgs: 1, run: (_env, value) => toDisplayString(value) },
  /** The fallback when the value is missing: undefined, null, '' or NaN. */
  default: { minArgs: 2, maxArgs: 2, run: (_env, value, fallback) => (isMissing(value) ? fallback : value) },
};
