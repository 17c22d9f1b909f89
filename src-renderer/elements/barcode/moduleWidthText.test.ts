import { describe, expect, it } from 'vitest';
import type { LaidOutLabel } from '@shared/layout/laidOutLabel';
import { drawnBarcodeValue, laidOutModule, moduleWidthText } from './moduleWidthText';

describe('moduleWidthText', () => {
  it('gives whole dots and the millimetres they make at the resolution', () => {
    expect(moduleWidthText({ moduleDots: 3, dpi: 203 })).toBe('3 dots (0.375 mm) at 203 dpi');
    expect(moduleWidthText({ moduleDots: 4, dpi: 300 })).toBe('4 dots (0.339 mm) at 300 dpi');
    expect(moduleWidthText({ moduleDots: 1, dpi: 600 })).toBe('1 dot (0.042 mm) at 600 dpi');
  });
});

describe('laidOutModule', () => {
  const symbol = { kind: 'linear', moduleDots: 2, dpi: 203 };
  const label = {
    width: 100,
    height: 100,
    warnings: [],
    elements: [
      { id: 'text', type: 'text' },
      { id: 'bars', type: 'barcode', symbol },
    ],
  } as unknown as LaidOutLabel;

  it('finds the barcode’s symbol by element id, and nothing for other elements or no layout', () => {
    expect(laidOutModule(label, 'bars')).toBe(symbol);
    expect(laidOutModule(label, 'text')).toBeUndefined();
    expect(laidOutModule(null, 'bars')).toBeUndefined();
  });
});

describe('drawnBarcodeValue', () => {
  const label = {
    width: 100,
    height: 100,
    warnings: [],
    elements: [
      {
        id: 'ean',
        type: 'barcode',
        value: '590123412345',
        humanReadable: { lines: [{ text: '5901234123457' }] },
      },
      { id: 'qr', type: 'barcode', value: 'hello' },
    ],
  } as unknown as LaidOutLabel;

  it('reads the human-readable line the canvas draws, else the encoded value', () => {
    expect(drawnBarcodeValue(label, 'ean')).toBe('5901234123457');
    expect(drawnBarcodeValue(label, 'qr')).toBe('hello');
    expect(drawnBarcodeValue(label, 'none')).toBeUndefined();
  });
});
