// The one module that uses jsep. Its operator and plugin tables are process-global, so we keep its defaults (ternary and
// array literals are core since jsep 1.x) plus one plugin, and narrow what is allowed in checkSyntax. The object plugin
// parses counter()'s options, {start: 1001, pad: 6}; checkSyntax refuses objects anywhere else.
import jsepObject from '@jsep-plugin/object';
import jsep from 'jsep';
import { MAX_NESTING } from './limits';

// Registering is idempotent (by plugin name), and only adds syntax that used to be an error.
jsep.plugins.register(jsepObject);

export type ParseResult = { ast: jsep.Expression; problem?: undefined } | { ast?: undefined; problem: string };

/**
 * Index of the first bracket opened past MAX_NESTING levels, outside string literals. jsep recurses once per bracket,
 * so this bounds its stack use before it runs, whatever the stack size of the thread.
 */
function findTooDeepBracket(source: string): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quote !== undefined) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '(' || char === '[' || char === '{') {
      depth += 1;
      if (depth > MAX_NESTING) return index;
    } else if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
    }
  }
  return undefined;
}

/** Parses with jsep; a syntax error comes back as jsep's message, which says where ("Unexpected ")" at character 7"). */
export function parseExpression(source: string): ParseResult {
  const tooDeep = findTooDeepBracket(source);
  if (tooDeep !== undefined)
    return { problem: `brackets nested deeper than ${MAX_NESTING} levels at character ${tooDeep}` };
  try {
    return { ast: jsep(source) };
  } catch (error) {
    // Long chains of unary operators recurse too; on a small stack (a worker thread) that can still exhaust it.
    if (error instanceof RangeError) return { problem: 'expression is nested too deeply' };
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
