// The shape of a helper function and the argument checks helpers share.
import type { ExpressionEnv } from './env';
import { ExpressionError } from './expressionError';
import { describeValue, toNumber } from './values';

export interface HelperSpec {
  /** Fewest and most arguments, checked when the expression is parsed. */
  minArgs: number;
  maxArgs: number;
  /**
   * Gets the env before the arguments, so a helper that needs the clock, the time zone or per-render state is still
   * one table entry. Arguments the call left out are undefined; a missing field passed in is '' (MISSING).
   */
  run: (env: ExpressionEnv, ...args: unknown[]) => unknown;
}

/** A numeric argument whose absence would make the result meaningless (a length, a position): throws when not a number. */
export function numberArgument(helper: string, what: string, value: unknown): number {
  const number = toNumber(value);
  if (Number.isNaN(number))
    throw new ExpressionError(`${helper}: ${what} must be a number, got ${describeValue(value)}`);
  return number;
}

/** A whole-number argument within [min, max], such as a count of decimals or of days. */
export function integerArgument(helper: string, what: string, value: unknown, min: number, max: number): number {
  const number = numberArgument(helper, what, value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new ExpressionError(
      `${helper}: ${what} must be a whole number from ${min} to ${max}, got ${describeValue(value)}`,
    );
  }
  return number;
}
