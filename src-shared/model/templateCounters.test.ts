import { describe, expect, it } from 'vitest';
import { validateTemplate } from './template';
import { templateCounters } from './templateCounters';

const text = (id: string, fields: Record<string, unknown>): Record<string, unknown> => ({
  id,
  type: 'text',
  position: { mode: 'absolute', x: '1mm', y: '1mm' },
  width: '40mm',
  height: '8mm',
  ...fields,
});

const template = (elements: unknown[]) => ({
  formatVersion: 1,
  meta: { name: 'Counters' },
  dimensions: { width: '50mm', height: '30mm' },
  elements,
});

describe('templateCounters', () => {
  it('finds the counters of every expression field, with their options', () => {
    const found = templateCounters(
      template([
        text('a', { content: { expression: '"P" + counter("parcel", {start: 1000, pad: 6})' } }),
        text('b', {
          contentExpression: 'counter("box", {step: 2})',
          condition: 'counter("parcel", {start: 1000, pad: 6}) > 0',
        }),
        text('c', { content: { text: 'counter("literal text is not an expression")' } }),
      ]),
    );
    expect(found).toEqual({
      counters: { parcel: { start: 1000, step: 1, pad: 6 }, box: { start: 1, step: 2, pad: 0 } },
      errors: [],
    });
  });

  it('finds nothing in templates without counters, and in input that is no template', () => {
    expect(templateCounters(template([text('a', { contentExpression: 'upper(name)' })])).counters).toEqual({});
    for (const input of [
      null,
      'x',
      {},
      { elements: 'no' },
      { elements: [null, 3, { contentExpression: 'counter(' }] },
    ]) {
      expect(templateCounters(input)).toEqual({ counters: {}, errors: [] });
    }
  });

  it('makes a counter used with two different options an INVALID_TEMPLATE error at the second use', () => {
    const input = template([
      text('a', { contentExpression: 'counter("parcel", {pad: 6})' }),
      text('b', { contentExpression: 'counter("parcel", {pad: 8})' }),
    ]);
    const result = validateTemplate(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual([
      {
        path: 'elements[1].contentExpression',
        message:
          'counter "parcel" is used with {start: 1, step: 1, pad: 8} here but with {start: 1, step: 1, pad: 6} at elements[0].contentExpression: use the same options everywhere',
      },
    ]);
  });

  it('makes a counter whose name or options are not literals an INVALID_TEMPLATE error with the element path', () => {
    const result = validateTemplate(
      template([text('a', {}), text('b', { content: { expression: 'counter(data.name)' } })]),
    );
    expect(result.ok ? [] : result.errors).toEqual([
      {
        path: 'elements[1].content.expression',
        message:
          'invalid expression: counter: the name must be literal text of letters, digits and _ . - such as "parcel"',
      },
    ]);
  });
});
