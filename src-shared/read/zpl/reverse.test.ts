// Reverse fields (^FR, ^LR) by pixels: white where they cross black, black where they cross paper, in PNG and PDF alike.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { isDark, renderPdf, type Raster } from '../../../test/support/engine/rasterTestSupport';
import { emitHtml } from '../../emit/html/emitHtml';
import { emitPdf } from '../../emit/pdf/emitPdf';
import { emitPng } from '../../emit/png/emitPng';
import { rasterizeSvg } from '../../emit/png/rasterize';
import { labelToSvg } from '../../emit/svg/emitSvg';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { PixelBudget } from '../../render/pixelBudget';
import { scanned } from '../../../test/support/engine/barcodeFieldTestSupport';
import { readZpl } from './readZpl';
import { PNG } from 'pngjs';

const fonts = bundledFonts();
const DPI = 203.2; // 8 dpmm: one pixel per dot

function readLabel(zpl: string): LaidOutLabel {
  const result = readZpl(zpl, { dpmm: 8, widthDots: 600, heightDots: 400, budget: new PixelBudget(10_000_000), fonts });
  return result.labels[0]!.label;
}

function pngRaster(label: LaidOutLabel): Raster {
  return rasterizeSvg(labelToSvg(label, fonts, { width: '600', height: '400' }), 600);
}

const BOX = { left: 200, top: 100, right: 500, bottom: 300 };
const TEXT = '^FO100,150^A0N,100,100^FDREVERSE WIDE^FS';
const inBox = (x: number, y: number) => x >= BOX.left && x < BOX.right && y >= BOX.top && y < BOX.bottom;

/** Dots where the plain text is solidly inked (all 8 neighbours too, so anti-aliased edges do not count). */
function solidGlyphDots(raster: Raster): [number, number][] {
  const dots: [number, number][] = [];
  for (let y = 1; y < raster.height - 1; y++) {
    for (let x = 1; x < raster.width - 1; x++) {
      let solid = true;
      for (let dy = -1; dy <= 1 && solid; dy++)
        for (let dx = -1; dx <= 1 && solid; dx++) solid = isDark(raster, x + dx, y + dy);
      if (solid) dots.push([x, y]);
    }
  }
  return dots;
}

/** Share of the glyph's solid dots that read as expected: white inside the box, black outside it. */
function reversedAsExpected(raster: Raster, glyph: [number, number][]): { inside: number; outside: number } {
  let insideRight = 0;
  let inside = 0;
  let outsideRight = 0;
  let outside = 0;
  for (const [x, y] of glyph) {
    if (inBox(x, y)) {
      inside++;
      if (!isDark(raster, x, y)) insideRight++;
    } else {
      outside++;
      if (isDark(raster, x, y)) outsideRight++;
    }
  }
  return { inside: insideRight / inside, outside: outsideRight / outside };
}

describe('reverse fields', () => {
  const plainGlyph = solidGlyphDots(pngRaster(readLabel(`^XA${TEXT}^XZ`)));
  const zpl = `^XA^FO${BOX.left},${BOX.top}^GB${BOX.right - BOX.left},${BOX.bottom - BOX.top},200^FS${TEXT.replace('^FD', '^FR^FD')}^XZ`;

  it('reads white inside a black box and black outside it (PNG)', () => {
    expect(plainGlyph.length).toBeGreaterThan(1000);
    const raster = pngRaster(readLabel(zpl));
    const share = reversedAsExpected(raster, plainGlyph);
    expect(share.inside).toBe(1);
    expect(share.outside).toBe(1);
    // The box away from the text stays black.
    expect(isDark(raster, 480, 120)).toBe(true);
  });

  it('reads the same in the PDF (ExtGState /BM /Difference)', async () => {
    const raster = await renderPdf(Buffer.from(await emitPdf(readLabel(zpl), fonts)), DPI);
    const share = reversedAsExpected(raster, plainGlyph);
    expect(share.inside).toBeGreaterThan(0.98);
    expect(share.outside).toBeGreaterThan(0.98);
  });

  it('^LR reverses every field of the label', () => {
    const raster = pngRaster(
      readLabel(
        `^XA^LRY^FO${BOX.left},${BOX.top}^GB${BOX.right - BOX.left},${BOX.bottom - BOX.top},200^FS${TEXT}^LRN^XZ`,
      ),
    );
    expect(reversedAsExpected(raster, plainGlyph)).toEqual({ inside: 1, outside: 1 });
  });

  it('inverts a reversed barcode (^FR before ^BC, ^BQ, ^BX): white bars across black, black bars on paper, decoding in both', async () => {
    for (const [symbol, format, data, expected] of [
      ['^BY2^BCN,60,N,N,N', 'Code128', 'REV128', 'REV128'],
      ['^BQN,2,4', 'QRCode', 'QA,REVERSED QR', 'REVERSED QR'],
      ['^BXN,5,200', 'DataMatrix', 'REVERSED DM', 'REVERSED DM'],
    ] as const) {
      // The same symbol twice: once inside a black box (it must read as white modules), once on paper.
      const onBlack = `^FO0,0^GB600,200,200^FS^FO40,40^FR${symbol}^FD${data}^FS`;
      const onPaper = `^FO40,240^FR${symbol}^FD${data}^FS`;
      for (const [where, top, bottom, inverted] of [
        ['on black', 0, 200, true],
        ['on paper', 200, 400, false],
      ] as const) {
        const label = readLabel(`^XA${where === 'on black' ? onBlack : onPaper}^XZ`);
        for (const [output, raster] of [
          ['png', pngRaster(label)],
          ['pdf', await renderPdf(Buffer.from(await emitPdf(label, fonts)), DPI)],
        ] as const) {
          const region = cropRows(raster, top, bottom, inverted);
          expect(await scanned(region, format), `${format} ${where} (${output})`).toEqual([expected]);
        }
      }
    }
  });

  it('blends by difference in HTML and writes ^FR back in ZPL', async () => {
    const label = readLabel(zpl);
    expect(await emitHtml(label, fonts)).toContain('class="ls-el ls-reverse"');
    const written = emitZpl(label, fonts, { dpi: 203 });
    expect(written).toMatch(/\^GB300,200,200,B,0\^FS/);
    expect(written).toMatch(/\^FR\^FH_\^FDREVERSE WIDE\^FS/);
    // Read back, the written label reverses the same dots.
    const back = pngRasterOf(await emitPng(readLabel(written), fonts, { dpi: DPI }));
    const share = reversedAsExpected(back, plainGlyph);
    expect(share.inside).toBeGreaterThan(0.95);
    expect(share.outside).toBeGreaterThan(0.95);
  });
});

/** Rows `top` to `bottom` of the raster, inverted when asked (ZXing reads dark modules on light paper). */
function cropRows(raster: Raster, top: number, bottom: number, invert: boolean): Raster {
  const rgba = raster.rgba.slice(top * raster.width * 4, bottom * raster.width * 4);
  if (invert) for (let i = 0; i < rgba.length; i += 4) for (let c = 0; c < 3; c++) rgba[i + c] = 255 - rgba[i + c]!;
  return { width: raster.width, height: bottom - top, rgba };
}

function pngRasterOf(png: Uint8Array): Raster {
  const decoded = PNG.sync.read(Buffer.from(png));
  return { width: decoded.width, height: decoded.height, rgba: new Uint8Array(decoded.data) };
}
