// counter("name", {start, step, pad}) as written: a literal name and literal options, read from the syntax tree so a render knows its counters before it runs.
import type jsep from 'jsep';

/** How a named counter counts and shows: values start, start + step, ...; shown with at least `pad` digits. */
export interface CounterOptions {
  start: number;
  step: number;
  pad: number;
}

export const COUNTER_DEFAULTS: Readonly<CounterOptions> = Object.freeze({ start: 1, step: 1, pad: 0 });

/**
 * Bounds of each option. Values stay well inside exact integers (2^53) after many reservations; a pad past 30 digits
 * would only print zeros.
 */
export const COUNTER_LIMITS: Readonly<Record<keyof CounterOptions, { min: number; max: number }>> = Object.freeze({
  start: { min: 0, max: 1e15 },
  step: { min: 1, max: 1e9 },
  pad: { min: 0, max: 30 },
});

/** Counter names: letters, digits and _ . - (starting with a letter or digit), up to 64 characters. */
export const COUNTER_NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

export interface CounterCall {
  name: string;
  options: CounterOptions;
}

export type CounterCallReading = { call: CounterCall; problem?: undefined } | { call?: undefined; problem: string };

const OPTION_NAMES = Object.keys(COUNTER_DEFAULTS) as (keyof CounterOptions)[];

interface ObjectExpression extends jsep.Expression {
  type: 'ObjectExpression';
  properties: jsep.Expression[];
}

interface Property extends jsep.Expression {
  type: 'Property';
  computed: boolean;
  shorthand: boolean;
  key: jsep.Expression;
  value?: jsep.Expression;
}

function propertyName(property: Property): string | undefined {
  if (property.computed || property.shorthand) return undefined;
  const { key } = property;
  if (key.type === 'Identifier') return (key as jsep.Identifier).name;
  if (key.type === 'Literal' && typeof (key as jsep.Literal).value === 'string')
    return (key as jsep.Literal).value as string;
  return undefined;
}

function readOptions(node: jsep.Expression): { options: CounterOptions; problem?: undefined } | { problem: string } {
  if (node.type !== 'ObjectExpression')
    return { problem: 'counter: options must be written as {start: 1, step: 1, pad: 6}' };
  const options: CounterOptions = { ...COUNTER_DEFAULTS };
  const seen = new Set<string>();
  for (const property of (node as ObjectExpression).properties) {
    const name = property.type === 'Property' ? propertyName(property as Property) : undefined;
    if (name === undefined || !(OPTION_NAMES as string[]).includes(name)) {
      return { problem: `counter: options may only be ${OPTION_NAMES.join(', ')}, each written as name: number` };
    }
    if (seen.has(name)) return { problem: `counter: option ${name} is given twice` };
    seen.add(name);
    const key = name as keyof CounterOptions;
    const { min, max } = COUNTER_LIMITS[key];
    const value = (property as Property).value;
    const number = value?.type === 'Literal' ? (value as jsep.Literal).value : undefined;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
      return { problem: `counter: ${key} must be a whole number from ${min} to ${max}, written as a number` };
    }
    options[key] = number;
  }
  return { options };
}

/**
 * The name and options of a counter() call, or why they are not literals: a render reserves each counter's values
 * before any expression runs, so what a call counts cannot depend on the data.
 */
export function readCounterCall(node: jsep.CallExpression): CounterCallReading {
  const [nameNode, optionsNode, ...rest] = node.arguments;
  const name = nameNode?.type === 'Literal' ? (nameNode as jsep.Literal).value : undefined;
  if (typeof name !== 'string' || !COUNTER_NAME.test(name)) {
    return { problem: 'counter: the name must be literal text of letters, digits and _ . - such as "parcel"' };
  }
  if (rest.length > 0) return { problem: `counter expects 1 to 2 argument(s), got ${node.arguments.length}` };
  if (optionsNode === undefined) return { call: { name, options: { ...COUNTER_DEFAULTS } } };
  const read = readOptions(optionsNode);
  return read.problem === undefined ? { call: { name, options: read.options } } : { problem: read.problem };
}

function isNode(value: unknown): value is jsep.Expression {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Every counter() call in a checked syntax tree, in source order (checked trees are at most MAX_NESTING deep). */
export function counterCallsIn(node: jsep.Expression): CounterCall[] {
  const calls: CounterCall[] = [];
  const visit = (current: jsep.Expression): void => {
    if (current.type === 'CallExpression') {
      const call = current as jsep.CallExpression;
      if (call.callee.type === 'Identifier' && (call.callee as jsep.Identifier).name === 'counter') {
        const reading = readCounterCall(call);
        if (reading.call) calls.push(reading.call);
        return;
      }
    }
    for (const child of Object.values(current)) {
      if (Array.isArray(child)) child.filter(isNode).forEach(visit);
      else if (isNode(child)) visit(child);
    }
  };
  visit(node);
  return calls;
}

/** Options of an evaluated counter() call; the syntax check already held them to COUNTER_LIMITS. */
export function counterOptionsOf(value: unknown): CounterOptions {
  const options: CounterOptions = { ...COUNTER_DEFAULTS };
  if (typeof value !== 'object' || value === null) return options;
  for (const key of OPTION_NAMES) {
    const option = (value as Record<string, unknown>)[key];
    if (typeof option === 'number') options[key] = option;
  }
  return options;
}
