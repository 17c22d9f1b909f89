// The bounds that keep one expression's parse and evaluation small, whatever the template or the data holds.
import { ExpressionError } from './expressionError';

/** Longest expression source, in characters (the template schema allows the same). */
export const MAX_SOURCE_LENGTH = 2000;
/** Deepest nesting of brackets in a source, of nodes in its syntax tree, and of lists shown as text. */
export const MAX_NESTING = 100;
/**
 * Work allowed for one evaluation: one step per syntax node, plus one per element of every list handed to a helper.
 * There are no loops in the language, so lists from the data are what can make an evaluation long.
 */
export const MAX_STEPS = 100_000;
/** Longest text an expression may produce, in UTF-16 code units. */
export const MAX_RESULT_LENGTH = 100_000;

/** Names that lead from a value to its prototype: refused as identifiers and as member names, even when computed. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Throws before (or right after) text of this length is built, so a helper cannot allocate without bound. */
export function checkResultLength(length: number): void {
  if (!(length <= MAX_RESULT_LENGTH)) {
    throw new ExpressionError(`text of ${length} characters is over the limit of ${MAX_RESULT_LENGTH}`);
  }
}
