import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { pointsToPixels, renderSvg } from '../../../test/support/engine/rasterTestSupport';
import { darkBounds, decode, laidOutBarcode, ZXING_FORMATS } from '../../../test/support/engine/barcodeTestSupport';
import { emitBarcodeSvg } from './emitBarcodeSvg';

const fonts = bundledFonts();

const DPI = 300;
/** White paper around the box: scanners need a quiet zone, which the layout keeps inside the box for EAN/UPC only. */
const MARGIN = 24;

function renderAlone(fields: Record<string, unknown>, value: string, width: number, height: number) {
  const box = { x: MARGIN, y: MARGIN, width, height };
  const laidOut = laidOutBarcode(fonts, fields, value, box);
  const svg = emitBarcodeSvg(laidOut, { fonts });
  return { laidOut, svg, raster: renderSvg(svg, width + 2 * MARGIN, height + 2 * MARGIN, DPI) };
}

describe('barcode in SVG', () => {
  // Values with their check digits, so each decodes to exactly the value; GS1 values in ZXing's bracketed form, UPC
  // codes as the GTIN-13 ZXing reports them as (a leading 0; UPC-E with its zeros restored).
  it.each([
    ['code128', 'Hello-123', 200, 60],
    ['gs1-128', '(01)09521234543213(10)ABC', 240, 60],
    ['ean13', '5901234123457', 160, 70],
    ['ean8', '96385074', 120, 60],
    ['upca', '036000291452', 160, 70, '0036000291452'],
    ['upce', '01234565', 100, 60, '0012345000065'],
    ['code39', 'ABC-123', 220, 60],
    ['code93', 'ABC-123', 160, 60],
    ['interleaved2of5', '12345678', 140, 60],
    ['itf14', '15400141288763', 240, 60],
    ['qrcode', 'Hello, wörld! https://example.com/?a=1&b=2', 90, 90],
    ['qrcode', 'https://track.example/LS1000000042GB', 90, 90],
    ['qrcode', '0123456789012345678901234567890', 90, 90],
    // Multi-byte UTF-8 between runs of capitals: qrcode's segments give a smaller version than bwip-js's did.
    ['qrcode', '日0Q6PuWRLE2.PY6NJAV2Kd8krUDNqdru日WYDTAgUqJü1gEEoErtE7yrFmu/', 90, 90],
    ['datamatrix', 'hello DataMatrix 123', 70, 70],
    ['gs1datamatrix', '(01)09521234543213(10)ABC', 70, 70],
    ['pdf417', 'hello world PDF417', 240, 70],
    ['azteccode', 'hello Aztec 123', 70, 70],
  ] as const)('%s decodes to its value', async (symbology, value, width, height, decodedAs?: string) => {
    const { raster } = renderAlone({ symbology }, value, width, height);
    const results = await decode(raster, [ZXING_FORMATS[symbology]]);
    expect(results.map((result) => result.text)).toEqual([decodedAs ?? value]);
  });

  it('decodes an EAN-13 given without its check digit to the value with the digit bwip-js added', async () => {
    const { raster, laidOut } = renderAlone({ symbology: 'ean13' }, '590123412345', 160, 70);
    const results = await decode(raster);
    expect(results.map((result) => result.text)).toEqual(['5901234123457']);
    expect(laidOut.humanReadable?.lines[0]?.text).toBe('5901234123457');
  });

  it('encodes the QR error correction level the template asked for', async () => {
    const { raster } = renderAlone({ symbology: 'qrcode', errorCorrection: 'H' }, 'level H', 90, 90);
    const [result] = await decode(raster);
    expect(result?.text).toBe('level H');
    expect(result?.ecLevel).toBe('H');
  });

  it('draws the bars at whole pixels, centred in the box at the largest module that fits, when no text is shown', () => {
    const { raster, laidOut } = renderAlone({ symbology: 'code128', showText: false }, 'FILL', 150, 50);
    if (laidOut.symbol.kind !== 'linear') throw new Error('expected bars');
    const { moduleDots, width } = laidOut.symbol;
    const bounds = darkBounds(raster);
    const px = (points: number) => pointsToPixels(points, DPI);
    const drawn = (bounds?.right ?? 0) + 1 - (bounds?.left ?? 0);
    expect(drawn).toBe(Math.round(px(width)));
    // One pixel more a module would not fit the box.
    expect((drawn / moduleDots) * (moduleDots + 1)).toBeGreaterThan(px(150));
    expect(
      Math.abs((bounds?.left ?? 0) - px(MARGIN) - (px(MARGIN + 150) - (bounds?.right ?? 0) - 1)),
    ).toBeLessThanOrEqual(1.5);
    expect(bounds?.top).toBeCloseTo(px(MARGIN), -0.5);
    expect((bounds?.bottom ?? 0) + 1).toBeCloseTo(px(MARGIN + 50), -0.5);
  });

  it('draws the human-readable line as glyphs below the bars, inside the box', () => {
    const { raster, laidOut } = renderAlone({ symbology: 'code128', style: { fontSize: '10pt' } }, 'TEXT', 150, 60);
    if (laidOut.symbol.kind !== 'linear') throw new Error('expected bars');
    const barsBottom = pointsToPixels(laidOut.symbol.y + laidOut.symbol.height, DPI);
    const bounds = darkBounds(raster);
    expect(bounds?.bottom).toBeGreaterThan(barsBottom + pointsToPixels(5, DPI));
    expect(bounds?.bottom).toBeLessThan(pointsToPixels(MARGIN + 60, DPI));
    // One path for the symbol, then the glyph outlines (no <text>: the rasteriser needs no fonts).
    expect(laidOut.humanReadable?.lines[0]?.text).toBe('TEXT');
  });

  it('keeps data out of the markup: the symbol is one path of rectangles', async () => {
    const value = `<script>"&'</script>`;
    const { svg, raster } = renderAlone(
      { symbology: 'code128', showText: false, style: { color: '#0000aa' } },
      value,
      260,
      50,
    );
    expect(svg).not.toContain('<script>');
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toMatch(/^<path fill="#0000aa" shape-rendering="crispEdges" d="M[\d. hvzM-]+"\/>$/);
    expect((await decode(raster)).map((result) => result.text)).toEqual([value]);
  });
});
