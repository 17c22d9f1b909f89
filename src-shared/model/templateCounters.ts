// The named counters a template uses, found by reading its expressions (not running them), so a render can reserve their values first.
import { compileExpression } from '../expr/checkSyntax';
import { counterCallsIn, type CounterOptions } from '../expr/counterCall';
import type { ErrorDetail } from '../errors';

export interface TemplateCounters {
  /** Each counter the template uses, by name, with the options it is used with. */
  counters: Record<string, CounterOptions>;
  /** A counter used with different options in two places: which step would a reservation take? */
  errors: ErrorDetail[];
}

/** The element fields that hold expressions, as paths from the element. */
const EXPRESSION_FIELDS: readonly (readonly string[])[] = [
  ['content', 'expression'],
  ['contentExpression'],
  ['condition'],
];

function fieldAt(element: unknown, path: readonly string[]): unknown {
  let value = element;
  for (const key of path)
    value =
      typeof value === 'object' && value !== null && Object.hasOwn(value, key)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  return value;
}

const sameOptions = (a: CounterOptions, b: CounterOptions): boolean =>
  a.start === b.start && a.step === b.step && a.pad === b.pad;

function describeOptions({ start, step, pad }: CounterOptions): string {
  return `{start: ${start}, step: ${step}, pad: ${pad}}`;
}

/**
 * The counters of a template, validated or not (the server reads them off a request's template before a render
 * thread validates it). Expressions that do not parse are skipped: they are the template validation's to report.
 */
export function templateCounters(template: unknown): TemplateCounters {
  const counters: Record<string, CounterOptions> = Object.create(null) as Record<string, CounterOptions>;
  const firstUse: Record<string, string> = Object.create(null) as Record<string, string>;
  const errors: ErrorDetail[] = [];
  const elements = fieldAt(template, ['elements']);
  if (!Array.isArray(elements)) return { counters, errors };
  elements.forEach((element, index) => {
    for (const field of EXPRESSION_FIELDS) {
      const source = fieldAt(element, field);
      // The common case, a template without counters, costs a substring search per expression.
      if (typeof source !== 'string' || !source.includes('counter')) continue;
      let calls;
      try {
        calls = counterCallsIn(compileExpression(source));
      } catch {
        continue;
      }
      const path = `elements[${index}].${field.join('.')}`;
      for (const { name, options } of calls) {
        const known = counters[name];
        if (known === undefined) {
          counters[name] = options;
          firstUse[name] = path;
        } else if (!sameOptions(known, options)) {
          errors.push({
            path,
            message: `counter "${name}" is used with ${describeOptions(options)} here but with ${describeOptions(known)} at ${firstUse[name]}: use the same options everywhere`,
          });
        }
      }
    }
  });
  return { counters, errors };
}
