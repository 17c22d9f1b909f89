// The data fields an expression reads, as dotted paths ("shipTo.name"), so a record that leaves one empty can be named.
import type jsep from 'jsep';
import { checkExpressionSyntax, compileExpression } from './checkSyntax';

/** The dotted path of a chain of plain names (a.b.c); undefined when some step is computed or not a name. */
function chainPath(node: jsep.Expression): string | undefined {
  if (node.type === 'Identifier') return (node as jsep.Identifier).name;
  if (node.type !== 'MemberExpression') return undefined;
  const member = node as jsep.MemberExpression;
  if (member.computed) return undefined;
  const head = chainPath(member.object);
  return head === undefined ? undefined : `${head}.${(member.property as jsep.Identifier).name}`;
}

function collect(node: jsep.Expression, paths: Set<string>): void {
  const path = chainPath(node);
  if (path !== undefined) {
    paths.add(path);
    return;
  }
  const expression = node as jsep.CoreExpression;
  switch (expression.type) {
    case 'MemberExpression':
      collect(expression.object, paths);
      if (expression.computed) collect(expression.property, paths);
      return;
    case 'CallExpression':
      // The callee is a helper's name, not a field.
      for (const argument of expression.arguments) collect(argument, paths);
      return;
    case 'UnaryExpression':
      collect(expression.argument, paths);
      return;
    case 'BinaryExpression':
      collect(expression.left, paths);
      collect(expression.right, paths);
      return;
    case 'ConditionalExpression':
      for (const part of [expression.test, expression.consequent, expression.alternate]) collect(part, paths);
      return;
    case 'ArrayExpression':
      for (const item of expression.elements) if (item) collect(item, paths);
      return;
    default:
      // Literals, and counter()'s literal options: no data read.
      return;
  }
}

/**
 * Fields of the data an expression reads, as dotted paths from the data's root. `root` names the variable that is the
 * data itself: its paths lose that first step ("data.lot" is "lot"); other top-level names are fields only when
 * `topLevelFields` (contentExpression sees the data's keys as variables, content.expression sees `data` alone).
 */
export function dataPaths(
  source: string,
  { root, topLevelFields }: { root: string; topLevelFields: boolean },
): string[] {
  const paths = new Set<string>();
  // An expression that does not compile reads nothing: evaluating it reports why.
  if (checkExpressionSyntax(source) !== undefined) return [];
  collect(compileExpression(source), paths);
  const fields: string[] = [];
  for (const path of paths) {
    if (path === root) continue;
    if (path.startsWith(`${root}.`)) fields.push(path.slice(root.length + 1));
    else if (topLevelFields) fields.push(path);
  }
  return fields;
}
