import { describe, expect, it } from 'vitest';
import { ExpressionError } from './expressionError';
import { evaluate } from '../../test/support/engine/exprTestSupport';

const order = {
  customer: { name: 'Ada', address: { city: 'Berlin' } },
  items: [{ sku: 'A-1' }, { sku: 'B-2' }],
  code: 'XYZ',
  empty: null,
};

describe('member access', () => {
  it('reads own properties with . and [] on plain objects and lists', () => {
    expect(evaluate('customer.address.city', order)).toBe('Berlin');
    expect(evaluate('customer["name"]', order)).toBe('Ada');
    expect(evaluate('items[1].sku', order)).toBe('B-2');
    expect(evaluate('items[i].sku', { ...order, i: 0 })).toBe('A-1');
    expect(evaluate('customer?.name', order)).toBe('Ada');
  });

  it('reads .length of lists and text, and nothing else of text', () => {
    expect(evaluate('items.length', order)).toBe(2);
    expect(evaluate('code.length', order)).toBe(3);
    expect(evaluate('code[0]', order)).toBe('');
    expect(evaluate('code.toUpperCase', order)).toBe('');
  });

  it('reads data through a null-prototype variables object', () => {
    const variables = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(evaluate('a + 1', variables)).toBe(2);
  });

  it('reads names with letters beyond ASCII, and keys with spaces through []', () => {
    expect(evaluate('größe + " " + data["first name"]', { größe: 'XL', data: { 'first name': 'Ada' } })).toBe('XL Ada');
  });

  it('keeps null values, so x == null can test them', () => {
    expect(evaluate('empty', order)).toBeNull();
  });
});

describe('missing data yields empty text and never throws', () => {
  it.each([
    'nothing',
    'nothing.deeper.still',
    'customer.phone',
    'customer.name.first',
    'items[5].sku',
    'items[-1]',
    'items[0.5]',
    'items["x"]',
    'empty.x',
    'customer[null]',
    'customer[items]',
    'code.size',
    '(1).x',
    'true.x',
    'undefined',
  ])('%s', (source) => {
    expect(evaluate(source, order)).toBe('');
  });

  it('gives 0 for the length of missing data, since missing is empty text', () => {
    expect(evaluate('nothing.length')).toBe(0);
  });

  it('does not walk into Dates, Maps or class instances, and skips getters', () => {
    class Box {
      value = 1;
    }
    let getterRan = false;
    const withGetter = {
      get secret() {
        getterRan = true;
        return 'leaked';
      },
    };
    expect(
      evaluate('[box.value, map.size, date.length]', { box: new Box(), map: new Map([['size', 1]]), date: new Date() }),
    ).toEqual(['', '', '']);
    expect(evaluate('g.secret', { g: withGetter })).toBe('');
    expect(getterRan).toBe(false);
  });

  it('throws only for faults, as ExpressionError', () => {
    expect(() => evaluate('padStart(x, "wide")', {})).toThrow(ExpressionError);
  });
});
