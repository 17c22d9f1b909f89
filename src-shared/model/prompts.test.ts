import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../errors';
import { validateTemplate } from './template';
import { promptProblems, withPromptValues, type Prompt } from './prompts';

const prompts: Prompt[] = [
  { name: 'lot', label: 'Lot number', type: 'text', default: 'L-0' },
  { name: 'packed.on', label: 'Packed on', type: 'date' },
  { name: 'boxes', label: 'Boxes', type: 'number', default: '1' },
];

describe('prompted fields', () => {
  it('fills a missing or empty value with its default and types numbers; given values win', () => {
    expect(withPromptValues(prompts, { name: 'x', lot: '' })).toEqual({ name: 'x', lot: 'L-0', boxes: 1 });
    expect(withPromptValues(prompts, { lot: 'L-9', boxes: '12', packed: { on: '2026-11-26', by: 'Ann' } })).toEqual({
      lot: 'L-9',
      boxes: 12,
      packed: { on: '2026-11-26', by: 'Ann' },
    });
    const data = { any: 1 };
    expect(withPromptValues(undefined, data)).toBe(data);
  });

  it('refuses a value of the wrong type, naming the field and its label', () => {
    const refusal = (data: Record<string, unknown>) => {
      try {
        withPromptValues(prompts, data);
      } catch (error) {
        if (error instanceof BadRequestError) return [error.message, error.details];
      }
      return undefined;
    };
    expect(refusal({ boxes: 'two' })).toEqual([
      'prompted field "boxes" (Boxes): must be a number, got "two"',
      { errors: [{ path: 'data.boxes', message: 'prompted field "boxes" (Boxes): must be a number, got "two"' }] },
    ]);
    expect(refusal({ packed: { on: '2026-02-30' } })?.[0]).toBe(
      'prompted field "packed.on" (Packed on): must be a date as YYYY-MM-DD, got "2026-02-30"',
    );
  });

  it('is part of the template: names are field paths, the type defaults to text', () => {
    const base = { formatVersion: 1, meta: { name: 't' }, dimensions: { width: '50mm', height: '30mm' }, elements: [] };
    const valid = validateTemplate({ ...base, prompts: [{ name: 'lot', label: 'Lot' }] });
    expect(valid.ok && valid.template.prompts).toEqual([{ name: 'lot', label: 'Lot', type: 'text' }]);
    const invalid = validateTemplate({
      ...base,
      prompts: [
        { name: 'a b', label: '' },
        { name: '__proto__.x', label: 'x', type: 'colour' },
      ],
    });
    expect(invalid.ok ? [] : invalid.errors.map((error) => error.path)).toEqual([
      'prompts[0].name',
      'prompts[0].label',
      'prompts[1].name',
      'prompts[1].type',
    ]);
  });

  it('says in words what is wrong with each prompt as typed: a bad or repeated name, an empty label, a default not of its type', () => {
    expect(promptProblems(prompts)).toEqual([]);
    expect(
      promptProblems([
        { name: 'lot', label: 'Lot' },
        { name: 'lot', label: '' },
        { name: 'lot number', label: 'Lot number' },
        { name: 'boxes', label: 'Boxes', type: 'number', default: 'two' },
        { name: 'packed', label: 'Packed', type: 'date', default: '26.11.2026' },
        { name: '', label: 'Nameless' },
        { name: '', label: 'Nameless too', type: 'colour' as 'text', default: 'red' },
      ]),
    ).toEqual([
      { path: 'prompts[1].label', message: 'must not be empty' },
      { path: 'prompts[2].name', message: 'must be a field name such as "lot" or "origin.site"' },
      { path: 'prompts[5].name', message: 'must be a field name such as "lot" or "origin.site"' },
      { path: 'prompts[6].name', message: 'must be a field name such as "lot" or "origin.site"' },
      { path: 'prompts[6].type', message: 'must be one of: text, number, date' },
      { path: 'prompts[1].name', message: 'duplicate prompt "lot"' },
      { path: 'prompts[3].default', message: 'must be a number, got "two"' },
      { path: 'prompts[4].default', message: 'must be a date as YYYY-MM-DD, got "26.11.2026"' },
    ]);
  });
});
