import { describe, expect, it } from 'vitest';
import { evaluate } from '../../test/support/engine/exprTestSupport';

describe('literals', () => {
  it('reads strings in either quote, numbers, booleans, null and lists', () => {
    expect(evaluate(`'single'`)).toBe('single');
    expect(evaluate(`"say \\"hi\\""`)).toBe('say "hi"');
    expect(evaluate(`'it\\'s'`)).toBe("it's");
    expect(evaluate('12.5')).toBe(12.5);
    expect(evaluate('.5')).toBe(0.5);
    expect(evaluate('1e3')).toBe(1000);
    expect(evaluate('true')).toBe(true);
    expect(evaluate('false')).toBe(false);
    expect(evaluate('null')).toBeNull();
    expect(evaluate('[1, "a", [true]]')).toEqual([1, 'a', [true]]);
    expect(evaluate('[]')).toEqual([]);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, multiplies, divides and takes remainders of numbers', () => {
    expect(evaluate('1 + 2 * 3')).toBe(7);
    expect(evaluate('(1 + 2) * 3')).toBe(9);
    expect(evaluate('10 - 4 - 3')).toBe(3);
    expect(evaluate('7 / 2')).toBe(3.5);
    expect(evaluate('7 % 3')).toBe(1);
    expect(evaluate('-7 % 3')).toBe(-1);
  });

  it('negates and converts with unary - and +', () => {
    expect(evaluate('-x', { x: 5 })).toBe(-5);
    expect(evaluate('- -5')).toBe(5);
    expect(evaluate('+"12.5"')).toBe(12.5);
    expect(evaluate('-"3"')).toBe(-3);
  });

  it('converts numeric text and booleans for - * / % but not empty or non-numeric text', () => {
    expect(evaluate('"6" * "7"')).toBe(42);
    expect(evaluate('qty - 1', { qty: '10' })).toBe(9);
    expect(evaluate('true * 3')).toBe(3);
    expect(evaluate('missing * 2')).toBeNaN();
    expect(evaluate('"abc" - 1')).toBeNaN();
    expect(evaluate('null * 1')).toBeNaN();
  });

  it('gives Infinity for division by zero, which a label shows as nothing', () => {
    expect(evaluate('1 / 0')).toBe(Infinity);
  });
});

describe('+ with text', () => {
  it('concatenates as soon as one side is text, like JavaScript', () => {
    expect(evaluate('"a" + 1')).toBe('a1');
    expect(evaluate('1 + "a"')).toBe('1a');
    expect(evaluate('qty + 1', { qty: '5' })).toBe('51');
    expect(evaluate('"x" + true')).toBe('xtrue');
  });

  it('shows the other side as a label would: no float noise, no "null", lists joined', () => {
    expect(evaluate('"Total: " + (0.1 + 0.2)')).toBe('Total: 0.3');
    expect(evaluate('"[" + null + "]"')).toBe('[]');
    expect(evaluate('"items: " + list', { list: [1, 2] })).toBe('items: 1, 2');
    expect(evaluate('"obj: " + o', { o: { a: 1 } })).toBe('obj: ');
    expect(evaluate('missing + "!"')).toBe('!');
  });
});

describe('comparison', () => {
  it('orders numbers, and text against text by code units', () => {
    expect(evaluate('[1 < 2, 2 < 1, 2 <= 2, 3 > 2, 2 >= 3]')).toEqual([true, false, true, true, false]);
    expect(evaluate('["a" < "b", "B" < "a", "10" < "9"]')).toEqual([true, true, true]);
    expect(evaluate('["10" < 9, n > 5]', { n: '7' })).toEqual([false, true]);
  });

  it('is false when a side is missing or not a number', () => {
    expect(evaluate('[missing < 1, missing >= 1, "abc" < 1, "abc" >= 1]')).toEqual([false, false, false, false]);
  });

  it('== compares numbers with numeric text, null with undefined only', () => {
    expect(evaluate('[5 == "5", "5" == 5, 1 == true, "a" == "a", "a" == "A"]')).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(evaluate('[null == missing, null == 0, 0 == "", "" == missing]')).toEqual([false, false, false, true]);
    expect(evaluate('[x == null, x != null]', { x: null })).toEqual([true, false]);
    expect(evaluate('[5 != "5", 5 != 6]')).toEqual([false, true]);
  });

  it('=== and !== compare strictly', () => {
    expect(evaluate('[5 === "5", 5 === 5, "a" !== "a", 5 !== "5"]')).toEqual([false, true, false, true]);
  });

  it('compares lists and objects by identity and never converts them', () => {
    const list = [1];
    expect(
      evaluate('[a == a, a == b, a == "1", o == "[object Object]"]', { a: list, b: [1], o: { toString: 1 } }),
    ).toEqual([true, false, false, false]);
  });
});

describe('logic', () => {
  it('&& and || short-circuit and yield an operand', () => {
    expect(evaluate('a && b', { a: 'x', b: 'y' })).toBe('y');
    expect(evaluate('a && b', { a: '', b: 'y' })).toBe('');
    expect(evaluate('a || "fallback"', { a: '' })).toBe('fallback');
    expect(evaluate('a || "fallback"', { a: 'set' })).toBe('set');
    // The right side is not evaluated: it would throw if it were.
    expect(evaluate('false && padStart("", 1e9)')).toBe(false);
    expect(evaluate('true || padStart("", 1e9)')).toBe(true);
  });

  it('! negates truthiness', () => {
    expect(evaluate('[!0, !1, !"", !"a", !missing, !!x]', { x: [] })).toEqual([true, false, true, false, true, true]);
  });

  it('?: picks a branch and evaluates only that one', () => {
    expect(evaluate('n > 1 ? "many" : "one"', { n: 3 })).toBe('many');
    expect(evaluate('n > 1 ? "many" : "one"', { n: 1 })).toBe('one');
    expect(evaluate('a ? 1 : b ? 2 : 3', { a: 0, b: 1 })).toBe(2);
    expect(evaluate('true ? "ok" : padStart("", 1e9)')).toBe('ok');
  });

  it('follows JavaScript precedence', () => {
    expect(evaluate('1 + 2 > 2 && 2 * 3 == 6 || false')).toBe(true);
    expect(evaluate('!a && b', { a: false, b: 'y' })).toBe('y');
  });
});
