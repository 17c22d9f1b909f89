import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { emitPdf } from '../../emit/pdf/emitPdf';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { colorAt, colorNear, pointsToPixels, renderPdf } from '../../../test/support/engine/rasterTestSupport';
import { darkBounds, decode, laidOutBarcode, ZXING_FORMATS } from '../../../test/support/engine/barcodeTestSupport';

const fonts = bundledFonts();

const DPI = 300;
const LABEL = { width: 300, height: 160 };

function pdfOf(element: LaidOutOf<'barcode'>): Promise<Uint8Array> {
  return emitPdf({ ...LABEL, elements: [element], warnings: [] }, fonts);
}

/** The page's text as poppler extracts it. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'labelsmith-barcode-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdftotext', [join(dir, 'in.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('barcode in PDF', () => {
  it.each([
    ['code128', 'Hello-123', { x: 40, y: 30, width: 200, height: 60 }],
    ['ean13', '5901234123457', { x: 60, y: 30, width: 160, height: 70 }],
    ['gs1-128', '(01)09521234543213(10)ABC', { x: 30, y: 30, width: 240, height: 60 }],
    ['qrcode', 'Hello PDF https://example.com', { x: 100, y: 30, width: 90, height: 90 }],
    ['datamatrix', 'hello DataMatrix', { x: 100, y: 30, width: 70, height: 70 }],
    ['pdf417', 'hello world PDF417', { x: 30, y: 30, width: 240, height: 70 }],
  ] as const)('%s rasterised by poppler scans as its value', async (symbology, value, box) => {
    const raster = await renderPdf(Buffer.from(await pdfOf(laidOutBarcode(fonts, { symbology }, value, box))), DPI);
    expect((await decode(raster, [ZXING_FORMATS[symbology]])).map((result) => result.text)).toEqual([value]);
  });

  it('writes the human-readable line as real text, below bars drawn to the pixel where the layout put them', async () => {
    const box = { x: 60, y: 30, width: 160, height: 70 };
    const element = laidOutBarcode(fonts, { symbology: 'ean13' }, '590123412345', box);
    if (element.symbol.kind !== 'linear') throw new Error('expected bars');
    const pdf = await pdfOf(element);
    expect((await pdfText(pdf)).trim()).toBe('5901234123457');
    const bounds = darkBounds(await renderPdf(Buffer.from(pdf), DPI));
    expect(bounds?.left).toBe(Math.round(pointsToPixels(element.symbol.x, DPI)));
    expect((bounds?.right ?? 0) + 1).toBe(Math.round(pointsToPixels(element.symbol.x + element.symbol.width, DPI)));
    expect(bounds?.bottom).toBeLessThan(pointsToPixels(box.y + box.height, DPI));
  });

  it('fills bars and modules with the element colour', async () => {
    const box = { x: 100, y: 30, width: 90, height: 90 };
    const element = laidOutBarcode(fonts, { symbology: 'qrcode', style: { color: '#b00020' } }, 'colour', box);
    const raster = await renderPdf(Buffer.from(await pdfOf(element)), DPI);
    if (element.symbol.kind !== 'matrix') throw new Error('expected a module grid');
    // The centre of the top-left finder pattern's dark outer ring.
    const { x, y, moduleWidth } = element.symbol;
    expect(
      colorNear(
        colorAt(raster, pointsToPixels(x + moduleWidth / 2, DPI), pointsToPixels(y + moduleWidth / 2, DPI)),
        '#b00020',
      ),
    ).toBe(true);
    expect((await decode(raster, ['QRCode'])).map((result) => result.text)).toEqual(['colour']);
  });

  it('is turned by the document writer: a 90° code 128 still scans', async () => {
    const element = {
      ...laidOutBarcode(fonts, { symbology: 'code128', showText: false }, 'ROTATED', {
        x: 80,
        y: 55,
        width: 140,
        height: 50,
      }),
      rotation: 90,
    };
    const raster = await renderPdf(Buffer.from(await pdfOf(element)), DPI);
    expect((await decode(raster, ['Code128'])).map((result) => result.text)).toEqual(['ROTATED']);
    const bounds = darkBounds(raster);
    expect((bounds?.bottom ?? 0) - (bounds?.top ?? 0)).toBeGreaterThan((bounds?.right ?? 0) - (bounds?.left ?? 0));
  });
});
