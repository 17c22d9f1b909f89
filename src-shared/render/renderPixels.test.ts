// The pixel budgets end to end through renderLabel and renderLabels: images charged by content, drawings and rasters on top.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { craftJpeg, craftPng, jpegDataUri, pngDataUri, residentMb } from '../../test/support/engine/imageTestSupport';
import { BATCH_PIXEL_BUDGET, PixelBudgetError, RENDER_PIXEL_BUDGET } from './pixelBudget';
import { renderLabels } from './renderBatch';
import { renderLabel } from './renderLabel';
import type { OutputFormat } from './outputFormats';

const fonts = bundledFonts();

/**
 * A 5000x5000 JPEG (25 megapixels, the most one image may have) of 1 KB, as an attacker sends it: decoders allocate
 * the frame's size whatever its scan holds (they fill what is missing). `tag` makes distinct contents.
 */
const bigPhoto = (tag = '') =>
  jpegDataUri(craftJpeg({ frames: [{ width: 5000, height: 5000 }], blocks: 4096, comment: `photo ${tag}` }));

function imageElement(index: number, contentExpression: string): Record<string, unknown> {
  return {
    id: `p${index}`,
    type: 'image',
    contentExpression,
    position: { mode: 'absolute', x: `${(index % 4) * 25}mm`, y: `${(Math.floor(index / 4) % 6) * 25}mm` },
    width: '25mm',
    height: '25mm',
  };
}

function template(elements: unknown[], dimensions = { width: '4in', height: '6in' }): unknown {
  return { formatVersion: 1, meta: { name: 'Photos' }, dimensions, elements };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the render to be refused');
    },
    (error: unknown) => error,
  );
}

const imageObjects = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString('latin1')
    .match(/\/Subtype \/Image/g)?.length ?? 0;

describe('one image used by 300 elements (a 1 KB image decoding to 25 megapixels each)', () => {
  const sharing = template(Array.from({ length: 300 }, (_, index) => imageElement(index, 'photo')));
  const data = { photo: bigPhoto() };

  for (const format of ['png', 'zpl'] as const satisfies OutputFormat[]) {
    it(`${format}: refused with 400 before the rasteriser decodes it again and again, memory staying small`, async () => {
      const before = residentMb();
      const error = await rejection(renderLabel(sharing, data, { format, fonts }));
      expect(error).toBeInstanceOf(PixelBudgetError);
      expect(error).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        details: { budget: 'pixels', limit: RENDER_PIXEL_BUDGET },
      });
      expect((error as Error).message).toMatch(
        /^image "p\d+" \(the rasteriser decodes every image element on its own\) needs 25,000,000 decoded pixels; .* budget of 100,000,000/,
      );
      expect(residentMb() - before).toBeLessThan(300);
    });
  }

  it('zpl: refused before its first graphic is rasterised (nothing made of the image is kept)', async () => {
    const kept = new Map<string, unknown>();
    const images = {
      digest: (text: string) => createHash('sha256').update(text).digest('hex'),
      get: (key: string) => kept.get(key),
      set: (key: string, value: unknown) => void kept.set(key, value),
    };
    await expect(renderLabel(sharing, data, { format: 'zpl', fonts, images })).rejects.toBeInstanceOf(PixelBudgetError);
    // The read of the image is kept (it is checked before anything is charged); no ^GF graphic was made of it.
    expect([...kept.keys()].map((key) => key.split(':')[0])).toEqual(['read']);
  });

  it('pdf: rendered with the image embedded once (read once, decoded by a reader once), memory staying small', async () => {
    const before = residentMb();
    const output = await renderLabel(sharing, data, { format: 'pdf', fonts });
    expect(imageObjects(output.bytes)).toBe(1);
    expect(residentMb() - before).toBeLessThan(300);
  });
});

