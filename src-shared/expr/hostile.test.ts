import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExpressionSyntax } from './checkSyntax';
import { ExpressionError } from './expressionError';
import { MAX_RESULT_LENGTH, MAX_SOURCE_LENGTH, MAX_STEPS } from './limits';
import { evaluate } from '../../test/support/engine/exprTestSupport';

/** Everything on Object.prototype and Array.prototype before any hostile input, to compare after. */
let prototypeKeysBefore: string[];
beforeAll(() => {
  prototypeKeysBefore = [
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Array.prototype),
  ];
});

afterAll(() => {
  const after = [...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Array.prototype)];
  expect(after).toEqual(prototypeKeysBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
});

/** Evaluates and reports the outcome as data: a value, or the code of an AppError; anything else fails the test. */
function outcome(source: string, variables: Record<string, unknown> = {}): { value: unknown } | { code: string } {
  try {
    return { value: evaluate(source, variables) };
  } catch (error) {
    if (error instanceof ExpressionError) return { code: error.code };
    throw error;
  }
}

const refused = { code: 'EXPRESSION_ERROR' };

describe('prototype names', () => {
  it.each([
    'x.__proto__',
    'x.constructor',
    'x.prototype',
    'x["__proto__"]',
    "x['constructor']",
    '"constructor"["prototype"]',
    "'abc'['constructor']",
    'x.constructor.prototype.polluted',
    'x.__proto__.polluted',
    '__proto__',
    'constructor',
    '[].constructor',
    'upper.constructor',
  ])('%s is refused by the syntax check and by evaluation', (source) => {
    expect(checkExpressionSyntax(source)).toMatch(/not allowed/);
    expect(outcome(source, { x: {} })).toEqual(refused);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('a variable holding "%s" cannot reach the prototype', (name) => {
    const variables = { x: {}, list: [], text: 'abc', k: name };
    for (const source of ['x[k]', 'list[k]', 'text[k]', 'x[k][k]', 'x["__pro" + "to__"]']) {
      expect(checkExpressionSyntax(source)).toBeUndefined();
      expect(outcome(source, variables)).toEqual(refused);
    }
  });

  it('does not treat an own "__proto__" key from JSON as a way in', () => {
    const data = JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"isAdmin": true}}}',
    ) as Record<string, unknown>;
    expect(outcome('data[k].polluted', { data, k: '__proto__' })).toEqual(refused);
    expect(outcome('data[k].prototype', { data, k: 'constructor' })).toEqual(refused);
    expect(outcome('polluted', data)).toEqual({ value: '' });
  });

  it('never finds inherited members, even with ordinary names', () => {
    for (const source of [
      'x.toString',
      'x.hasOwnProperty',
      'x.valueOf',
      'list.map',
      'list.push',
      'text.toUpperCase',
      'x.__defineGetter__',
    ]) {
      expect(outcome(source, { x: {}, list: [], text: 'a' })).toEqual({ value: '' });
    }
  });
});

describe('calls', () => {
  it.each([
    'data.toString()',
    "constructor('x')",
    '"abc".toUpperCase()',
    'x.constructor.constructor("return process")()',
    'upper.call(null, "a")',
    'list.map(upper)',
    'f()',
    'eval("1")',
    'Function("return 1")()',
    'require("fs")',
    'import("fs")',
  ])('%s is not a helper call', (source) => {
    expect(checkExpressionSyntax(source)).toBeDefined();
    expect(outcome(source, { data: {}, x: {}, list: ['a'], f: () => 'ran' })).toEqual(refused);
  });

  it('sees no globals: unknown names are missing fields', () => {
    for (const source of ['globalThis.process', 'process.env', 'window', 'global', 'Object', 'Math.max']) {
      expect(outcome(source)).toEqual({ value: '' });
    }
  });

  it('never calls a function found in the data', () => {
    let called = false;
    const f = () => {
      called = true;
      return 'ran';
    };
    expect(outcome('f', { f })).toEqual({ value: f });
    expect(outcome('upper(f) + f', { f })).toEqual({ value: '' });
    expect(called).toBe(false);
  });

  it('does not convert data objects with their own toString or valueOf', () => {
    const tricky = { toString: () => 'hacked', valueOf: () => 42 };
    expect(outcome('tricky + ""', { tricky })).toEqual({ value: '' });
    expect(outcome('tricky * 1', { tricky })).toEqual({ value: NaN });
    expect(outcome('tricky == 42', { tricky })).toEqual({ value: false });
    expect(outcome('tricky < 43', { tricky })).toEqual({ value: false });
  });
});

