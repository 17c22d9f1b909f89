import { describe, expect, it } from 'vitest';
import { parseLength, pointsTo, pointsToDots, toPoints } from './length';

describe('lengths', () => {
  it('converts every unit to points with exact constants', () => {
    expect(toPoints('1in')).toBe(72);
    expect(toPoints('25.4mm')).toBeCloseTo(72, 12);
    expect(toPoints('2.54cm')).toBeCloseTo(72, 12);
    expect(toPoints('96px')).toBe(72);
    expect(toPoints('10pt')).toBe(10);
    expect(toPoints('.5in')).toBe(36);
    expect(toPoints('-3mm')).toBeCloseTo((-3 * 72) / 25.4, 12);
  });

  it('rejects numbers without a known unit', () => {
    for (const bad of ['12', '12 em', 'mm', '1e3mm', '12mmm', '', 'NaNmm', '1,5mm', '4 in x']) {
      expect(parseLength(bad), bad).toBeUndefined();
    }
    expect(() => toPoints('12')).toThrow(/unit/);
  });

  it('converts back and to printer dots', () => {
    expect(pointsTo(toPoints('101.6mm'), 'in')).toBeCloseTo(4, 12);
    expect(pointsToDots(toPoints('4in'), 203)).toBeCloseTo(812, 9);
  });
});
