// What an expression field shows as you type: its syntax error, or its value with the selected record bound as the canvas binds it; and field-name completion.
import { checkExpressionSyntax, evaluateExpression, isTruthy, toDisplayString, type ExpressionEnv } from '@shared/expr';
import { HELPERS } from '@shared/expr/helpers';
import type { LabelData } from '@shared/layout/layoutLabel';
import { promptSchema, withPromptValues, type Prompt, type PromptDraft } from '@shared/model/prompts';

/**
 * Which names an expression sees, as the layout binds them: `content.expression` sees only `data`; `contentExpression`
 * and `condition` see the data's top-level keys as names, and `data` too.
 */
export type ExpressionScope = 'data' | 'fields';

export type ExpressionPreview =
  | { kind: 'empty' }
  | { kind: 'error'; message: string }
  | { kind: 'value'; value: unknown; text: string; truthy: boolean };

/** The variables the layout would give the expression (a null-prototype object, like the layout's own). */
export function variablesFor(data: Record<string, unknown>, scope: ExpressionScope): Record<string, unknown> {
  return scope === 'data' ? { data } : Object.assign(Object.create(null) as Record<string, unknown>, data, { data });
}

export const LIVE_ENV: ExpressionEnv = { now: () => new Date() };

/**
 * The record as the canvas's layout binds it (layoutLabel's withPromptValues): each prompt's default where the record
 * leaves its field empty, its value typed as the prompt says; a value the prompt cannot take is the problem every
 * element of the canvas then shows. Prompts still being typed (invalid) are left out, as the canvas waits for them.
 */
export function canvasRecord(
  prompts: readonly PromptDraft[] | undefined,
  record: LabelData,
): { data: LabelData } | { data: LabelData; problem: string } {
  const valid = (prompts ?? []).flatMap((prompt): Prompt[] => {
    const parsed = promptSchema.safeParse(prompt);
    return parsed.success ? [parsed.data] : [];
  });
  try {
    return { data: withPromptValues(valid, record) };
  } catch (error) {
    return { data: record, problem: error instanceof Error ? error.message : String(error) };
  }
}

export function previewExpression(
  source: string,
  data: Record<string, unknown>,
  scope: ExpressionScope,
  env: ExpressionEnv = LIVE_ENV,
): ExpressionPreview {
  if (source.trim() === '') return { kind: 'empty' };
  const problem = checkExpressionSyntax(source);
  if (problem !== undefined) return { kind: 'error', message: problem };
  try {
    const value = evaluateExpression(source, variablesFor(data, scope), env);
    return { kind: 'value', value, text: toDisplayString(value), truthy: isTruthy(value) };
  } catch (error) {
    return {
      kind: 'error',
      message: error instanceof Error ? error.message.replace(/^invalid expression: /, '') : String(error),
    };
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The data's field paths as an expression would write them: `name`, `customer.city`, `items[0].sku` (in the `data`
 * scope: `data.name`...). Keys that are not names are written `data["first name"]`. Breadth first, at most `max`.
 */
export function fieldPaths(data: Record<string, unknown>, scope: ExpressionScope, max = 200, maxDepth = 4): string[] {
  const paths: string[] = [];
  const queue: { value: unknown; path: string; depth: number }[] = [];
  for (const [key, value] of Object.entries(data)) {
    const path =
      scope === 'fields' && IDENTIFIER.test(key)
        ? key
        : IDENTIFIER.test(key)
          ? `data.${key}`
          : `data[${JSON.stringify(key)}]`;
    queue.push({ value, path, depth: 1 });
  }
  while (queue.length > 0 && paths.length < max) {
    const next = queue.shift();
    if (!next) break;
    paths.push(next.path);
    if (next.depth >= maxDepth) continue;
    if (isPlainObject(next.value)) {
      for (const [key, value] of Object.entries(next.value)) {
        queue.push({
          value,
          path: IDENTIFIER.test(key) ? `${next.path}.${key}` : `${next.path}[${JSON.stringify(key)}]`,
          depth: next.depth + 1,
        });
      }
    } else if (Array.isArray(next.value) && next.value.length > 0) {
      // The first item stands for all: lists of records are alike.
      queue.push({ value: next.value[0], path: `${next.path}[0]`, depth: next.depth + 1 });
    }
  }
  return paths;
}

/**
 * What the field completes from: the data's paths as the scope writes them, and where top-level names are fields,
 * their `data.` spellings after them, so typing `data.` completes too.
 */
export function completionPaths(data: Record<string, unknown>, scope: ExpressionScope): string[] {
  return scope === 'data' ? fieldPaths(data, 'data') : [...fieldPaths(data, 'fields'), ...fieldPaths(data, 'data')];
}

export interface Completion {
  /** The range of `source` a chosen option replaces. */
  from: number;
  to: number;
  options: string[];
}

/** Inside a '…' or "…" literal at `cursor`? (Field names are not completed there.) */
function insideString(before: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < before.length; i++) {
    const char = before[i];
    if (quote !== null && char === '\\') i++;
    else if (quote !== null && char === quote) quote = null;
    else if (quote === null && (char === '"' || char === "'")) quote = char;
  }
  return quote !== null;
}

const HELPER_NAMES = Object.keys(HELPERS).sort();

/** Field paths (and helper names, as `name(`) that continue the name being typed at `cursor`; at most `limit`. */
export function completeAt(source: string, cursor: number, fields: readonly string[], limit = 8): Completion {
  const before = source.slice(0, cursor);
  if (insideString(before)) return { from: cursor, to: cursor, options: [] };
  const typed = /[A-Za-z_$][\w$]*(?:(?:\.[A-Za-z_$][\w$]*)|(?:\[\d+\]))*\.?$/.exec(before)?.[0] ?? '';
  // A name right after a dot that follows something else (say `)` or a literal) is not a data path.
  if (typed === '' && before.endsWith('.')) return { from: cursor, to: cursor, options: [] };
  const from = cursor - typed.length;
  const to = cursor + (/^[\w$]*/.exec(source.slice(cursor))?.[0].length ?? 0);
  const needle = typed.toLowerCase();
  const fieldOptions = fields.filter((path) => path.toLowerCase().startsWith(needle) && path !== typed);
  const helperOptions =
    typed.includes('.') || typed === ''
      ? []
      : HELPER_NAMES.filter((name) => name.toLowerCase().startsWith(needle)).map((name) => `${name}(`);
  return { from, to, options: [...fieldOptions, ...helperOptions].slice(0, limit) };
}

/** The source with `option` put in place of the completed range, and where the cursor goes. */
export function applyCompletion(
  source: string,
  completion: Completion,
  option: string,
): { text: string; cursor: number } {
  const text = `${source.slice(0, completion.from)}${option}${source.slice(completion.to)}`;
  return { text, cursor: completion.from + option.length };
}
