import { describe, expect, it } from 'vitest';
import { checkExpressionSyntax } from './checkSyntax';
import { MAX_SOURCE_LENGTH } from './limits';

describe('checkExpressionSyntax accepts', () => {
  it.each([
    'name',
    'data.customer["name"]',
    'a.b[0].c',
    '"text" + \'more\'',
    '-x + 1 * 2 / 3 % 4 - 5',
    '!a && b || c',
    'a == b && a != b && a === b && a !== b',
    'a < b && a <= b && a > b && a >= b',
    'a ? b : c',
    '[1, "two", [3]]',
    'upper(trim(name))',
    'padStart(code, 8, "0")',
    'concat()',
    'concat(a, b, c, d, e)',
    'formatDate(now(), "DD.MM.YYYY")',
    'x?.y',
    '  spaced  ',
  ])('%s', (source) => {
    expect(checkExpressionSyntax(source)).toBeUndefined();
  });
});

describe('checkExpressionSyntax refuses, saying why', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['(1', /Unclosed \( at character 2/],
    ['1 + )', /at character 4/],
    ['"abc', /Unclosed quote/],
    ['a = 1', /Unexpected "=" at character 2/],
    ['a += 1', /at character/],
    ['x => x', /at character 2/],
    ['`template`', /Unexpected "`"/],
    ['/ab+c/', /Unexpected "\/"/],
    ['{a: 1}', /objects \(\{\.\.\.\}\) are only allowed as the options of counter\(\)/],
    ['upper({a: 1})', /objects .* only allowed as the options of counter/],
    ['a, b', /found 2/],
    ['a; b', /found 2/],
    ['(a, b)', /sequences are not allowed/],
    ['new Date()', /found 2/],
    ['typeof x', /found 2/],
    ['this', /"this" is not allowed/],
    ['this.x', /"this" is not allowed/],
    ['foo(1)', /unknown function foo/],
    ['eval("1")', /unknown function eval/],
    ['toString()', /unknown function toString/],
    ['hasOwnProperty("a")', /unknown function hasOwnProperty/],
    ['"abc".toUpperCase()', /only helper functions can be called/],
    ['data.toString()', /only helper functions can be called/],
    ['upper', undefined],
    ['upper()', /upper expects 1 argument\(s\), got 0/],
    ['upper(a, b)', /upper expects 1 argument\(s\), got 2/],
    ['padStart(a)', /padStart expects 2 to 3 argument\(s\), got 1/],
    ['min()', /min expects at least 1 argument\(s\), got 0/],
    ['a | b', /operator \| is not allowed/],
    ['a & b', /operator & is not allowed/],
    ['a ^ b', /operator \^ is not allowed/],
    ['a << 2', /operator << is not allowed/],
    ['a >>> 2', /operator >>> is not allowed/],
    ['a ** 2', /operator \*\* is not allowed/],
    ['a ?? b', /operator \?\? is not allowed/],
    ['~a', /operator ~ is not allowed/],
    ['[1,,2]', /empty items/],
    ['x.__proto__', /name "__proto__" is not allowed/],
    ['x.constructor', /name "constructor" is not allowed/],
    ['x.prototype', /name "prototype" is not allowed/],
    ['x["__proto__"]', /name "__proto__" is not allowed/],
    ["'constructor'['prototype']", /name "prototype" is not allowed/],
    ['constructor', /name "constructor" is not allowed/],
    ['__proto__.x', /name "__proto__" is not allowed/],
    ["constructor('x')", /unknown function constructor/],
  ])('%s', (source, message) => {
    if (message === undefined) expect(checkExpressionSyntax(source)).toBeUndefined();
    else expect(checkExpressionSyntax(source)).toMatch(message);
  });

  it('refuses sources over the length limit and accepts one at it', () => {
    const atLimit = `"${'a'.repeat(MAX_SOURCE_LENGTH - 2)}"`;
    expect(checkExpressionSyntax(atLimit)).toBeUndefined();
    expect(checkExpressionSyntax(`${atLimit} `)).toMatch(`longer than ${MAX_SOURCE_LENGTH} characters`);
  });

  it('refuses deep nesting of brackets, operators and calls', () => {
    expect(checkExpressionSyntax(`${'('.repeat(101)}1${')'.repeat(101)}`)).toMatch(
      /nested deeper than 100 levels at character 100/,
    );
    expect(checkExpressionSyntax(`${'('.repeat(100)}1${')'.repeat(100)}`)).toBeUndefined();
    expect(checkExpressionSyntax(`${'['.repeat(500)}${']'.repeat(500)}`)).toMatch(/nested deeper/);
    expect(checkExpressionSyntax(`${'!'.repeat(1500)}1`)).toMatch(/nested deeper than 100 levels/);
    expect(checkExpressionSyntax(`${'upper('.repeat(150)}1${')'.repeat(150)}`)).toMatch(/nested deeper/);
    expect(checkExpressionSyntax(Array(150).fill('a').join(' + '))).toMatch(/nested deeper/);
    expect(checkExpressionSyntax(Array(50).fill('a').join(' + '))).toBeUndefined();
  });

  it('ignores brackets inside string literals when measuring nesting', () => {
    expect(checkExpressionSyntax(`"${'('.repeat(500)}" + '${'['.repeat(500)}\\''`)).toBeUndefined();
  });

  it('says where a syntax error is, the first time and from the cache alike', () => {
    expect(checkExpressionSyntax('foo(')).toMatch(/at character 4/);
    expect(checkExpressionSyntax('foo(')).toMatch(/at character 4/);
  });

  it('refuses a source that is not text, for callers outside TypeScript', () => {
    expect(checkExpressionSyntax(42 as unknown as string)).toBe('expression must be text');
  });
});
