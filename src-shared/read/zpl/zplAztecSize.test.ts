import { describe, expect, it } from 'vitest';
import { aztecFormat } from '../../elements/barcode/aztecFormat';
import { darkBounds } from '../../../test/support/engine/barcodeTestSupport';
import { barcodeField, printField, scanned } from '../../../test/support/engine/barcodeFieldTestSupport';

/**
 * Data of capital letters only is all upper mode, 5 bits a letter and nothing else; the letter A (00010) puts a 1 in
 * every 5 bits, so no 6- or 8-bit word is ever all 0s or all 1s (no stuffed bits), and 24 letters make 120 bits: 20
 * words of 6 bits (compact 1–2 layers) or 15 of 8 (3 layers and up). Every count below follows from that.
 */
const letters = (count: number) => 'A'.repeat(count);

/**
 * The rule (ZPL guide: d is the minimum error correction percentage; ISO/IEC 24778: check words at least d% of the
 * symbol's words plus 3): the smallest of compact 1–4 layers (15, 19, 23, 27 modules; 17x6, 40x6, 51x8, 76x8-bit
 * words, at most 64 of them data), then full range (4 layers 31 modules, 88x8; 5 layers 37 modules, 120x8).
 */
const SIZES: [data: string, d: string, modules: number, compact: boolean, why: string][] = [
  [letters(24), '0', 19, true, 'default 23%: compact 1 leaves 17 - 7 = 10 words for 20; compact 2 40 - 13 = 27'],
  [letters(24), '23', 19, true, 'as the default'],
  [letters(24), '10', 19, true, 'compact 1: 17 - 5 = 12 < 20; compact 2: 40 - 7 = 33'],
  [letters(24), '45', 23, true, 'compact 2: 40 - 21 = 19 < 20; compact 3: 51 - 26 = 25 >= 15'],
  [letters(24), '80', 37, false, 'compact 4: 76 - 64 = 12, full 4: 88 - 74 = 14, both < 15; full 5: 120 - 99 = 21'],
  [letters(48), '23', 23, true, '40 words of 6 or 30 of 8: compact 2 leaves 27; compact 3: 51 - 15 = 36'],
  [letters(48), '50', 27, true, 'compact 3: 51 - 29 = 22 < 30; compact 4: 76 - 41 = 35'],
  [letters(96), '23', 31, false, '60 words of 8: compact 4: 76 - 21 = 55 < 60; full 4: 88 - 24 = 64'],
  [letters(96), '5', 27, true, 'compact 4: 76 - 7 = 69, at most 64 data words, >= 60'],
  // bwip-js draws this one as an unreadable compact 4-layer symbol when not stopped: 65 data words overflow its mode message.
  [letters(104), '5', 31, false, '65 words of 8: compact 4 would leave 69 but counts 64 at most; full 4: 88 - 8 = 80'],
];

describe('^BO error correction: the smallest symbol with d% check words, as the printer and Labelary size it', () => {
  it.each(SIZES)('%s at d=%s is %i modules (compact: %s): %s', async (data, d, modules, compact) => {
    const { elements, raster, warnings } = await printField(barcodeField(`^BON,3,N,${d}`, data), 8, 600, 600);
    const symbol = elements[0]?.type === 'barcode' ? elements[0].symbol : undefined;
    if (symbol?.kind !== 'matrix') throw new Error('expected a module grid');
    expect([symbol.columns, symbol.rows]).toEqual([modules, modules]);
    expect(aztecFormat(symbol)?.compact).toBe(compact);
    expect(warnings).toEqual([]);
    expect(await scanned(raster, 'Aztec')).toEqual([data]);
  });

  it.each<[d: string, modules: number, compact: boolean, layers: number]>([
    ['101', 15, true, 1],
    ['104', 27, true, 4],
    ['201', 19, false, 1],
    ['203', 27, false, 3],
    ['210', 57, false, 10],
  ])('d=%s fixes the size: %i modules', async (d, modules, compact, layers) => {
    const { elements, raster } = await printField(barcodeField(`^BON,3,N,${d}`, 'FIXED'), 8, 600, 600);
    const symbol = elements[0]?.type === 'barcode' ? elements[0].symbol : undefined;
    if (symbol?.kind !== 'matrix') throw new Error('expected a module grid');
    expect(symbol.columns).toBe(modules);
    expect(aztecFormat(symbol)).toEqual({ compact, layers });
    expect(await scanned(raster, 'Aztec')).toEqual(['FIXED']);
  });

  it('a fixed size takes all the data its words hold, whatever the default percentage would leave', async () => {
    // 14 letters, 70 bits, 12 words of 6: at 23% compact 1 leaves 10 (the default draws compact 2); d=101 fits them in 1 layer.
    const { elements, raster } = await printField(barcodeField('^BON,3,N,101', letters(14)), 8, 600, 600);
    const symbol = elements[0]?.type === 'barcode' ? elements[0].symbol : undefined;
    expect(symbol?.kind === 'matrix' ? symbol.columns : 0).toBe(15);
    expect(await scanned(raster, 'Aztec')).toEqual([letters(14)]);
  });

  it('d=300 draws a rune: 11 modules at the magnification, its value 0–255', async () => {
    const { raster } = await printField(barcodeField('^BON,4,N,300', '123'), 8, 300, 300);
    const bounds = darkBounds(raster);
    expect((bounds?.right ?? 0) - (bounds?.left ?? 0) + 1).toBe(11 * 4);
  });

  it('data too long for a fixed size is skipped with a warning, as the printer prints nothing for it', async () => {
    const { elements, warnings } = await printField(barcodeField('^BON,3,N,101', letters(40)), 8, 600, 600);
    expect(elements).toEqual([]);
    expect(warnings.map((warning) => warning.code)).toEqual(['ZPL_BARCODE_DATA']);
  });

  it('percentages bwip-js does not take (below 5, above 95) are drawn at the nearest it does, with a warning', async () => {
    const { elements, warnings } = await printField(barcodeField('^BON,3,N,2', letters(24)), 8, 600, 600);
    expect(elements).toHaveLength(1);
    expect(warnings.map((warning) => warning.message)).toEqual([
      '^BO: error correction of 2% is drawn at 5%, the nearest the encoder takes',
    ]);
  });
});
