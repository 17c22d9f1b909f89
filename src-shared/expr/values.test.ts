import { describe, expect, it } from 'vitest';
import { ExpressionError } from './expressionError';
import { MAX_NESTING } from './limits';
import { isTruthy, toDisplayString } from './values';

describe('toDisplayString', () => {
  it('shows null, undefined, NaN and infinities as empty text', () => {
    expect([null, undefined, NaN, Infinity, -Infinity].map(toDisplayString)).toEqual(['', '', '', '', '']);
  });

  it('hides float noise in non-integers', () => {
    expect(toDisplayString(0.1 + 0.2)).toBe('0.3');
    expect(toDisplayString(1.1 * 3)).toBe('3.3');
    expect(toDisplayString(2 / 3)).toBe('0.666666666667');
    expect(toDisplayString(-0.5)).toBe('-0.5');
  });

  it('shows integers exactly, even past 12 digits', () => {
    expect(toDisplayString(4006381333931)).toBe('4006381333931');
    expect(toDisplayString(-0)).toBe('0');
    expect(toDisplayString(42)).toBe('42');
  });

  it('shows text as is, booleans as words, Dates as ISO text', () => {
    expect(toDisplayString('  a b ')).toBe('  a b ');
    expect(toDisplayString(true)).toBe('true');
    expect(toDisplayString(false)).toBe('false');
    expect(toDisplayString(new Date('2024-03-05T10:00:00Z'))).toBe('2024-03-05T10:00:00.000Z');
    expect(toDisplayString(new Date('nope'))).toBe('');
  });

  it('joins lists with ", ", nested lists too, and shows plain objects as nothing', () => {
    expect(toDisplayString([1, 'b', null, [2, 3]])).toBe('1, b, , 2, 3');
    expect(toDisplayString([])).toBe('');
    expect(toDisplayString({ a: 1 })).toBe('');
    expect(toDisplayString(Object.create(null))).toBe('');
  });

  it('refuses lists too long or too deeply nested to show', () => {
    expect(() => toDisplayString(new Array(60_000).fill('x'))).toThrow(ExpressionError);
    let deep: unknown[] = [];
    for (let level = 0; level < MAX_NESTING + 5; level += 1) deep = [deep];
    expect(() => toDisplayString(deep)).toThrow(/nested deeper/);
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(() => toDisplayString(cyclic)).toThrow(ExpressionError);
  });
});

describe('isTruthy', () => {
  it('is false for the JavaScript falsy values and true otherwise', () => {
    expect(['', 0, null, undefined, false, NaN].map(isTruthy)).toEqual([false, false, false, false, false, false]);
    expect(['0', ' ', 1, -1, [], {}, true].map(isTruthy)).toEqual([true, true, true, true, true, true, true]);
  });
});
