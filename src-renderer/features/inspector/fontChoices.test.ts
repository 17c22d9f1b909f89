import { describe, expect, it } from 'vitest';
import { resolveFamily } from '../../../src-shared/fonts/fontFaces';
import { FAMILY_OPTIONS, familyOptions, parseTags } from './fontChoices';

describe('inspector choices', () => {
  it('offers only families the layout knows', () => {
    for (const option of FAMILY_OPTIONS) expect(resolveFamily(option.value).fellBack, option.value).toBe(false);
  });

  it('keeps a family the template names that is not offered', () => {
    expect(familyOptions('sans')).toHaveLength(FAMILY_OPTIONS.length);
    expect(familyOptions('Comic Sans').at(-1)).toEqual({ value: 'Comic Sans', label: 'Comic Sans (as written)' });
  });

  it('reads tags from a comma list', () => {
    expect(parseTags(' retail, shelf ,, tag ')).toEqual(['retail', 'shelf', 'tag']);
    expect(parseTags('  ')).toEqual([]);
  });
});
