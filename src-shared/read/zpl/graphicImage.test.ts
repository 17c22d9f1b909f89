// Checks a ZPL graphic drawn through the real PNG and PDF emitters: every dot where it belongs, white dots see-through.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { emitPdf } from '../../emit/pdf/emitPdf';
import { emitPng } from '../../emit/png/emitPng';
import { isDark, renderPdf, type Raster } from '../../../test/support/engine/rasterTestSupport';
import type { LaidOutLabel, LaidOutRect } from '../../layout/laidOutLabel';
import { PixelBudget, PixelBudgetError } from '../../render/pixelBudget';
import { graphicImage } from './graphicImage';
import { pointsPerDot, type MonoBitmap, type ZplFieldContext } from './zplField';

const fonts = bundledFonts();
const DPI = 203.2; // 8 dots per mm: one pixel a dot
const scale = pointsPerDot(8);

function context(limit = 1_000_000): ZplFieldContext {
  return { dpmm: 8, budget: new PixelBudget(limit), warn: () => undefined };
}

/** A 7 x 5 arrow-ish shape: a width that is no whole number of bytes. */
function bitmap(): MonoBitmap {
  const rows = ['1000001', '0100010', '0011100', '0100010', '1111111'];
  return { width: 7, height: 5, dots: Uint8Array.from(rows.join(''), Number) };
}

/** A black box under the left half of the label, so see-through white dots can be told from opaque ones. */
function blackBox(widthDots: number, heightDots: number): LaidOutRect {
  const box = { x: 0, y: 0, width: widthDots * scale, height: heightDots * scale };
  return { type: 'rect', id: 'under', box, rotation: 0, shape: box, fill: '#000000', strokeWidth: 0, cornerRadius: 0 };
}

function label(widthDots: number, heightDots: number, elements: LaidOutLabel['elements']): LaidOutLabel {
  return { width: widthDots * scale, height: heightDots * scale, elements, warnings: [] };
}

function decode(png: Uint8Array): Raster {
  const image = PNG.sync.read(Buffer.from(png));
  return { width: image.width, height: image.height, rgba: new Uint8Array(image.data) };
}

/** Dots where the raster disagrees with: the graphic magnified at (left, top), over a black box `boxWidth` dots wide. */
function mismatches(
  raster: Raster,
  graphic: MonoBitmap,
  left: number,
  top: number,
  mx: number,
  my: number,
  boxWidth: number,
): string[] {
  const wrong: string[] = [];
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const gx = Math.floor((x - left) / mx);
      const gy = Math.floor((y - top) / my);
      const inGraphic = gx >= 0 && gy >= 0 && gx < graphic.width && gy < graphic.height;
      const black = x < boxWidth || (inGraphic && graphic.dots[gy * graphic.width + gx] === 1);
      if (isDark(raster, x + 0.5, y + 0.5) !== black) wrong.push(`${x},${y}`);
    }
  }
  return wrong;
}

describe('graphicImage', () => {
  it('draws black dots at the ^FO origin and lets white dots show what is beneath (PNG)', async () => {
    const element = graphicImage(
      'g',
      bitmap(),
      { x: 6, y: 4, kind: 'FO', justification: 0 },
      { x: 1, y: 1 },
      false,
      context(),
    );
    expect(element).toMatchObject({ pixelWidth: 7, pixelHeight: 5, rotation: 0 });
    const raster = decode(await emitPng(label(24, 12, [blackBox(9, 12), element]), fonts, { dpi: DPI }));
    expect(mismatches(raster, bitmap(), 6, 4, 1, 1, 9)).toEqual([]);
  });

  it('magnifies each dot to x by y dots, and ^FT puts the bottom-left corner at the origin', async () => {
    const element = graphicImage(
      'g',
      bitmap(),
      { x: 3, y: 17, kind: 'FT', justification: 0 },
      { x: 3, y: 2 },
      false,
      context(),
    );
    expect(element).toMatchObject({ pixelWidth: 21, pixelHeight: 10 });
    const raster = decode(await emitPng(label(30, 20, [blackBox(2, 20), element]), fonts, { dpi: DPI }));
    expect(mismatches(raster, bitmap(), 3, 7, 3, 2, 2)).toEqual([]);
  });

  it('draws the same dots through the PDF writer, white ones see-through there too', async () => {
    const element = graphicImage(
      'g',
      bitmap(),
      { x: 8, y: 4, kind: 'FO', justification: 0 },
      { x: 4, y: 4 },
      false,
      context(),
    );
    const raster = await renderPdf(Buffer.from(await emitPdf(label(40, 28, [blackBox(18, 28), element]), fonts)), DPI);
    // The PDF rasteriser samples a small image with sub-pixel offsets: compare the inner 2 x 2 dots of each 4 x 4 block.
    const wrong = mismatches(raster, bitmap(), 8, 4, 4, 4, 18).filter((at) => {
      const [x = 0, y = 0] = at.split(',').map(Number);
      return [1, 2].includes((x - 8) % 4) && [1, 2].includes((y - 4) % 4);
    });
    expect(wrong).toEqual([]);
  });

  it('charges the magnified size to the budget before encoding', () => {
    const ctx = context(1000);
    graphicImage('g', bitmap(), { x: 0, y: 0, kind: 'FO', justification: 0 }, { x: 2, y: 3 }, false, ctx);
    expect(ctx.budget.used).toBe(7 * 2 * 5 * 3);
    expect(() =>
      graphicImage('g', bitmap(), { x: 0, y: 0, kind: 'FO', justification: 0 }, { x: 10, y: 10 }, false, ctx),
    ).toThrow(PixelBudgetError);
  });
});
