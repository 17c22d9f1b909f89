// Shared by the expression tests: a fixed clock and a short way to evaluate a source.
import type { ExpressionEnv } from '@shared/expr/env';
import { evaluateExpression } from '@shared/expr/evaluate';

/** Tuesday 5 March 2024, 10:15:30 UTC. */
export const FIXED_NOW = new Date('2024-03-05T10:15:30Z');

export const FIXED_ENV: ExpressionEnv = { now: () => FIXED_NOW };

export function evaluate(
  source: string,
  variables: Record<string, unknown> = {},
  env: ExpressionEnv = FIXED_ENV,
): unknown {
  return evaluateExpression(source, variables, env);
}
