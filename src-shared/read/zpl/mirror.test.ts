// ^PMY (mirror image) by pixels: the whole label flipped left to right, text included, in png, pdf and zpl; with ^POI, ^FR and X-Rotation.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { isDark, renderPdf, type Raster } from '../../../test/support/engine/rasterTestSupport';
import { emitHtml } from '../../emit/html/emitHtml';
import { emitPdf } from '../../emit/pdf/emitPdf';
import { emitPngOfSize } from '../../emit/png/emitPng';
import { emitZpl } from '../../emit/zpl/emitZpl';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { PixelBudget } from '../../render/pixelBudget';
import { rotateLabel } from '../../render/rotateLabel';
import { importZpl } from './importZpl';
import { readZpl } from './readZpl';

const fonts = bundledFonts();
const WIDTH = 400;
const HEIGHT = 240;
const DPI = 203.2; // 8 dpmm: one pixel a dot

function readLabel(zpl: string): LaidOutLabel {
  const result = readZpl(zpl, {
    dpmm: 8,
    widthDots: WIDTH,
    heightDots: HEIGHT,
    budget: new PixelBudget(10_000_000),
    fonts,
  });
  expect(result.warnings).toEqual([]);
  return result.labels[0]!.label;
}

/** The label as the viewer draws it: one pixel a printer's dot, no antialiasing. */
async function dots(label: LaidOutLabel): Promise<Raster> {
  const [width, height] = label.width > label.height === WIDTH > HEIGHT ? [WIDTH, HEIGHT] : [HEIGHT, WIDTH];
  const png = PNG.sync.read(
    Buffer.from(await emitPngOfSize(label, fonts, { width, height, dpi: DPI, printerDots: true })),
  );
  return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
}

/** Each pixel's ink after `map` moves it: the raster the label would give drawn flipped or turned. */
function moved(
  raster: Raster,
  width: number,
  height: number,
  map: (x: number, y: number) => [number, number],
): Uint8Array {
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const [tx, ty] = map(x, y);
      ink[ty * width + tx] = isDark(raster, x, y) ? 1 : 0;
    }
  }
  return ink;
}

function inkOf(raster: Raster): Uint8Array {
  return moved(raster, raster.width, raster.height, (x, y) => [x, y]);
}

/** Share of the inked dots of either map that the other map inks too (1: the same drawing). */
function agreement(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] || b[i]) either++;
    if (a[i] && b[i]) both++;
  }
  return either === 0 ? 1 : both / either;
}

const flip = (raster: Raster) => moved(raster, raster.width, raster.height, (x, y) => [raster.width - 1 - x, y]);

// A box near the left edge, text (not symmetric: mirrored glyphs differ from upright ones) and a code 128.
const FIELDS = '^FO10,20^GB60,100,60^FS^FO100,30^A0N,50,40^FDRKG 42^FS^FO100,120^BY2^BCN,60,N^FD1234^FS';

