import bwipjs from 'bwip-js/generic';
import { describe, expect, it } from 'vitest';
import { aztecFormat } from './aztecFormat';

/** A symbol bwip-js draws in a format and layer count we ask for: the reference the reader is checked against. */
function aztecGrid(text: string, format: 'compact' | 'full', layers: number) {
  const [symbol] = bwipjs.raw({ bcid: 'azteccode', text, format, layers } as bwipjs.RawOptions);
  if (!symbol || !('pixs' in symbol)) throw new Error('expected a module grid');
  return { columns: symbol.pixx, rows: symbol.pixs.length / symbol.pixx, cells: symbol.pixs.join('') };
}

describe('aztecFormat', () => {
  it.each([1, 2, 3, 4])('reads a compact symbol with %i layer(s)', (layers) => {
    expect(aztecFormat(aztecGrid('AZ', 'compact', layers))).toEqual({ compact: true, layers });
  });

  // Sizes 19, 23 and 27 exist in both formats; 37 and 67 have reference grid lines; 101 has three pairs.
  it.each([1, 2, 3, 4, 5, 12, 20])('reads a full-range symbol with %i layer(s)', (layers) => {
    expect(aztecFormat(aztecGrid('AZ', 'full', layers))).toEqual({ compact: false, layers });
  });

  it('knows nothing of grids that are not Aztec sizes', () => {
    expect(aztecFormat({ columns: 21, rows: 21, cells: '0'.repeat(441) })).toBeUndefined();
    expect(aztecFormat({ columns: 16, rows: 16, cells: '0'.repeat(256) })).toBeUndefined();
  });
});
