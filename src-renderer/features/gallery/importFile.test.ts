import { describe, expect, it } from 'vitest';
import { parseTemplateFile } from './ImportButton';

describe('an imported template file', () => {
  it('is parsed, or refused with the file name and the JSON error', () => {
    expect(parseTemplateFile('{"formatVersion":1}', 'a.json')).toEqual({ content: { formatVersion: 1 } });
    const refused = parseTemplateFile('{nope', 'broken.json');
    expect('error' in refused && refused.error).toMatch(/^broken\.json is not JSON: /);
  });
});
