// Public API of the expression language (implementation in progress by the expr work item).

/** Things an evaluation may depend on besides the data: the clock and the time zone. */
export interface ExpressionEnv {
  /** The current time; injected so renders are reproducible in tests. */
  now: () => Date;
  /** IANA time zone for now()/formatDate, default UTC. */
  timeZone?: string;
}

/** Returns undefined when the source parses and uses only allowed constructs, else a message saying what is wrong. */
export function checkExpressionSyntax(source: string): string | undefined {
  void source;
  throw new Error('not implemented');
}

/** Evaluates an expression against variables; never throws for missing data (yields ''). Throws ExpressionError for bad operations. */
export function evaluateExpression(source: string, variables: Record<string, unknown>, env: ExpressionEnv): unknown {
  void source;
  void variables;
  void env;
  throw new Error('not implemented');
}

/** How an evaluated value is shown as text: '' for null/undefined, numbers without exponent noise, etc. */
export function toDisplayString(value: unknown): string {
  void value;
  throw new Error('not implemented');
}

/** Truthiness for `condition`: like JavaScript ('' , 0, null, undefined, false, NaN are false). */
export function isTruthy(value: unknown): boolean {
  return Boolean(value);
}
