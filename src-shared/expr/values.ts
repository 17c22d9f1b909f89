// How expression values behave as text, numbers, booleans and in comparisons: the coercions operators and helpers share.
import { ExpressionError } from './expressionError';
import { MAX_NESTING, checkResultLength } from './limits';

/** What a missing field, a missing property or a missing helper argument yields. */
export const MISSING = '';

/** Separator of list items shown as text. */
const LIST_SEPARATOR = ', ';

/** Integers are shown exactly (barcode numbers); other numbers with this many significant digits, which hides float noise. */
const SIGNIFICANT_DIGITS = 12;

/** Absent, empty or not computable: shown as '' and replaced by default(). */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));
}

/** Objects as JSON makes them; anything with another prototype (Date, Map, class instances) is not data to walk into. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Number coercion like JavaScript's, except that empty text is missing (NaN) rather than 0,
 * so a missing price stays missing instead of becoming "0". Dates count as epoch milliseconds.
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? NaN : Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return NaN;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(SIGNIFICANT_DIGITS)));
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // null, undefined, plain objects and anything else: a label shows nothing rather than "[object Object]" or JSON.
  return '';
}

function listText(list: readonly unknown[], separator: string, depth: number): string {
  if (depth > MAX_NESTING)
    throw new ExpressionError(`a list nested deeper than ${MAX_NESTING} levels cannot be shown as text`);
  let text = '';
  // A for loop, not entries(): sparse arrays from JavaScript callers show holes as '' like missing values.
  for (let index = 0; index < list.length; index += 1) {
    const item = list[index];
    text +=
      (index > 0 ? separator : '') +
      (Array.isArray(item) ? listText(item, LIST_SEPARATOR, depth + 1) : scalarText(item));
    checkResultLength(text.length);
  }
  return text;
}

/** The items of a list as text with a separator between them, within the result length limit; nested lists use ", ". */
export function joinAsText(list: readonly unknown[], separator: string): string {
  return listText(list, separator, 1);
}

/**
 * How a value is shown on a label: '' for null, undefined, NaN, ±Infinity and plain objects; integers exactly, other
 * numbers rounded to 12 significant digits (0.1 + 0.2 shows "0.3"); booleans "true"/"false"; Dates as ISO 8601 in UTC;
 * lists as their items joined with ", ". Throws ExpressionError for a list too long or too deeply nested to show.
 */
export function toDisplayString(value: unknown): string {
  return Array.isArray(value) ? joinAsText(value, LIST_SEPARATOR) : scalarText(value);
}

/** Truthiness for `condition`, `!`, `&&`, `||` and `?:`: like JavaScript ('', 0, null, undefined, false, NaN are false). */
export function isTruthy(value: unknown): boolean {
  return Boolean(value);
}

/**
 * `==`: null and undefined equal each other only; values of one type compare strictly; a number, text, boolean or Date
 * against another of those compares as numbers ("5" == 5). Unlike JavaScript, no object is converted to a primitive,
 * so data cannot make a comparison run its own toString or valueOf.
 */
export function looseEquals(left: unknown, right: unknown): boolean {
  if (left === null || left === undefined || right === null || right === undefined) {
    return (left === null || left === undefined) && (right === null || right === undefined);
  }
  if (left instanceof Date || right instanceof Date || typeof left !== typeof right) {
    const isScalar = (value: unknown) =>
      ['number', 'string', 'boolean'].includes(typeof value) || value instanceof Date;
    return isScalar(left) && isScalar(right) && toNumber(left) === toNumber(right);
  }
  return left === right;
}

/** Ordering for < <= > >=: text against text by UTF-16 code units, anything else as numbers; NaN when unordered. */
export function compareValues(left: unknown, right: unknown): number {
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  const a = toNumber(left);
  const b = toNumber(right);
  if (a < b) return -1;
  if (a > b) return 1;
  return a === b ? 0 : NaN;
}

/** A short description of a value for error messages; long text is cut so a message stays readable. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}
