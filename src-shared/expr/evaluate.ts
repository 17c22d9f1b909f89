// The interpreter: walks a checked syntax tree over the variables with allow-listed operators and helpers; bounded work.
import type jsep from 'jsep';
import { compileExpression } from './checkSyntax';
import type { ExpressionEnv } from './env';
import { ExpressionError } from './expressionError';
import { HELPERS } from './helpers';
import { MAX_STEPS, checkResultLength } from './limits';
import { readMember } from './members';
import { BINARY_OPERATORS, UNARY_OPERATORS, ownEntry } from './operators';
import { isTruthy, toDisplayString } from './values';

interface Evaluation {
  variables: Record<string, unknown>;
  env: ExpressionEnv;
  steps: number;
}

function spend(evaluation: Evaluation, steps: number): void {
  evaluation.steps += steps;
  if (evaluation.steps > MAX_STEPS) throw new ExpressionError(`expression needs more than ${MAX_STEPS} steps`);
}

/** Lookup in a table the syntax check already allowed; failing here means the check and the evaluator disagree. */
function allowed<T>(table: Readonly<Record<string, T>>, key: string): T {
  const entry = ownEntry(table, key);
  if (entry === undefined) throw new ExpressionError(`"${key}" is not allowed`);
  return entry;
}

function callHelper(node: jsep.CallExpression, evaluation: Evaluation): unknown {
  const helper = allowed(HELPERS, (node.callee as jsep.Identifier).name);
  const args = node.arguments.map((argument) => evaluateNode(argument, evaluation));
  // Lists from the data are the only unbounded input a helper walks; their items count as steps.
  for (const arg of args) if (Array.isArray(arg)) spend(evaluation, arg.length);
  return helper.run(evaluation.env, ...args);
}

function evaluateBinary(node: jsep.BinaryExpression, evaluation: Evaluation): unknown {
  const left = evaluateNode(node.left, evaluation);
  if (node.operator === '&&') return isTruthy(left) ? evaluateNode(node.right, evaluation) : left;
  if (node.operator === '||') return isTruthy(left) ? left : evaluateNode(node.right, evaluation);
  return allowed(BINARY_OPERATORS, node.operator)(left, evaluateNode(node.right, evaluation));
}

interface ObjectExpression extends jsep.Expression {
  properties: { key: jsep.Expression; value: jsep.Expression }[];
}

/** A null-prototype object, so an option named like an Object.prototype member is just a key. */
function evaluateObject(node: ObjectExpression, evaluation: Evaluation): Record<string, unknown> {
  const object = Object.create(null) as Record<string, unknown>;
  for (const { key, value } of node.properties) {
    const name = key.type === 'Identifier' ? (key as jsep.Identifier).name : String((key as jsep.Literal).value);
    object[name] = evaluateNode(value, evaluation);
  }
  return object;
}

function evaluateKind(node: jsep.Expression, evaluation: Evaluation): unknown {
  // Only counter()'s options get here (checkSyntax): literal values under plain names.
  if (node.type === 'ObjectExpression') return evaluateObject(node as ObjectExpression, evaluation);
  const expression = node as jsep.CoreExpression;
  switch (expression.type) {
    case 'Literal':
      return expression.value;
    case 'Identifier':
      return readMember(evaluation.variables, expression.name);
    case 'MemberExpression': {
      const target = evaluateNode(expression.object, evaluation);
      const key = expression.computed
        ? evaluateNode(expression.property, evaluation)
        : (expression.property as jsep.Identifier).name;
      return readMember(target, key);
    }
    case 'CallExpression':
      return callHelper(expression, evaluation);
    case 'UnaryExpression':
      return allowed(UNARY_OPERATORS, expression.operator)(evaluateNode(expression.argument, evaluation));
    case 'BinaryExpression':
      return evaluateBinary(expression, evaluation);
    case 'ConditionalExpression':
      return isTruthy(evaluateNode(expression.test, evaluation))
        ? evaluateNode(expression.consequent, evaluation)
        : evaluateNode(expression.alternate, evaluation);
    case 'ArrayExpression':
      // The syntax check refused holes, so every item is a node.
      return expression.elements.map((item) => (item === null ? undefined : evaluateNode(item, evaluation)));
    default:
      throw new ExpressionError(`${node.type} is not allowed`);
  }
}

function evaluateNode(node: jsep.Expression, evaluation: Evaluation): unknown {
  spend(evaluation, 1);
  const value = evaluateKind(node, evaluation);
  // Every text any step produces or reads is bounded, not just the final result.
  if (typeof value === 'string') checkResultLength(value.length);
  return value;
}

/**
 * Evaluates an expression against variables (a plain object: its own keys are the identifiers). Missing data yields ''
 * and never throws; ExpressionError is thrown for invalid syntax, wrong helper arguments and exceeded limits.
 */
export function evaluateExpression(source: string, variables: Record<string, unknown>, env: ExpressionEnv): unknown {
  const result = evaluateNode(compileExpression(source), { variables, env, steps: 0 });
  // The caller shows the result with toDisplayString outside this call; a list too big to show must fail here, as an
  // error of this expression, rather than there.
  if (Array.isArray(result)) toDisplayString(result);
  return result;
}
