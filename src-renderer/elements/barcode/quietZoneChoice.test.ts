import { describe, expect, it } from 'vitest';
import type { LaidOutLabel } from '@shared/layout/laidOutLabel';
import { laidOutZoneText, quietZoneFor, quietZoneKind, standardZoneText } from './quietZoneChoice';

describe('quietZoneKind', () => {
  it('reads old settings (unset, true, false) and widths as the four choices', () => {
    expect(quietZoneKind('ean13', undefined)).toBe('standard');
    expect(quietZoneKind('code128', undefined)).toBe('off');
    expect(quietZoneKind('code128', true)).toBe('standard');
    expect(quietZoneKind('ean13', false)).toBe('off');
    expect(quietZoneKind('code128', '5mm')).toBe('length');
    expect(quietZoneKind('code128', '0mm')).toBe('length');
    expect(quietZoneKind('qrcode', '4modules')).toBe('modules');
  });
});

describe('quietZoneFor', () => {
  it('starts a width at about 5 mm in the template’s unit, or at the symbology’s own modules', () => {
    expect(quietZoneFor('length', 'code128', 'mm')).toBe('5mm');
    expect(quietZoneFor('length', 'code128', 'in')).toBe('0.2in');
    expect(quietZoneFor('modules', 'ean13', 'mm')).toBe('11modules');
    expect(quietZoneFor('modules', 'azteccode', 'mm')).toBe('10modules');
    expect(quietZoneFor('off', 'ean13', 'mm')).toBe(false);
    expect(quietZoneFor('standard', 'code128', 'mm')).toBe(true);
  });
});

describe('standardZoneText', () => {
  it('names the standard’s modules', () => {
    expect(standardZoneText('code128', false)).toBe('10 modules each side');
    expect(standardZoneText('ean13', false)).toBe('11 + 7 modules');
    expect(standardZoneText('qrcode', true)).toBe('4 modules all round');
    expect(standardZoneText('datamatrix', true)).toBe('1 module all round');
    expect(standardZoneText('azteccode', true)).toBe('none');
  });
});

describe('laidOutZoneText', () => {
  const label = (symbol: object) =>
    ({
      width: 100,
      height: 100,
      warnings: [],
      elements: [{ id: 'code', type: 'barcode', symbol }],
    }) as unknown as LaidOutLabel;

  it('gives the laid-out zone in the layout’s own dots and the millimetres they make', () => {
    const dot = 72 / 203;
    expect(
      laidOutZoneText(label({ kind: 'linear', dpi: 203, quietZone: { left: 40 * dot, right: 40 * dot } }), 'code'),
    ).toBe('40 dots (5.00 mm) each side at 203 dpi');
    expect(
      laidOutZoneText(label({ kind: 'linear', dpi: 203, quietZone: { left: 22 * dot, right: 14 * dot } }), 'code'),
    ).toBe('22 dots (2.75 mm) left, 14 (1.75 mm) right at 203 dpi');
    expect(laidOutZoneText(label({ kind: 'matrix', dpi: 300, quietZone: { left: 5.76, right: 5.76 } }), 'code')).toBe(
      '24 dots (2.03 mm) all round at 300 dpi',
    );
    expect(laidOutZoneText(label({ kind: 'linear', dpi: 203 }), 'code')).toBeUndefined();
    expect(laidOutZoneText(null, 'code')).toBeUndefined();
  });
});
