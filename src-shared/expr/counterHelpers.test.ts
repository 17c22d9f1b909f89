import { describe, expect, it } from 'vitest';
import { checkExpressionSyntax, compileExpression } from './checkSyntax';
import { counterCallsIn } from './counterCall';
import { FIXED_ENV, evaluate } from '../../test/support/engine/exprTestSupport';

describe('counter()', () => {
  it('counts from its start without a reservation (a preview): a number unpadded, text with leading zeros padded', () => {
    expect(evaluate('counter("parcel")')).toBe(1);
    expect(evaluate('counter("parcel", {start: 1001})')).toBe(1001);
    expect(evaluate('counter("parcel", {start: 7, pad: 6})')).toBe('000007');
    expect(evaluate('"P-" + counter("parcel", {pad: 4})')).toBe('P-0001');
    expect(evaluate('counter("parcel", {start: 1234567, pad: 3})')).toBe('1234567');
  });

  it("gives the render's reserved first value plus step for each label before this one", () => {
    const env = { ...FIXED_ENV, counters: { parcel: 5000, other: 3 } };
    expect(evaluate('counter("parcel", {start: 1})', {}, env)).toBe(5000);
    expect(evaluate('counter("parcel", {step: 10, pad: 6})', {}, { ...env, labelIndex: 3 })).toBe('005030');
    expect(evaluate('counter("other") + counter("other")', {}, { ...env, labelIndex: 2 })).toBe(10);
    // A counter the render did not reserve counts from its own start.
    expect(evaluate('counter("unknown", {start: 40})', {}, { ...env, labelIndex: 1 })).toBe(41);
  });

  it('takes the name and options as literals only, saying what to write instead', () => {
    for (const source of [
      'counter("parcel")',
      'counter("a.b-c_1", {start: 0, step: 5, pad: 30})',
      "counter('x', {'pad': 2})",
      'counter("x", {})',
    ]) {
      expect(checkExpressionSyntax(source)).toBeUndefined();
    }
    const refused: [string, RegExp][] = [
      ['counter(name)', /the name must be literal text/],
      ['counter("")', /the name must be literal text/],
      ['counter("has space")', /the name must be literal text/],
      ['counter("__proto__")', /the name must be literal text/],
      ['counter("x", options)', /options must be written as \{start: 1, step: 1, pad: 6\}/],
      ['counter("x", {start: n})', /start must be a whole number from 0 to 1000000000000000, written as a number/],
      ['counter("x", {start: -1})', /start must be a whole number from 0/],
      ['counter("x", {step: 0})', /step must be a whole number from 1 to 1000000000/],
      ['counter("x", {pad: 31})', /pad must be a whole number from 0 to 30/],
      ['counter("x", {pad: 1.5})', /pad must be a whole number/],
      ['counter("x", {width: 3})', /options may only be start, step, pad/],
      ['counter("x", {pad})', /options may only be start, step, pad/],
      ['counter("x", {[k]: 1})', /options may only be start, step, pad/],
      ['counter("x", {pad: 1, pad: 2})', /option pad is given twice/],
      ['counter("x", {}, 3)', /counter expects 1 to 2 argument\(s\), got 3/],
      ['counter()', /counter expects 1 to 2 argument\(s\), got 0/],
    ];
    for (const [source, message] of refused) expect(checkExpressionSyntax(source), source).toMatch(message);
  });

  it('is found in a syntax tree with its options, wherever it is nested', () => {
    const calls = counterCallsIn(
      compileExpression('a ? upper("S" + counter("parcel", {start: 100, pad: 6})) : [counter("box")]'),
    );
    expect(calls).toEqual([
      { name: 'parcel', options: { start: 100, step: 1, pad: 6 } },
      { name: 'box', options: { start: 1, step: 1, pad: 0 } },
    ]);
    expect(counterCallsIn(compileExpression('upper(name)'))).toEqual([]);
  });
});
