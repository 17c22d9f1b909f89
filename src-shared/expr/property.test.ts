import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkExpressionSyntax } from './checkSyntax';
import type { ExpressionEnv } from './env';
import { evaluateExpression } from './evaluate';
import { ExpressionError } from './expressionError';
import { HELPERS } from './helpers';
import { FIXED_NOW } from '../../test/support/engine/exprTestSupport';
import { toDisplayString } from './values';

const objectPrototypeKeys = Object.getOwnPropertyNames(Object.prototype);
afterAll(() => {
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(objectPrototypeKeys);
});

/** Characters expressions are made of, so random text often gets deep into the parser. */
const expressionChars = fc.constantFrom(...'()[]{}"\'`\\.,;:?!=<>+-*/%&|^~ \t\nabcxyz_$0189eE'.split(''));

describe('checkExpressionSyntax on random text', () => {
  it('returns a message or undefined, and never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: expressionChars, maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 })),
        (source) => {
          const problem = checkExpressionSyntax(source);
          expect(problem === undefined || typeof problem === 'string').toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

const names = fc.constantFrom(
  'a',
  'b',
  'list',
  'obj',
  'missing',
  'k',
  'length',
  'toString',
  '__proto__',
  'constructor',
  'prototype',
);
const helperNames = fc.constantFrom(...Object.keys(HELPERS), 'foo', 'eval', 'constructor', 'hasOwnProperty');
const operators = fc.constantFrom(
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
  '|',
  '**',
  '??',
);
const literals = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }).map(String),
  fc.string({ maxLength: 8 }).map((text) => JSON.stringify(text)),
  fc.constantFrom('true', 'false', 'null', '1e999', '""', "'__proto__'", '"constructor"', '1e9', '-1', '0.5'),
);

/** Expressions built from the grammar, with some constructs and names that are not allowed mixed in. */
const { expression } = fc.letrec<{ expression: string }>((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literals,
    names,
    fc.tuple(tie('expression'), names).map(([target, name]) => `(${target}).${name}`),
    fc.tuple(tie('expression'), tie('expression')).map(([target, key]) => `(${target})[${key}]`),
    fc
      .tuple(helperNames, fc.array(tie('expression'), { maxLength: 4 }))
      .map(([name, args]) => `${name}(${args.join(', ')})`),
    fc
      .tuple(fc.constantFrom('-', '+', '!', '~'), tie('expression'))
      .map(([operator, operand]) => `${operator}(${operand})`),
    fc
      .tuple(tie('expression'), operators, tie('expression'))
      .map(([left, operator, right]) => `(${left}) ${operator} (${right})`),
    fc
      .tuple(tie('expression'), tie('expression'), tie('expression'))
      .map(([test, yes, no]) => `(${test}) ? (${yes}) : (${no})`),
    fc.array(tie('expression'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
  ),
}));

const variables = fc.record({
  a: fc.jsonValue(),
  b: fc.oneof(fc.string(), fc.double(), fc.constantFrom('2024-03-05', '2024-03-05T10:00:00Z', '12.5', '')),
  list: fc.array(fc.jsonValue(), { maxLength: 5 }),
  obj: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 4 }),
  k: fc.constantFrom('__proto__', 'constructor', 'prototype', 'length', '0', 'a', 'toString'),
});

const envs = fc.constantFrom<ExpressionEnv>(
  { now: () => FIXED_NOW },
  { now: () => FIXED_NOW, timeZone: 'Europe/Berlin' },
  { now: () => FIXED_NOW, timeZone: 'No/Such_Zone' },
);

describe('evaluateExpression on random expressions', () => {
  it('returns a value that can be shown, or throws ExpressionError; nothing else', () => {
    let returned = 0;
    fc.assert(
      fc.property(expression, variables, envs, (source, data, env) => {
        try {
          const value = evaluateExpression(source, data, env);
          expect(typeof toDisplayString(value)).toBe('string');
          returned += 1;
        } catch (error) {
          if (!(error instanceof ExpressionError)) throw error;
        }
      }),
      { numRuns: 1500 },
    );
    // The grammar is meant to reach evaluation often, not only fail the syntax check.
    expect(returned).toBeGreaterThan(300);
  });
});
