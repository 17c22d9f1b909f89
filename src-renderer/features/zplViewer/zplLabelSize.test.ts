import { describe, expect, it } from 'vitest';
import { checkLabelSize } from './zplLabelSize';

describe('the ZPL page label size', () => {
  it('reads inches with decimals', () => {
    expect(checkLabelSize({ dpmm: 12, width: ' 4 ', height: '2.5' })).toEqual({
      ok: true,
      dpmm: 12,
      width: 4,
      height: 2.5,
    });
  });

  it.each([
    ['', '6', 'The width must be a number of inches.'],
    ['4in', '6', 'The width must be a number of inches.'],
    ['0', '6', 'The width must be above 0 and at most 15 in.'],
    ['4', '16', 'The height must be above 0 and at most 15 in.'],
  ])('refuses width %j height %j', (width, height, problem) => {
    expect(checkLabelSize({ dpmm: 8, width, height })).toEqual({ ok: false, problem });
  });
});
