import { describe, expect, it } from 'vitest';
import { resolveFamily } from '@shared/fonts/fontFaces';
import { isPrinterFont0 } from '@shared/fonts/printerFont0';
import { FAMILY_OPTIONS, familyOptions, parseTags } from './fontChoices';

describe('inspector choices', () => {
  it('offers only families the layout knows', () => {
    // A bundled family, or the printer's font 0, which the text layout takes as its own family.
    for (const option of FAMILY_OPTIONS)
      expect(!resolveFamily(option.value).fellBack || isPrinterFont0(option.value), option.value).toBe(true);
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