describe('growth and size', () => {
  it('refuses huge padding before building it', () => {
    const started = Date.now();
    expect(outcome('padStart(x, 1e9)', { x: 'a' })).toEqual(refused);
    expect(outcome('padEnd(x, 100001, "ab")', { x: '' })).toEqual(refused);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses repeated concatenation past the result limit', () => {
    const s = 'x'.repeat(30_000);
    expect(outcome('s + s + s', { s })).toEqual({ value: 'x'.repeat(90_000) });
    expect(outcome('s + s + s + s', { s })).toEqual(refused);
    expect(outcome('concat(s, s, s, s)', { s })).toEqual(refused);
    expect(outcome('join([s, s, s, s], "")', { s })).toEqual(refused);
    expect(outcome('replace(s, "x", "xx") + s', { s: 'x'.repeat(40_000) })).toEqual(refused);
  });

  it('refuses long text from the data itself, but not text at the limit', () => {
    expect(outcome('s', { s: 'y'.repeat(MAX_RESULT_LENGTH) })).toEqual({ value: 'y'.repeat(MAX_RESULT_LENGTH) });
    expect(outcome('s', { s: 'y'.repeat(MAX_RESULT_LENGTH + 1) })).toEqual(refused);
    expect(outcome('upper(s)', { s: 'ß'.repeat(60_000) })).toEqual(refused);
  });

  it('refuses a list result too big to show', () => {
    expect(outcome('list', { list: new Array(60_000).fill('ab') })).toEqual(refused);
  });
});

describe('nesting and length', () => {
  it('refuses 10,000 nested parentheses without exhausting the stack', () => {
    const source = `${'('.repeat(10_000)}1${')'.repeat(10_000)}`;
    expect(checkExpressionSyntax(source)).toMatch(/longer than/);
    expect(outcome(source)).toEqual(refused);
  });

  it('refuses deep nesting that fits within the length limit', () => {
    for (const source of [
      `${'('.repeat(999)}1${')'.repeat(999)}`,
      `${'['.repeat(999)}${']'.repeat(999)}`,
      `${'!'.repeat(1999)}1`,
      `${'-'.repeat(1999)}1`,
      `${'upper('.repeat(280)}1${')'.repeat(280)}`,
      `${'a?'.repeat(400)}1${':1'.repeat(400)}`,
      `a${'[0]'.repeat(600)}`,
      `a${'.b'.repeat(900)}`,
    ]) {
      expect(source.length).toBeLessThanOrEqual(MAX_SOURCE_LENGTH);
      expect(checkExpressionSyntax(source)).toMatch(/nested/);
      expect(outcome(source)).toEqual(refused);
    }
  });

  it('refuses long sources, however simple', () => {
    expect(outcome('1'.repeat(MAX_SOURCE_LENGTH + 1))).toEqual(refused);
    expect(checkExpressionSyntax(' '.repeat(1_000_000))).toMatch(/longer than/);
  });
});

describe('step budget', () => {
  it('counts the items of lists handed to helpers', () => {
    expect(outcome('len(join(list, ""))', { list: new Array(MAX_STEPS - 10).fill('') })).toEqual({ value: 0 });
    expect(outcome('len(join(list, ""))', { list: new Array(MAX_STEPS + 1).fill('') })).toEqual(refused);
    const list = new Array(30_000).fill(1);
    expect(outcome('[contains(list, 2), contains(list, 3), contains(list, 4), contains(list, 5)]', { list })).toEqual(
      refused,
    );
  });

  it('does not count lists that are only read from', () => {
    const list = new Array(MAX_STEPS * 2).fill(7);
    expect(outcome('list[5] + list.length', { list })).toEqual({ value: 7 + MAX_STEPS * 2 });
  });
});
