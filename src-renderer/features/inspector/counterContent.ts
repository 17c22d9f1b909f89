// A serial number as content: the counter control's fields, the counter() expression they write, and reading that expression back.

/** What the counter control edits; `name` as the person typed it (the template's scope is added when written). */
export interface CounterSetup {
  name: string;
  start: number;
  step: number;
  /** Fewest digits, with leading zeros; 0: none. */
  pad: number;
  /** Text before the number ("SN-"). */
  prefix: string;
  /** Counted for this template alone: its slug is put before the name, so other templates' counters of the name are others. */
  perTemplate: boolean;
}

export const NEW_COUNTER: CounterSetup = { name: 'serial', start: 1, step: 1, pad: 6, prefix: '', perTemplate: false };

const quote = (text: string): string => JSON.stringify(text);

/** The counter's stored name: the template's slug before it when counted per template. */
export function counterName(setup: CounterSetup, slug: string | null): string {
  return setup.perTemplate && slug ? `${slug}/${setup.name}` : setup.name;
}

/** The expression the control writes: `"SN-" + counter("serial", {start: 1, step: 1, pad: 6})`. */
export function counterExpression(setup: CounterSetup, slug: string | null): string {
  const call = `counter(${quote(counterName(setup, slug))}, {start: ${setup.start}, step: ${setup.step}, pad: ${setup.pad}})`;
  return setup.prefix === '' ? call : `${quote(setup.prefix)} + ${call}`;
}

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
const WRITTEN = new RegExp(String.raw`^\s*(?:${STRING}\s*\+\s*)?counter\(\s*${STRING}\s*(?:,\s*\{([^}]*)\})?\s*\)\s*$`);

/** The setup an expression was written from, or undefined when it is any other expression (the control then leaves it alone). */
export function readCounterExpression(source: string, slug: string | null): CounterSetup | undefined {
  const match = WRITTEN.exec(source);
  if (!match) return undefined;
  const options: Record<string, number> = { start: 1, step: 1, pad: 0 };
  for (const part of (match[3] ?? '').split(',')) {
    if (part.trim() === '') continue;
    const option = /^\s*(start|step|pad)\s*:\s*(-?\d+)\s*$/.exec(part);
    if (!option?.[1] || option[2] === undefined) return undefined;
    options[option[1]] = Number(option[2]);
  }
  const stored = JSON.parse(`"${match[2] ?? ''}"`) as string;
  const perTemplate = slug !== null && stored.startsWith(`${slug}/`);
  return {
    name: perTemplate ? stored.slice(slug.length + 1) : stored,
    start: options.start ?? 1,
    step: options.step ?? 1,
    pad: options.pad ?? 0,
    prefix: match[1] === undefined ? '' : (JSON.parse(`"${match[1]}"`) as string),
    perTemplate,
  };
}

/** The value the next label shows, as the canvas, the preview and the printer show it: `next` is the store's next value (undefined: the start). */
export function nextCounterText(setup: CounterSetup, next: number | undefined): string {
  const value = Math.max(next ?? setup.start, setup.start);
  return `${setup.prefix}${setup.pad > 0 ? String(value).padStart(setup.pad, '0') : value}`;
}