describe('^PMY mirror image', () => {
  it('draws the whole label flipped left to right in the PNG: the box moves to the right edge, the text reads mirrored', async () => {
    const plain = await dots(readLabel(`^XA${FIELDS}^XZ`));
    const mirroredLabel = readLabel(`^XA^PMY${FIELDS}^XZ`);
    expect(mirroredLabel.mirror).toBe(true);
    const mirrored = await dots(mirroredLabel);
    // The box (x 10..69) is inked at x 330..389 and no longer at the left.
    expect(isDark(mirrored, WIDTH - 1 - 40, 70)).toBe(true);
    expect(isDark(mirrored, 40, 70)).toBe(false);
    expect(isDark(plain, 40, 70)).toBe(true);
    // Dot for dot the upright label's mirror image, glyphs and bars included.
    expect(agreement(inkOf(mirrored), flip(plain))).toBeGreaterThan(0.995);
    expect(agreement(inkOf(mirrored), inkOf(plain))).toBeLessThan(0.5);
  });

  it('draws it flipped in the PDF too', async () => {
    const plain = await dots(readLabel(`^XA${FIELDS}^XZ`));
    const pdf = await renderPdf(Buffer.from(await emitPdf(readLabel(`^XA^PMY${FIELDS}^XZ`), fonts)), DPI);
    expect([pdf.width, pdf.height]).toEqual([WIDTH, HEIGHT]);
    expect(isDark(pdf, WIDTH - 1 - 40, 70)).toBe(true);
    expect(isDark(pdf, 40, 70)).toBe(false);
    expect(agreement(inkOf(pdf), flip(plain))).toBeGreaterThan(0.9);
  });

  it('mirrors the HTML page and writes ^PMY back in ZPL, which reads back mirrored', async () => {
    // Without the code 128: the writer spells a code read from ZPL in a form this round trip is not about.
    const label = readLabel(`^XA^PMY${FIELDS.slice(0, FIELDS.indexOf('^FO100,120'))}^XZ`);
    expect(await emitHtml(label, fonts)).toContain('<div class="ls-label ls-mirror"');
    expect(await emitHtml(readLabel(`^XA${FIELDS}^XZ`), fonts)).not.toContain('ls-mirror');
    const written = emitZpl(label, fonts, { dpi: 203 });
    expect(written).toContain('^PMY');
    const back = readLabel(written);
    expect(back.mirror).toBe(true);
    expect(agreement(inkOf(await dots(back)), inkOf(await dots(label)))).toBeGreaterThan(0.95);
  });

  it('stays in force for the next labels until ^PMN, as a printer setting', () => {
    const result = readZpl(`^XA^PMY${FIELDS}^XZ^XA${FIELDS}^XZ^XA^PMN${FIELDS}^XZ`, {
      dpmm: 8,
      widthDots: WIDTH,
      heightDots: HEIGHT,
      budget: new PixelBudget(10_000_000),
      fonts,
    });
    expect(result.labels.map(({ label }) => label.mirror === true)).toEqual([true, true, false]);
  });

  it('with ^POI gives the upright label flipped top to bottom (a half turn after a left-right flip)', async () => {
    const plain = await dots(readLabel(`^XA${FIELDS}^XZ`));
    const both = await dots(readLabel(`^XA^POI^PMY${FIELDS}^XZ`));
    expect(
      agreement(
        inkOf(both),
        moved(plain, WIDTH, HEIGHT, (x, y) => [x, HEIGHT - 1 - y]),
      ),
    ).toBeGreaterThan(0.99);
  });

  it('keeps reversed fields inverting what is beneath them', async () => {
    const zpl = '^FO50,40^GB300,120,120^FS^FO20,60^FR^A0N,60,50^FDREVERSE^FS';
    const plain = await dots(readLabel(`^XA${zpl}^XZ`));
    const mirrored = await dots(readLabel(`^XA^PMY${zpl}^XZ`));
    expect(agreement(inkOf(mirrored), flip(plain))).toBeGreaterThan(0.995);
  });

  it('turns the mirrored drawing by X-Rotation (the flip first, then the quarter turn)', async () => {
    const plain = await dots(readLabel(`^XA${FIELDS}^XZ`));
    const label = readLabel(`^XA^PMY${FIELDS}^XZ`);
    // The upright label's dot (x, y) is mirrored to (W-1-x, y), which a clockwise quarter turn puts at (H-1-y, W-1-x).
    const quarter = await dots(rotateLabel(label, 90));
    expect([quarter.width, quarter.height]).toEqual([HEIGHT, WIDTH]);
    expect(
      agreement(
        inkOf(quarter),
        moved(plain, HEIGHT, WIDTH, (x, y) => [HEIGHT - 1 - y, WIDTH - 1 - x]),
      ),
    ).toBeGreaterThan(0.99);
    const threeQuarters = await dots(rotateLabel(label, 270));
    expect(
      agreement(
        inkOf(threeQuarters),
        moved(plain, HEIGHT, WIDTH, (x, y) => [y, x]),
      ),
    ).toBeGreaterThan(0.99);
  });

  it('imports unmirrored, with a warning that says so', () => {
    const imported = importZpl(`^XA^PMY${FIELDS}^XZ`, {
      dpmm: 8,
      widthDots: WIDTH,
      heightDots: HEIGHT,
      index: 0,
      fonts,
    });
    expect(imported.warnings.map((warning) => warning.code)).toContain('ZPL_IMPORT_MIRROR');
  });
});
