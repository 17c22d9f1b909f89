import { describe, expect, it } from 'vitest';
import {
  convertLength,
  formatLength,
  formatNumber,
  lengthToPoints,
  nudgeStep,
  rewriteLength,
  templateUnit,
} from './units';

describe('editor units', () => {
  it('takes the template unit from the label width', () => {
    expect(templateUnit({ dimensions: { width: '4in' } })).toBe('in');
    expect(templateUnit({ dimensions: { width: '50 mm' } })).toBe('mm');
    expect(templateUnit({ dimensions: { width: 'wide' } })).toBe('mm');
    expect(templateUnit({})).toBe('mm');
  });

  it('formats with the precision of the unit and no trailing zeros', () => {
    expect(formatLength(72, 'in')).toBe('1in');
    expect(formatLength(36.0001, 'in')).toBe('0.5in');
    expect(formatLength(10, 'in')).toBe('0.139in');
    expect(formatLength((72 / 25.4) * 12.345, 'mm')).toBe('12.35mm');
    expect(formatLength((72 / 25.4) * 12.5, 'mm')).toBe('12.5mm');
    expect(formatLength(10.123, 'pt')).toBe('10.12pt');
    expect(formatLength(-0.0001, 'mm')).toBe('0mm');
    expect(formatNumber(-1.004, 'mm')).toBe('-1');
  });

  it('converts exactly: 1 in = 25.4 mm = 72 pt = 96 px', () => {
    expect(lengthToPoints('1in')).toBe(72);
    expect(lengthToPoints('25.4mm')).toBeCloseTo(72, 12);
    expect(lengthToPoints('96px')).toBe(72);
    expect(lengthToPoints('12')).toBeUndefined();
    expect(lengthToPoints(undefined)).toBeUndefined();
    expect(convertLength('1in', 'mm')).toBe('25.4mm');
    expect(convertLength('2.54cm', 'in')).toBe('1in');
    expect(convertLength('x', 'in')).toBeUndefined();
  });

  it('keeps the unit a length already has', () => {
    expect(rewriteLength('10pt', 20, 'mm')).toBe('20pt');
    expect(rewriteLength('1in', 36, 'mm')).toBe('0.5in');
    expect(rewriteLength(undefined, 72, 'mm')).toBe('25.4mm');
    expect(rewriteLength('bad', 72, 'in')).toBe('1in');
  });

  it('nudges by a tenth of a millimetre, a hundredth of an inch or a point, ten times that with shift', () => {
    expect(nudgeStep('mm', false)).toBeCloseTo(72 / 254, 12);
    expect(nudgeStep('mm', true)).toBeCloseTo(72 / 25.4, 12);
    expect(nudgeStep('in', false)).toBeCloseTo(0.72, 12);
    expect(nudgeStep('pt', true)).toBe(10);
  });
});
