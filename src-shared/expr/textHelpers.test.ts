import { describe, expect, it } from 'vitest';
import { ExpressionError } from './expressionError';
import { evaluate } from '../../test/support/engine/exprTestSupport';

describe('case and trimming', () => {
  it('upper, lower and trim text, and show other values as text first', () => {
    expect(evaluate('upper("straße")')).toBe('STRASSE');
    expect(evaluate('lower("ÄBC")')).toBe('äbc');
    expect(evaluate('trim("  a b \\n")')).toBe('a b');
    expect(evaluate('upper(true)')).toBe('TRUE');
    expect(evaluate('upper(missing)')).toBe('');
  });
});

describe('padStart and padEnd', () => {
  it('pad to a length with spaces or a fill text', () => {
    expect(evaluate('padStart(7, 3, "0")')).toBe('007');
    expect(evaluate('padStart("ab", 5)')).toBe('   ab');
    expect(evaluate('padEnd("ab", 5, ".")')).toBe('ab...');
    expect(evaluate('padEnd("ab", 6, "xy")')).toBe('abxyxy');
    expect(evaluate('padStart(code, "4", "0")', { code: '12' })).toBe('0012');
  });

  it('leave text that is long enough, and pad missing text from empty', () => {
    expect(evaluate('padStart("abcdef", 3, "0")')).toBe('abcdef');
    expect(evaluate('padStart("ab", -2)')).toBe('ab');
    expect(evaluate('padStart(missing, 3, "0")')).toBe('000');
    expect(evaluate('padStart("ab", 5, "")')).toBe('ab');
  });

  it('refuse a length that is not a number or over the result limit', () => {
    expect(() => evaluate('padStart("a", "wide")')).toThrow(/padStart: length must be a number, got "wide"/);
    expect(() => evaluate('padEnd("a", missing)')).toThrow(/padEnd: length must be a number/);
    expect(() => evaluate('padStart("a", 1e9)')).toThrow(/over the limit of 100000/);
    expect(() => evaluate('padEnd("a", 1/0)')).toThrow(ExpressionError);
  });
});

describe('substring', () => {
  it('cuts like JavaScript substring, clamping and swapping indices', () => {
    expect(evaluate('substring("abcdef", 1, 3)')).toBe('bc');
    expect(evaluate('substring("abcdef", 2)')).toBe('cdef');
    expect(evaluate('substring("abcdef", 4, 1)')).toBe('bcd');
    expect(evaluate('substring("abc", -5, 99)')).toBe('abc');
    expect(evaluate('substring(missing, 0, 2)')).toBe('');
    expect(evaluate('substring(12345, 1, 3)')).toBe('23');
  });

  it('refuses indices that are not numbers', () => {
    expect(() => evaluate('substring("abc", "x")')).toThrow(/substring: start must be a number/);
    expect(() => evaluate('substring("abc", 0, "y")')).toThrow(/substring: end must be a number/);
  });
});

describe('replace', () => {
  it('replaces every occurrence of plain text, never a pattern', () => {
    expect(evaluate('replace("a-b-c", "-", "/")')).toBe('a/b/c');
    expect(evaluate('replace("a.b.c", ".", "")')).toBe('abc');
    expect(evaluate('replace("1+1", "+", "$&")')).toBe('1$&1');
    expect(evaluate('replace("(a)", "(a)", "b")')).toBe('b');
    expect(evaluate('replace("abc", "x", "y")')).toBe('abc');
  });

  it('leaves text alone for an empty search and treats missing text as empty', () => {
    expect(evaluate('replace("abc", "", "-")')).toBe('abc');
    expect(evaluate('replace(missing, "a", "b")')).toBe('');
  });

  it('refuses a replacement that would grow past the result limit, before building it', () => {
    const text = 'a'.repeat(50_000);
    const replacement = 'b'.repeat(50_000);
    expect(() => evaluate('replace(t, "a", r)', { t: text, r: replacement })).toThrow(/over the limit/);
    expect(evaluate('replace(t, "a", "bb")', { t: 'a'.repeat(50_000) })).toHaveLength(100_000);
  });
});

describe('searching', () => {
  it('startsWith, endsWith and contains on text', () => {
    expect(evaluate('[startsWith("label", "la"), startsWith("label", "el")]')).toEqual([true, false]);
    expect(evaluate('[endsWith("label", "el"), endsWith("label", "la")]')).toEqual([true, false]);
    expect(evaluate('[contains("label", "abe"), contains("label", "x"), contains(12345, 34)]')).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('contains on a list looks for an equal item, as ==', () => {
    expect(
      evaluate('[contains(tags, "fragile"), contains(tags, "heavy"), contains(nums, "2")]', {
        tags: ['fragile', 'cold'],
        nums: [1, 2],
      }),
    ).toEqual([true, false, true]);
  });
});

describe('split, join, concat', () => {
  it('split text into a list, or characters for an empty separator', () => {
    expect(evaluate('split("a,b,,c", ",")')).toEqual(['a', 'b', '', 'c']);
    expect(evaluate('split(name, " ")[0]', { name: 'Ada Lovelace' })).toBe('Ada');
    expect(evaluate('split("a😀b", "")')).toEqual(['a', '😀', 'b']);
    expect(evaluate('split(missing, ",")')).toEqual([]);
  });

  it('join a list with a separator (default ", ") and show other values as text', () => {
    expect(evaluate('join(list, " | ")', { list: ['a', 1, null, 0.1 + 0.2] })).toBe('a | 1 |  | 0.3');
    expect(evaluate('join(list)', { list: ['a', 'b'] })).toBe('a, b');
    expect(evaluate('join(list, "")', { list: [['a', 'b'], 'c'] })).toBe('a, bc');
    expect(evaluate('join("solo", "-")')).toBe('solo');
    expect(evaluate('join(missing, "-")')).toBe('');
  });

  it('refuses a join past the result limit while building it', () => {
    expect(() => evaluate('join(list, s)', { list: new Array(20).fill('x'), s: 'y'.repeat(10_000) })).toThrow(
      /over the limit/,
    );
  });

  it('concat shows every argument as text', () => {
    expect(evaluate('concat("a", 1, null, true, missing, [2, 3])')).toBe('a1true2, 3');
    expect(evaluate('concat()')).toBe('');
  });
});

describe('len, string, default', () => {
  it('len counts list items or UTF-16 code units of the text', () => {
    expect(evaluate('[len("abc"), len(list), len(12.5), len(missing), len(null)]', { list: [1, 2] })).toEqual([
      3, 2, 4, 0, 0,
    ]);
  });

  it('string shows a value as a label would', () => {
    expect(evaluate('string(0.1 + 0.2)')).toBe('0.3');
    expect(evaluate('string(null)')).toBe('');
    expect(evaluate('string([1, "a"])')).toBe('1, a');
  });

  it('default replaces missing, null, empty and NaN values only', () => {
    expect(evaluate('default(missing, "n/a")')).toBe('n/a');
    expect(evaluate('default(x, "n/a")', { x: null })).toBe('n/a');
    expect(evaluate('default("", "n/a")')).toBe('n/a');
    expect(evaluate('default(number("x"), 0)')).toBe(0);
    expect(evaluate('default(0, 5)')).toBe(0);
    expect(evaluate('default(false, 5)')).toBe(false);
    expect(evaluate('default("set", "n/a")')).toBe('set');
  });
});
