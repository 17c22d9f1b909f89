// Public API of the expression language: syntax check, evaluation, and how values show as text and truth.
export type { ExpressionEnv } from './env';
export { ExpressionError } from './expressionError';
export { checkExpressionSyntax } from './checkSyntax';
export { dataPaths } from './dataPaths';
export { evaluateExpression } from './evaluate';
export { readMember } from './members';
export { isMissing, isTruthy, toDisplayString } from './values';
export { MAX_RESULT_LENGTH, MAX_SOURCE_LENGTH } from './limits';
