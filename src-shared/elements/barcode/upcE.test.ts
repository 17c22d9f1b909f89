import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { renderSvg } from '../../../test/support/engine/rasterTestSupport';
import { decode, laidOutBarcode } from '../../../test/support/engine/barcodeTestSupport';
import { emitBarcodeSvg } from './emitBarcodeSvg';
import { expandUpcE } from './upcE';

const fonts = bundledFonts();

describe('expandUpcE', () => {
  // ZXing reports a UPC-E as its GTIN-13: "0", the number system, the ten UPC-A digits, the check digit.
  it.each(['0123450', '0123451', '0123452', '0123453', '0123454', '0123457', '01234565'])(
    'gives the ten UPC-A digits a scanner reads from UPC-E %s',
    async (value) => {
      const laidOut = laidOutBarcode(fonts, { symbology: 'upce', showText: false }, value, {
        x: 20,
        y: 20,
        width: 100,
        height: 50,
      });
      const [result] = await decode(renderSvg(emitBarcodeSvg(laidOut, { fonts }), 140, 90, 300), ['UPCE']);
      expect(expandUpcE(value)).toBe(result?.text.slice(2, 12));
    },
  );

  it('leaves number system 1 alone (ZPL ^B9 prints number system 0 only)', () => {
    expect(expandUpcE('1123456')).toBeUndefined();
  });
});
