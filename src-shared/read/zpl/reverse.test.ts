// Reverse fields (^FR, ^LR) by pixels: white where they cross black, black where they cross paper, in PNG and PDF alike.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '../../../src-main/fonts/bundledFonts';
import { isDark, renderPdf, type Raster } from '../../elements/rasterTestSupport';
import { emitHtml } from '../../emit/html/emitHtml';
import { emitPdf } from '../../emit/pdf/emitPdf';
import { emitPng } from '../../emit/png/emitPng';
import { rasterizeSvg } from '../../emit/png/rasterize';
import { labelToSvg } from '../../emit/svg/emitSvg';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { PixelBudget } from '../../render/pixelBudget';
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
      for (let dy = -1; dy <= 1 && solid; dy++) for (let dx = -1; dx <= 1 && solid; dx++) solid = isDark(raster, x + dx, y + dy);
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
    const raster = pngRaster(readLabel(`^XA^LRY^FO${BOX.left},${BOX.top}^GB${BOX.right - BOX.left},${BOX.bottom - BOX.top},200^FS${TEXT}^LRN^XZ`));
    expect(reversedAsExpected(raster, plainGlyph)).toEqual({ inside: 1, outside: 1 });
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

function pngRasterOf(png: Uint8Array): Raster {
  const decoded = PNG.sync.read(Buffer.from(png));
  return { width: decoded.width, height: decoded.height, rgba: new Uint8Array(decoded.data) };
}
