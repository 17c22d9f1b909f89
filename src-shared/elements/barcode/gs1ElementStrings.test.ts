import { describe, expect, it } from 'vitest';
import { joinWithFnc1, parseGs1ElementStrings } from './gs1ElementStrings';

describe('GS1 element strings', () => {
  it('splits the bracketed form into AIs and values', () => {
    expect(parseGs1ElementStrings('(01)09521234543213(3103)000123(10)AB-12')).toEqual([
      { ai: '01', value: '09521234543213' },
      { ai: '3103', value: '000123' },
      { ai: '10', value: 'AB-12' },
    ]);
  });

  it.each(['01)0952', '(01)', '(01)0952(10', 'x(01)0952', '(01)09\\(x', ''])('rejects %j', (text) => {
    expect(parseGs1ElementStrings(text)).toBeUndefined();
  });

  it('puts FNC1 first and after variable-length element strings that are not last', () => {
    const elements = parseGs1ElementStrings('(01)09521234543213(10)ABC(17)250101(21)XYZ(3103)000123') ?? [];
    expect(joinWithFnc1(elements, '#')).toBe('#0109521234543213' + '10ABC#' + '17250101' + '21XYZ#' + '3103000123');
  });
});