describe('distinct images', () => {
  const photos = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`photo${index}`, bigPhoto(String(index))]));
  const elements = (count: number) => Array.from({ length: count }, (_, index) => imageElement(index, `photo${index}`));

  it('are charged once each: four 25-megapixel photos fill a render budget, a fifth is refused naming its element and the budget', async () => {
    expect(imageObjects((await renderLabel(template(elements(4)), photos(4), { format: 'pdf', fonts })).bytes)).toBe(4);
    const error = await rejection(renderLabel(template(elements(5)), photos(5), { format: 'pdf', fonts }));
    expect(error).toBeInstanceOf(PixelBudgetError);
    expect((error as Error).message).toMatch(
      /^image "p4" needs 25,000,000 decoded pixels; this render has 0 of its budget of 100,000,000 left/,
    );
  });

  it('leave room for the PNG raster, which is charged too', async () => {
    const bigLabel = template(elements(3), { width: '8in', height: '12in' });
    const error = await rejection(renderLabel(bigLabel, photos(3), { format: 'png', dpi: 600, fonts }));
    expect((error as Error).message).toMatch(
      /^the label \(a 4800 x 7200 pixel raster\) needs 34,560,000 decoded pixels; this render has 25,000,000 of its budget/,
    );
  });

  it('of a batch share one batch budget: each distinct photo counts once, however many labels show it', async () => {
    const records = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ photo: bigPhoto(String(index)) }));
    const oneEach = template([imageElement(0, 'photo')]);
    const perBudget = BATCH_PIXEL_BUDGET / 25_000_000;
    // The same photo on every label of a long batch costs it once.
    const same = await renderLabels(
      oneEach,
      Array.from({ length: 50 }, () => ({ photo: bigPhoto('0') })),
      { format: 'pdf', fonts },
    );
    expect([same.labelCount, imageObjects(same.bytes)]).toEqual([50, 1]);
    expect(imageObjects((await renderLabels(oneEach, records(perBudget), { format: 'pdf', fonts })).bytes)).toBe(
      perBudget,
    );
    const error = await rejection(renderLabels(oneEach, records(perBudget + 1), { format: 'pdf', fonts }));
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      details: { budget: 'pixels', limit: BATCH_PIXEL_BUDGET },
    });
    expect((error as Error).message).toMatch(
      new RegExp(`^record ${perBudget + 1}: image "p0" needs 25,000,000 decoded pixels`),
    );
  });
});

describe('crafted images through every output', () => {
  const oneImage = template([imageElement(0, 'photo')]);
  const hostile: [string, string, RegExp][] = [
    [
      'a JPEG whose first frame header says 16x16 and a second 30000x30000',
      jpegDataUri(
        craftJpeg({
          frames: [
            { width: 16, height: 16 },
            { width: 30000, height: 30000 },
          ],
        }),
      ),
      /more than one frame header/,
    ],
    [
      'a 30000x30000 JPEG of a few bytes',
      jpegDataUri(craftJpeg({ frames: [{ width: 30000, height: 30000 }], blocks: 8 })),
      /30000x30000 pixels; at most 25 megapixels/,
    ],
    [
      'an arithmetic-coded JPEG',
      jpegDataUri(craftJpeg({ frames: [{ marker: 0xc9, width: 16, height: 16 }] })),
      /arithmetic-coded JPEG/,
    ],
  ];
  for (const [what, photo, message] of hostile) {
    for (const format of ['png', 'pdf', 'zpl', 'html'] as const satisfies OutputFormat[]) {
      it(`refuses ${what} in ${format} with 400 naming the element`, async () => {
        const error = await rejection(renderLabel(oneImage, { photo }, { format, fonts }));
        expect(error).toMatchObject({
          status: 400,
          code: 'BAD_REQUEST',
          details: { elementId: 'p0' },
          message: expect.stringMatching(message),
        });
      });
    }
  }

  it('pdf: refuses a PNG whose image data inflates past its 1x1 header (pdfkit would inflate it whole)', async () => {
    const bomb = pngDataUri(craftPng({ width: 1, height: 1, data: new Uint8Array(64 * 1024 * 1024) }));
    const error = await rejection(renderLabel(oneImage, { photo: bomb }, { format: 'pdf', fonts }));
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      details: { elementId: 'p0' },
      message: expect.stringMatching(/holds more than the 1x1 pixels/),
    });
  });

  it('a crafted JPEG that is honest renders as the grey it holds', async () => {
    const photo = jpegDataUri(craftJpeg({ frames: [{ width: 64, height: 64 }] }));
    const output = await renderLabel(
      template([imageElement(0, 'photo')], { width: '25mm', height: '25mm' }),
      { photo },
      { format: 'png', dpi: 72, fonts },
    );
    const { PNG } = await import('pngjs');
    const png = PNG.sync.read(Buffer.from(output.bytes));
    const centre = ((png.height >> 1) * png.width + (png.width >> 1)) * 4;
    expect(Math.abs((png.data[centre] ?? 0) - 128)).toBeLessThanOrEqual(2);
  });
});
