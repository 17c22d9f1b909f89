// The allow-list of syntax: which constructs, operators, names and helpers an expression may use, checked once per source.
import type jsep from 'jsep';
import { LRUCache } from 'lru-cache';
import { readCounterCall } from './counterCall';
import { ExpressionError } from './expressionError';
import type { HelperSpec } from './helperSpec';
import { HELPERS } from './helpers';
import { FORBIDDEN_NAMES, MAX_NESTING, MAX_SOURCE_LENGTH } from './limits';
import { BINARY_OPERATORS, LOGICAL_OPERATORS, UNARY_OPERATORS, ownEntry } from './operators';
import { parseExpression, type ParseResult } from './parseExpression';

function nameProblem(name: string): string | undefined {
  return FORBIDDEN_NAMES.has(name) ? `name "${name}" is not allowed` : undefined;
}

function firstProblem(nodes: readonly jsep.Expression[], depth: number): string | undefined {
  for (const node of nodes) {
    const problem = problemIn(node, depth);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function memberProblem(node: jsep.MemberExpression, depth: number): string | undefined {
  const { property } = node;
  if (!node.computed) {
    // jsep parses the name after a dot as an Identifier.
    const problem = nameProblem((property as jsep.Identifier).name);
    if (problem !== undefined) return problem;
    return problemIn(node.object, depth + 1);
  }
  // A computed name known now is refused now; one computed from data is refused when it is read (readMember).
  if (property.type === 'Literal' && typeof property.value === 'string') {
    const problem = nameProblem(property.value);
    if (problem !== undefined) return problem;
  }
  return firstProblem([node.object, property], depth + 1);
}

function arityText(helper: HelperSpec): string {
  if (helper.maxArgs === Infinity) return `at least ${helper.minArgs}`;
  return helper.minArgs === helper.maxArgs ? String(helper.minArgs) : `${helper.minArgs} to ${helper.maxArgs}`;
}

function callProblem(node: jsep.CallExpression, depth: number): string | undefined {
  if (node.callee.type !== 'Identifier') {
    return 'only helper functions can be called, as name(arguments); methods such as "abc".toUpperCase() are not available';
  }
  const { name } = node.callee as jsep.Identifier;
  const helper = ownEntry(HELPERS, name);
  if (helper === undefined) return `unknown function ${name}`;
  const count = node.arguments.length;
  if (count < helper.minArgs || count > helper.maxArgs)
    return `${name} expects ${arityText(helper)} argument(s), got ${count}`;
  // Its arguments are literals (readCounterCall says so or why not): nothing in them to check further.
  if (name === 'counter') return readCounterCall(node).problem;
  return firstProblem(node.arguments, depth + 1);
}

function problemIn(node: jsep.Expression, depth: number): string | undefined {
  if (depth > MAX_NESTING) return `expression is nested deeper than ${MAX_NESTING} levels`;
  // The object plugin's node, outside jsep's core types: allowed only as counter()'s options, checked in callProblem.
  if (node.type === 'ObjectExpression')
    return 'objects ({...}) are only allowed as the options of counter(), as in counter("parcel", {pad: 6})';
  const expression = node as jsep.CoreExpression;
  switch (expression.type) {
    case 'Literal': {
      const { value } = expression;
      const allowed =
        value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
      return allowed ? undefined : `literal ${expression.raw} is not allowed`;
    }
    case 'Identifier':
      return nameProblem(expression.name);
    case 'MemberExpression':
      return memberProblem(expression, depth);
    case 'CallExpression':
      return callProblem(expression, depth);
    case 'UnaryExpression':
      if (ownEntry(UNARY_OPERATORS, expression.operator) === undefined)
        return `operator ${expression.operator} is not allowed`;
      return problemIn(expression.argument, depth + 1);
    case 'BinaryExpression':
      if (
        ownEntry(BINARY_OPERATORS, expression.operator) === undefined &&
        !LOGICAL_OPERATORS.has(expression.operator)
      ) {
        return `operator ${expression.operator} is not allowed`;
      }
      return firstProblem([expression.left, expression.right], depth + 1);
    case 'ConditionalExpression':
      return firstProblem([expression.test, expression.consequent, expression.alternate], depth + 1);
    case 'ArrayExpression': {
      const items = expression.elements.filter((item) => item !== null);
      if (items.length < expression.elements.length) return 'empty items in a list, as in [1,,2], are not allowed';
      return firstProblem(items, depth + 1);
    }
    case 'Compound':
      // jsep's Compound holds expressions written side by side: "a b", "a; b", "new Foo()", "typeof x".
      if (expression.body.length === 0) return 'expression is empty';
      return `expected one expression, found ${expression.body.length} side by side (separated by spaces, commas or semicolons)`;
    case 'SequenceExpression':
      return 'comma-separated sequences are not allowed';
    case 'ThisExpression':
      return '"this" is not allowed';
    default:
      // Node types a jsep plugin registered elsewhere in the process might produce (regex, arrow functions, objects...).
      return `${node.type} is not allowed`;
  }
}

/** Outcomes of checking, by source text: templates repeat the same few expressions for every label. */
const compiled = new LRUCache<string, ParseResult>({ max: 1000 });

function compile(source: string): ParseResult {
  if (typeof source !== 'string') return { problem: 'expression must be text' };
  if (source.length > MAX_SOURCE_LENGTH)
    return { problem: `expression is longer than ${MAX_SOURCE_LENGTH} characters` };
  const cached = compiled.get(source);
  if (cached !== undefined) return cached;
  const parsed = parseExpression(source);
  const problem = parsed.ast === undefined ? parsed.problem : problemIn(parsed.ast, 1);
  const result: ParseResult = problem === undefined ? parsed : { problem };
  compiled.set(source, result);
  return result;
}

/** Undefined when the source parses and uses only allowed constructs, else a message saying what is wrong (and where, for syntax errors). */
export function checkExpressionSyntax(source: string): string | undefined {
  return compile(source).problem;
}

/** The checked syntax tree of a source, or ExpressionError saying what is wrong with it. */
export function compileExpression(source: string): jsep.Expression {
  const result = compile(source);
  if (result.ast === undefined) throw new ExpressionError(`invalid expression: ${result.problem}`);
  return result.ast;
}
