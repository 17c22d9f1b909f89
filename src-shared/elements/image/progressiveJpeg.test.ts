// Progressive JPEGs (SOF2, what image editors export "for the web"): read, charged and printed like baseline ones in every output.
import { describe, expect, it } from 'vitest';
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import { PixelBudgetError, RENDER_PIXEL_BUDGET } from '../../render/pixelBudget';
import { RenderPixels } from '../../render/renderPixels';
import {
  isDark,
  layoutTestContext,
  pdfPage,
  probeMismatches,
  renderPdf,
  renderSvg,
  renderZpl,
  svgTestContext,
  zplTestContext,
  type Probe,
} from '../../../test/support/engine/rasterTestSupport';
import { emitImagePdf } from './emitImagePdf';
import { emitImageSvg } from './emitImageSvg';
import { emitImageZpl } from './emitImageZpl';
import { readEmbeddedImage } from './imageData';
import { catchError, craftJpeg, jpegDataUri, progressiveJpeg } from '../../../test/support/engine/imageTestSupport';
import type { ImageElement } from './imageSchema';
import { readJpegFrame } from './jpegFrame';
import { layoutImage } from './layoutImage';

/** Yellow (255, 255, 0) and black in YCbCr, as JFIF defines it. */
const YELLOW_YCC = [226, 1, 149];
const BLACK_YCC = [0, 128, 128];
/** 32 x 16 pixels: black on the left half, yellow on the right (flat 8x8 blocks, so the colours are exact). */
const LOGO = jpegDataUri(progressiveJpeg(4, 2, (bx) => (bx < 2 ? BLACK_YCC : YELLOW_YCC)));
const BOX: Box = { x: 20, y: 20, width: 60, height: 60 };
const LABEL = { width: 100, height: 100 };
// Contained in the 60pt box, the 2:1 image is 60 x 30 points at y = 35: bands of paper above and below.
const PROBES: Probe[] = [
  [30, 50, '#000000'],
  [70, 50, '#ffff00'],
  [50, 27, 'paper'],
  [50, 73, 'paper'],
];

function laidOutImage(src: string): LaidOutOf<'image'> {
  const element: ImageElement = {
    id: 'img',
    type: 'image',
    src,
    position: { mode: 'absolute', x: '0pt', y: '0pt' },
    width: '1pt',
    height: '1pt',
    rotation: 0,
  };
  const image = layoutImage(element, BOX, layoutTestContext());
  if (image === null) throw new Error('image laid out to nothing');
  return image;
}

describe('progressive JPEG', () => {
  it('is read from its SOF2 frame header, its coefficient buffers counted (components x blocks x 64 x 2 bytes)', () => {
    const bytes = progressiveJpeg(4, 2, () => BLACK_YCC);
    expect(readJpegFrame(bytes, 'img')).toEqual({
      width: 32,
      height: 16,
      length: bytes.length,
      coefficientBytes: 3 * 8 * 64 * 2,
    });
    const grey = progressiveJpeg(5, 3, () => [128]);
    expect(readJpegFrame(grey, 'img')).toMatchObject({ width: 40, height: 24, coefficientBytes: 15 * 64 * 2 });
  });

  it('is charged its pixels and its coefficients (4 bytes a budget pixel) in the pixel budget; a baseline JPEG its pixels', () => {
    const image = readEmbeddedImage(LOGO, 'img');
    expect(image).toMatchObject({
      mime: 'image/jpeg',
      pixelWidth: 32,
      pixelHeight: 16,
      decodedPixels: 32 * 16 + (3 * 8 * 128) / 4,
    });
    const pixels = new RenderPixels();
    pixels.readImage(LOGO, 'img');
    expect(pixels.budget.used).toBe(32 * 16 + 768);
  });

  it('two 5000x5000 colour photos fit a render as baseline JPEGs, not as progressive ones (their coefficients are charged)', () => {
    const baseline = new RenderPixels();
    for (const tag of ['a', 'b'])
      baseline.readImage(
        jpegDataUri(craftJpeg({ frames: [{ width: 5000, height: 5000 }], blocks: 4096, comment: tag })),
        tag,
      );
    expect(baseline.budget.used).toBe(2 * 25_000_000);
    // 625 x 625 blocks of 3 components: 25 million pixels and 3 x 390,625 x 128 bytes (37.5 million budget pixels).
    const progressive = new RenderPixels();
    const photo = (level: number) => jpegDataUri(progressiveJpeg(625, 625, () => [level, 128, 128]));
    progressive.readImage(photo(100), 'a');
    expect(progressive.budget.used).toBe(62_500_000);
    const error = catchError(() => progressive.readImage(photo(200), 'b'));
    expect(error).toBeInstanceOf(PixelBudgetError);
    expect(error).toMatchObject({
      status: 400,
      details: { budget: 'pixels', limit: RENDER_PIXEL_BUDGET, requested: 62_500_000 },
    });
  });

  it('prints its pixels in PNG (resvg)', () => {
    const raster = renderSvg(emitImageSvg(laidOutImage(LOGO), svgTestContext), LABEL.width, LABEL.height, 150);
    expect(probeMismatches(raster, 150, PROBES)).toEqual([]);
  });

  it('prints its pixels in PDF (pdfkit embeds it as is; poppler draws it)', async () => {
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitImagePdf(laidOutImage(LOGO), ctx));
    expect(pdf.toString('latin1')).toMatch(/\/Filter \/DCTDecode/);
    expect(probeMismatches(await renderPdf(pdf, 150), 150, PROBES)).toEqual([]);
  });

  it('prints its pixels in ZPL (rasterised by resvg, made 1-bit)', async () => {
    const dpi = 203;
    const dots = (points: number) => Math.round((points * dpi) / 72);
    const zpl = emitImageZpl(laidOutImage(LOGO), zplTestContext(dpi));
    expect(zpl).toMatch(/^\^FO\d+,\d+\^GFA,/);
    const raster = await renderZpl(zpl, dots(LABEL.width), dots(LABEL.height), dpi);
    for (const [x, y, colour] of PROBES)
      expect(isDark(raster, dots(x), dots(y)), `${x},${y}`).toBe(colour === '#000000');
  });
});
