import { describe, expect, it } from 'vitest';
import { MAX_PROMPTS, promptProblems, type PromptDraft } from '@shared/model/prompts';
import { addPrompt, changePrompt, problemsOfPrompt, removePrompt } from './promptEdits';

const lot: PromptDraft = { name: 'lot', label: 'Lot number', type: 'text', default: 'L-0' };

describe('prompt form edits', () => {
  it('adds a prompt named after the first field the label shows that nothing prompts, else a free fieldN', () => {
    expect(addPrompt([], ['lot', 'sku'])).toEqual([{ name: 'lot', label: 'lot', type: 'text' }]);
    expect(addPrompt([lot], ['lot', 'sku'])).toEqual([lot, { name: 'sku', label: 'sku', type: 'text' }]);
    expect(addPrompt([lot, { name: 'field1', label: 'x' }], ['lot']).at(-1)).toEqual({
      name: 'field2',
      label: 'field2',
      type: 'text',
    });
    const full = Array.from({ length: MAX_PROMPTS }, (_, n) => ({ name: `f${n}`, label: 'f' }));
    expect(addPrompt(full, [])).toHaveLength(MAX_PROMPTS);
  });

  it('changes one prompt; an emptied default is removed, not kept as empty text', () => {
    const boxes: PromptDraft = { name: 'boxes', label: 'Boxes', type: 'number' };
    expect(changePrompt([lot, boxes], 1, { default: '12' })).toEqual([lot, { ...boxes, default: '12' }]);
    expect(changePrompt([lot, boxes], 0, { default: '' })).toEqual([
      { name: 'lot', label: 'Lot number', type: 'text' },
      boxes,
    ]);
    expect(changePrompt([lot], 0, { type: 'date', label: 'Packed on' })).toEqual([
      { ...lot, type: 'date', label: 'Packed on' },
    ]);
  });

  it('removes a prompt; the last one removed leaves no prompts at all', () => {
    expect(removePrompt([lot, { name: 'b', label: 'B' }], 0)).toEqual([{ name: 'b', label: 'B' }]);
    expect(removePrompt([lot], 0)).toBeUndefined();
  });

  it('files the problems of each prompt under the field they are about', () => {
    const prompts = [lot, { name: 'lot', label: 'Again', type: 'number', default: 'many' }] as PromptDraft[];
    const problems = [
      ...promptProblems(prompts),
      { path: 'prompts[1]', message: 'unknown key "hint"' },
      { path: 'prompts[10].name', message: 'not this one' },
    ];
    expect(problemsOfPrompt(problems, 0)).toEqual(new Map());
    expect(problemsOfPrompt(problems, 1)).toEqual(
      new Map([
        ['name', 'duplicate prompt "lot"'],
        ['default', 'must be a number, got "many"'],
        ['', 'unknown key "hint"'],
      ]),
    );
  });
});
