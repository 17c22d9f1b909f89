import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import { pointsToDots } from '../../units/length';
import { renderZpl } from '../../../test/support/engine/rasterTestSupport';
import { darkBounds, decode, laidOutBarcode, ZXING_FORMATS } from '../../../test/support/engine/barcodeTestSupport';

const fonts = bundledFonts();

type Dpi = 203 | 300;
const LABEL = { width: 288, height: 216 };

function labelZpl(element: LaidOutOf<'barcode'>, dpi: Dpi): string {
  return emitZpl({ ...LABEL, elements: [element], warnings: [] }, fonts, { dpi });
}

/** The label through the real ZPL writer, printed by zpl-renderer-js (the writer's ^XA/^XZ are the renderer's to add). */
async function printed(element: LaidOutOf<'barcode'>, dpi: Dpi) {
  const zpl = labelZpl(element, dpi);
  const body = zpl.replace(/^\^XA\n/, '').replace(/\^XZ\n$/, '');
  const dots = (points: number) => Math.round(pointsToDots(points, dpi));
  // The renderer works in whole dots per mm: asking for 300 dpi (11.8 dpmm) gets a 12 dpmm raster a few dots wider
  // than ^PW, which it then centres. Telling it the resolution it will use keeps one dot one pixel.
  const rendererDpi = 25.4 * Math.round(dpi / 25.4);
  let raster;
  try {
    raster = await renderZpl(body, dots(LABEL.width), dots(LABEL.height), rendererDpi);
  } catch (error) {
    // The renderer's stack holds megabytes of its own code (see NOTES): only the message is worth reporting.
    throw new Error(`zpl-renderer-js failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { zpl, raster };
}

/** The box in dots, widened by `slack` dots each side for rounding at the edges. */
function boxDots(box: Box, dpi: Dpi, slack: number) {
  const dots = (points: number) => pointsToDots(points, dpi);
  return {
    left: dots(box.x) - slack,
    top: dots(box.y) - slack,
    right: dots(box.x + box.width) + slack,
    bottom: dots(box.y + box.height) + slack,
  };
}

function expectInside(bounds: ReturnType<typeof darkBounds>, box: ReturnType<typeof boxDots>): void {
  expect(bounds).toBeDefined();
  expect(bounds?.left).toBeGreaterThanOrEqual(box.left);
  expect(bounds?.top).toBeGreaterThanOrEqual(box.top);
  expect((bounds?.right ?? 0) + 1).toBeLessThanOrEqual(box.right);
  expect((bounds?.bottom ?? 0) + 1).toBeLessThanOrEqual(box.bottom);
}

describe('barcode in ZPL: native commands, printed and scanned', () => {
  it.each([
    ['code128', 'Hello-123', '^BC', { x: 30, y: 30, width: 200, height: 50 }],
    ['code128', 'ORDER 12345678901234567890', '^BC', { x: 20, y: 30, width: 250, height: 50 }],
    ['ean13', '5901234123457', '^BE', { x: 40, y: 30, width: 160, height: 60 }],
    ['code39', 'ABC-123', '^B3', { x: 30, y: 30, width: 220, height: 50 }],
    ['interleaved2of5', '12345678', '^B2', { x: 40, y: 30, width: 140, height: 50 }],
    ['itf14', '15400141288763', '^B2', { x: 20, y: 30, width: 240, height: 50 }],
    ['qrcode', 'https://example.com/?q=ZPL', '^BQ', { x: 40, y: 30, width: 60, height: 60 }],
    ['datamatrix', 'hello DataMatrix 123', '^BX', { x: 40, y: 30, width: 70, height: 70 }],
    ['gs1datamatrix', '(01)09521234543213(10)ABC', '^BX', { x: 40, y: 30, width: 70, height: 70 }],
    ['pdf417', 'hello world PDF417', '^B7', { x: 20, y: 30, width: 240, height: 70 }],
  ] as const)('%s %j prints with %s inside its box and scans as its value', async (symbology, value, command, box) => {
    for (const dpi of [203, 300] as const) {
      const element = laidOutBarcode(fonts, { symbology, showText: false }, value, box, dpi);
      const { zpl, raster } = await printed(element, dpi);
      expect(zpl).toContain(command);
      expect(zpl).not.toContain('^GFA');
      const results = await decode(raster, [ZXING_FORMATS[symbology]]);
      expect(results.map((result) => result.text)).toEqual([value]);
      expectInside(darkBounds(raster), boxDots(box, dpi, 1));
    }
  });

  it("prints linear bars at the layout's whole-dot module, where the layout put them", async () => {
    const box = { x: 30, y: 30, width: 200, height: 50 };
    const element = laidOutBarcode(
      fonts,
      { symbology: 'ean13', showText: false, quietZone: false },
      '5901234123457',
      box,
      203,
    );
    const { zpl, raster } = await printed(element, 203);
    // 200 pt at 203 dpi is 563.9 dots for 95 modules: 5.94 dots a module, so 5 whole dots, 475 dots of symbol.
    expect(zpl).toContain('^BY5^BEN,');
    const bounds = darkBounds(raster);
    expect((bounds?.right ?? 0) - (bounds?.left ?? 0) + 1).toBe(475);
    const centre = ((bounds?.left ?? 0) + (bounds?.right ?? 0) + 1) / 2;
    expect(Math.abs(centre - pointsToDots(box.x + box.width / 2, 203))).toBeLessThanOrEqual(1);
  });

  it('keeps a QR code where the layout put it, despite the printer drawing ^BQ 10 dots low', async () => {
    const box = { x: 40, y: 30, width: 60, height: 60 };
    const element = laidOutBarcode(fonts, { symbology: 'qrcode' }, 'top edge', box, 300);
    const { raster } = await printed(element, 300);
    const bounds = darkBounds(raster);
    const symbolDots = (bounds?.bottom ?? 0) - (bounds?.top ?? 0) + 1;
    const boxTop = pointsToDots(box.y, 300);
    const boxHeight = pointsToDots(box.height, 300);
    expect(Math.abs((bounds?.top ?? 0) - (boxTop + (boxHeight - symbolDots) / 2))).toBeLessThanOrEqual(1);
  });

  // The printer builds the symbol from ^BQ's data: it must come out the version the layout sized (the shipping label's
  // tracking URL at every level: at H a mix of modes fits a version less, which automatic input printed a version
  // larger; digits, capitals with digits, UTF-8 text).
  it.each([
    ['https://track.example/LS1000000042GB', 'L'],
    ['https://track.example/LS1000000042GB', 'M'],
    ['https://track.example/LS1000000042GB', 'Q'],
    ['https://track.example/LS1000000042GB', 'H'],
    ['0123456789012345678901234567890', 'M'],
    ['ORDER 12345 BIN A-7', 'Q'],
    ['Größe 42 – café ^~_', 'H'],
  ] as const)('prints QR %j (level %s) with ^BQ at the size the layout chose', async (value, errorCorrection) => {
    const element = laidOutBarcode(
      fonts,
      { symbology: 'qrcode', errorCorrection },
      value,
      { x: 40, y: 30, width: 70, height: 70 },
      203,
    );
    const { zpl, raster } = await printed(element, 203);
    const magnification = Number(/\^BQN,2,(\d+)/.exec(zpl)?.[1]);
    const bounds = darkBounds(raster);
    expect((bounds?.right ?? 0) - (bounds?.left ?? 0) + 1).toBe(
      element.symbol.kind === 'matrix' ? element.symbol.columns * magnification : Number.NaN,
    );
    expect((await decode(raster, ['QRCode'])).map((result) => result.text)).toEqual([value]);
  });

  it.each([
    ['0042', 'N0042'],
    ['LEVEL Q 7', 'ALEVEL Q 7'],
    // Bytes counted as UTF-8 sends them: ü is two.
    ['Grün', 'B0005Grün'],
  ])("writes the QR error level and manual input in the layout's one mode ahead of %j", async (value, input) => {
    const element = laidOutBarcode(
      fonts,
      { symbology: 'qrcode', errorCorrection: 'Q' },
      value,
      { x: 40, y: 30, width: 60, height: 60 },
      203,
    );
    const { zpl, raster } = await printed(element, 203);
    expect(zpl).toContain(`^FH_^FDQM,${input}^FS`);
    const [result] = await decode(raster, ['QRCode']);
    expect(result?.ecLevel).toBe('Q');
    expect(result?.text).toBe(value);
  });

  it.each([90, 180, 270])(
    'turns code 128 and Data Matrix a quarter turn (%i°) about the box centre',
    async (rotation) => {
      for (const [symbology, value, box] of [
        ['code128', 'TURN-123', { x: 70, y: 83, width: 150, height: 50 }],
        ['datamatrix', 'turned', { x: 100, y: 60, width: 70, height: 50 }],
      ] as const) {
        const element = { ...laidOutBarcode(fonts, { symbology, showText: false }, value, box, 203), rotation };
        const { zpl, raster } = await printed(element, 203);
        expect(zpl).toMatch(new RegExp(`\\^B[CX]${{ 90: 'R', 180: 'I', 270: 'B' }[rotation]},`));
        expect((await decode(raster, [ZXING_FORMATS[symbology]])).map((result) => result.text)).toEqual([value]);
        const quarter = rotation % 180 === 90;
        const turned = quarter
          ? {
              x: box.x + (box.width - box.height) / 2,
              y: box.y + (box.height - box.width) / 2,
              width: box.height,
              height: box.width,
            }
          : box;
        expectInside(darkBounds(raster), boxDots(turned, 203, 1));
      }
    },
  );
});

describe('barcode in ZPL: field data', () => {
  it('hex-escapes ^, ~ and _ in the data so the value cannot start a command', async () => {
    const value = 'A^XZ~JA_B';
    const element = laidOutBarcode(
      fonts,
      { symbology: 'code128', showText: false },
      value,
      { x: 20, y: 30, width: 240, height: 50 },
      203,
    );
    const { zpl, raster } = await printed(element, 203);
    expect(zpl).toContain('^FH_^FDA_5EXZ_7EJA_5FB^FS');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect((await decode(raster, ['Code128'])).map((result) => result.text)).toEqual([value]);
  });

  it('passes Data Matrix values through literally by choosing an escape character the value lacks', async () => {
    const value = 'tilde~1 and back`tick';
    const element = laidOutBarcode(
      fonts,
      { symbology: 'datamatrix' },
      value,
      { x: 40, y: 30, width: 70, height: 70 },
      300,
    );
    const { zpl, raster } = await printed(element, 300);
    expect(zpl).toMatch(/\^BXN,\d+,200,\d+,\d+,6,\|\^FH_\^FDtilde_7E1 and back`tick\^FS/);
    expect((await decode(raster, ['DataMatrix'])).map((result) => result.text)).toEqual([value]);
  });

  it('writes GS1-128 as FNC1 (>8) + element strings, separated only after variable-length ones', () => {
    const element = laidOutBarcode(
      fonts,
      { symbology: 'gs1-128', showText: false },
      '(01)09521234543213(10)ABC123(21)XYZ',
      { x: 20, y: 30, width: 250, height: 50 },
      203,
    );
    // zpl-renderer-js takes mode A data literally, so this one is checked as text: the ZPL manual's chained-AI form.
    expect(labelZpl(element, 203)).toMatch(/\^BCN,\d+,N,N,N,A\^FH_\^FD>8010952123454321310ABC123>821XYZ\^FS/);
  });

  it.each([
    ['ean8', '96385074', /\^BY\d+\^B8N,\d+,N,N\^FH_\^FD9638507\^FS/],
    ['upca', '036000291452', /\^BY\d+\^BUN,\d+,N,N,Y\^FH_\^FD03600029145\^FS/],
    ['upce', '01234565', /\^BY\d+\^B9N,\d+,N,N,Y\^FH_\^FD1234500006\^FS/],
    ['code93', 'ABC-123', /\^BY\d+\^BAN,\d+,N,N,N\^FH_\^FDABC-123\^FS/],
    ['interleaved2of5', '1234567', /\^BY\d+,2\.0\^B2N,\d+,N,N,N\^FH_\^FD01234567\^FS/],
    ['itf14', '1540014128876', /\^BY\d+,2\.0\^B2N,\d+,N,N,Y\^FH_\^FD1540014128876\^FS/],
    ['azteccode', 'hello Aztec 123', /\^B0N,\d+,N,\d{3},N,1\^FH_\^FDhello Aztec 123\^FS/],
  ])(
    'writes %s with the printer command that has it (not rendered: zpl-renderer-js lacks some)',
    (symbology, value, pattern) => {
      const element = laidOutBarcode(
        fonts,
        { symbology, showText: false },
        value,
        { x: 20, y: 30, width: 200, height: 60 },
        203,
      );
      expect(labelZpl(element, 203)).toMatch(pattern);
    },
  );
});

describe('barcode in ZPL: human-readable line and fallbacks', () => {
  it("draws the layout's line with the printer's scalable font, not the barcode's interpretation line", async () => {
    const box = { x: 40, y: 20, width: 160, height: 70 };
    const element = laidOutBarcode(fonts, { symbology: 'ean13' }, '590123412345', box, 203);
    const { zpl, raster } = await printed(element, 203);
    expect(zpl).toMatch(/\^BEN,\d+,N,N/);
    expect(zpl).toMatch(/\^A0N,\d+,\d+\^FB\d+,1,0,C\^FH_\^FD5901234123457\^FS/);
    expect((await decode(raster, ['EAN13'])).map((result) => result.text)).toEqual(['5901234123457']);
    // The digits print below the bars and stay inside the box.
    const bounds = darkBounds(raster);
    const symbol = element.symbol.kind === 'linear' ? element.symbol : undefined;
    expect(bounds?.bottom).toBeGreaterThan(pointsToDots((symbol?.y ?? 0) + (symbol?.height ?? 0), 203) + 5);
    expectInside(bounds, boxDots(box, 203, 2));
  });

  it('turns the line with the bars', async () => {
    const box = { x: 100, y: 60, width: 120, height: 70 };
    const element = { ...laidOutBarcode(fonts, { symbology: 'ean13' }, '590123412345', box, 203), rotation: 90 };
    const { zpl, raster } = await printed(element, 203);
    expect(zpl).toMatch(/\^BER,\d+,N,N/);
    expect(zpl).toMatch(/\^A0R,\d+,\d+\^FB\d+,1,0,C\^FH_\^FD5901234123457\^FS/);
    expect((await decode(raster, ['EAN13'])).map((result) => result.text)).toEqual(['5901234123457']);
    const turned = {
      x: box.x + (box.width - box.height) / 2,
      y: box.y + (box.height - box.width) / 2,
      width: box.height,
      height: box.width,
    };
    expectInside(darkBounds(raster), boxDots(turned, 203, 2));
  });

  it('falls back to a graphic of the layout for rotations that are not quarter turns', async () => {
    const element = {
      ...laidOutBarcode(fonts, { symbology: 'qrcode' }, 'tilted', { x: 80, y: 20, width: 90, height: 90 }, 300),
      rotation: 30,
    };
    const { zpl, raster } = await printed(element, 300);
    expect(zpl).not.toContain('^BQ');
    expect(zpl).toContain('^GFA');
    expect((await decode(raster, ['QRCode'])).map((result) => result.text)).toEqual(['tilted']);
  });

  it('falls back to a graphic when QR modules would need more than the 10 dots ^BQ can magnify', async () => {
    const element = laidOutBarcode(
      fonts,
      { symbology: 'qrcode' },
      'big',
      { x: 20, y: 10, width: 120, height: 120 },
      300,
    );
    const { zpl, raster } = await printed(element, 300);
    expect(zpl).not.toContain('^BQ');
    expect((await decode(raster, ['QRCode'])).map((result) => result.text)).toEqual(['big']);
  });

  it('falls back to a graphic for code 128 values a printer would read as invocation codes', () => {
    const element = laidOutBarcode(
      fonts,
      { symbology: 'code128', showText: false },
      'a>8b',
      { x: 20, y: 30, width: 200, height: 50 },
      203,
    );
    const zpl = labelZpl(element, 203);
    expect(zpl).not.toContain('^BC');
    expect(zpl).toContain('^GFA');
  });

  it('falls back to a graphic when a layout made for another resolution has modules narrower than a dot here', () => {
    const element = laidOutBarcode(
      fonts,
      { symbology: 'code128', showText: false },
      'A LONG VALUE FOR A SMALL BOX',
      { x: 20, y: 30, width: 60, height: 20 },
      300,
    );
    expect(labelZpl(element, 203)).toContain('^GFA');
  });
});
