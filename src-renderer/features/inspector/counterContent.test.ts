import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '@shared/expr';
import { counterExpression, NEW_COUNTER, nextCounterText, readCounterExpression } from './counterContent';

describe('the counter control', () => {
  it('writes a counter() expression the engine evaluates to the padded, prefixed value', () => {
    const setup = { ...NEW_COUNTER, name: 'parcel', start: 1001, pad: 6, prefix: 'SN-' };
    const source = counterExpression(setup, null);
    expect(source).toBe('"SN-" + counter("parcel", {start: 1001, step: 1, pad: 6})');
    expect(evaluateExpression(source, { data: {} }, { now: () => new Date(0) })).toBe('SN-001001');
    // With the store's next value, as the preview and the printer number it.
    expect(evaluateExpression(source, { data: {} }, { now: () => new Date(0), counters: { parcel: 1006 } })).toBe(
      'SN-001006',
    );
    expect(nextCounterText(setup, 1006)).toBe('SN-001006');
    expect(nextCounterText(setup, undefined)).toBe('SN-001001');
  });

  it('reads its own expressions back, the template scope included, and leaves other expressions alone', () => {
    const setup = { name: 'box', start: 5, step: 2, pad: 0, prefix: '', perTemplate: true };
    const source = counterExpression(setup, 'pallet-label');
    expect(source).toBe('counter("pallet-label/box", {start: 5, step: 2, pad: 0})');
    expect(readCounterExpression(source, 'pallet-label')).toEqual(setup);
    expect(readCounterExpression('counter("serial")', null)).toEqual({
      name: 'serial',
      start: 1,
      step: 1,
      pad: 0,
      prefix: '',
      perTemplate: false,
    });
    expect(readCounterExpression('"A \\"q\\" " + counter("x", {pad: 3})', null)).toMatchObject({
      prefix: 'A "q" ',
      name: 'x',
      pad: 3,
    });
    expect(readCounterExpression('counter("x") * 2', null)).toBeUndefined();
    expect(readCounterExpression('data.sku', null)).toBeUndefined();
    expect(readCounterExpression('counter("x", {start: data.n})', null)).toBeUndefined();
  });
});
