// The operators expressions may use and what each does; the syntax check allows exactly the ones listed here.
import { checkResultLength } from './limits';
import { compareValues, isTruthy, looseEquals, toDisplayString, toNumber } from './values';

type UnaryOperator = (value: unknown) => unknown;
type BinaryOperator = (left: unknown, right: unknown) => unknown;

export const UNARY_OPERATORS: Readonly<Record<string, UnaryOperator>> = {
  '-': (value) => -toNumber(value),
  '+': (value) => toNumber(value),
  '!': (value) => !isTruthy(value),
};

/** `+` concatenates as soon as one side is text, like JavaScript, but shows the other side as a label would. */
function add(left: unknown, right: unknown): unknown {
  if (typeof left === 'string' || typeof right === 'string') {
    const leftText = toDisplayString(left);
    const rightText = toDisplayString(right);
    checkResultLength(leftText.length + rightText.length);
    return leftText + rightText;
  }
  return toNumber(left) + toNumber(right);
}

/** Operators that evaluate both sides first; && and || are in LOGICAL_OPERATORS because they may skip the right side. */
export const BINARY_OPERATORS: Readonly<Record<string, BinaryOperator>> = {
  '+': add,
  '-': (left, right) => toNumber(left) - toNumber(right),
  '*': (left, right) => toNumber(left) * toNumber(right),
  '/': (left, right) => toNumber(left) / toNumber(right),
  '%': (left, right) => toNumber(left) % toNumber(right),
  '==': (left, right) => looseEquals(left, right),
  '!=': (left, right) => !looseEquals(left, right),
  '===': (left, right) => left === right,
  '!==': (left, right) => left !== right,
  '<': (left, right) => compareValues(left, right) < 0,
  '<=': (left, right) => compareValues(left, right) <= 0,
  '>': (left, right) => compareValues(left, right) > 0,
  '>=': (left, right) => compareValues(left, right) >= 0,
};

/** Short-circuiting operators; like JavaScript they yield one of their operands, not a boolean. */
export const LOGICAL_OPERATORS: ReadonlySet<string> = new Set(['&&', '||']);

/** An entry of an operator or helper table, looked up as an own property so "constructor" or "toString" never match. */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
