// Progressive JPEGs (what image editors export "for the web"), made by libjpeg-turbo's jpegtran from a baseline one: every output draws them as it draws the baseline, and their decode is charged with its coefficient buffers.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '../../../src-main/fonts/bundledFonts';
import { renderLabel } from '../../render/renderLabel';
import { PixelBudgetError } from '../../render/pixelBudget';
import { RenderPixels } from '../../render/renderPixels';
import { renderPdf } from '../rasterTestSupport';
import { readEmbeddedImage } from './imageData';
import { jpegDataUri } from './imageTestSupport';

const fonts = bundledFonts();

/** A 96 x 64 JPEG: a black left half, a white right half with a grey square. */
function baselineJpeg(): Buffer {
  const [width, height] = [96, 64];
  const data = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grey = x < width / 2 ? 0 : x > 60 && x < 84 && y > 16 && y < 48 ? 128 : 255;
      data.fill(grey, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return jpeg.encode({ data, width, height }, 90).data;
}

/** The same image, losslessly rewritten as a progressive JPEG (SOF2, several scans) by jpegtran. */
async function progressive(baseline: Buffer): Promise<Buffer> {
  const child = promisify(execFile)('jpegtran', ['-progressive'], { encoding: 'buffer', maxBuffer: 1 << 24 });
  child.child.stdin?.end(baseline);
  return (await child).stdout;
}

const isProgressive = (bytes: Buffer): boolean => bytes.includes(Buffer.from([0xff, 0xc2]));

function labelWith(src: string) {
  return {
    formatVersion: 1,
    meta: { name: 'Photo' },
    dimensions: { width: '30mm', height: '20mm' },
    elements: [{ id: 'photo', type: 'image', src, position: { mode: 'absolute', x: '2mm', y: '2mm' }, width: '24mm', height: '16mm' }],
  };
}

async function render(src: string, format: 'png' | 'pdf' | 'zpl'): Promise<Buffer> {
  return Buffer.from((await renderLabel(labelWith(src), {}, { format, dpi: 203, fonts })).bytes);
}

describe('progressive JPEG', () => {
  it('is read with its size, and its decode charged with 2 bytes a coefficient besides its pixels', async () => {
    const bytes = await progressive(baselineJpeg());
    expect(isProgressive(bytes)).toBe(true);
    const image = readEmbeddedImage(jpegDataUri(bytes), 'photo');
    expect([image.mime, image.pixelWidth, image.pixelHeight]).toEqual(['image/jpeg', 96, 64]);
    // Three components (jpeg-js writes colour): 96 x 64 pixels, and 96 x 64 x 3 coefficients of 2 bytes in pixels of 4.
    expect(image.decodePixels).toBe(96 * 64 + (96 * 64 * 3 * 2) / 4);
    expect(readEmbeddedImage(jpegDataUri(baselineJpeg()), 'photo').decodePixels).toBeUndefined();
  });

  it('draws exactly as the baseline JPEG it was made from, in PNG, PDF (through pdftoppm) and ZPL', async () => {
    const baseline = baselineJpeg();
    const [before, after] = [jpegDataUri(baseline), jpegDataUri(await progressive(baseline))];
    expect(PNG.sync.read(await render(after, 'png')).data).toEqual(PNG.sync.read(await render(before, 'png')).data);
    expect((await renderPdf(await render(after, 'pdf'), 203)).rgba).toEqual((await renderPdf(await render(before, 'pdf'), 203)).rgba);
    const zpl = (await render(after, 'zpl')).toString('latin1');
    expect(zpl).toContain('^GFA');
    expect(zpl).toBe((await render(before, 'zpl')).toString('latin1'));
  });

  it('is refused before any decode once its coefficient buffers would pass the render pixel budget', () => {
    // A frame header of 4,900 x 4,900 pixels (under the 25-megapixel limit of one image): 24 million pixels, 60 million
    // with three components' coefficients. Two such images pass the 100-million budget, where two baseline ones would not.
    const claimed = (grey: number, marker: number) => {
      const bytes = Buffer.from(jpeg.encode({ data: Buffer.alloc(16 * 16 * 4, grey), width: 16, height: 16 }, 90).data);
      const at = bytes.indexOf(Buffer.from([0xff, 0xc0]));
      bytes[at + 1] = marker; // decoders size their buffers from the frame header, before any scan
      bytes.writeUInt16BE(4900, at + 5);
      bytes.writeUInt16BE(4900, at + 7);
      return jpegDataUri(bytes);
    };
    const progressivePixels = new RenderPixels();
    progressivePixels.readImage(claimed(10, 0xc2), 'first');
    expect(() => progressivePixels.readImage(claimed(20, 0xc2), 'second')).toThrow(PixelBudgetError);
    const baselinePixels = new RenderPixels();
    for (const grey of [10, 20]) baselinePixels.readImage(claimed(grey, 0xc0), `grey ${grey}`);
  });
});
