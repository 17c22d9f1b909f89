// The render worker's cache of decoded images: renders with it give the same bytes as without it, cold and warm, and it stays within its byte budget.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { craftJpeg, craftPng, jpegDataUri, pngDataUri } from '../../test/support/engine/imageTestSupport';
import { renderLabel } from '@shared/render/renderLabel';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadParcelWithLogo } from '../samples/sampleTemplates';
import { DecodedImages } from './decodedImages';
import { CACHE_TEST_OUTPUTS } from '../../test/support/server/processCacheTestSupport';

const fonts = bundledFonts();
const parcel = loadParcelWithLogo();

/** The parcel label with its logo replaced by `src`. */
function parcelWith(src: string): unknown {
  const template = parcel.template as { elements: { id: string }[] };
  return {
    ...template,
    elements: template.elements.map((element) => (element.id === 'logo' ? { ...element, src } : element)),
  };
}

const OUTPUTS = CACHE_TEST_OUTPUTS;

const IMAGES: [string, unknown][] = [
  ['the sample logo (RGBA PNG)', parcel.template],
  [
    'an opaque RGB PNG',
    parcelWith(
      pngDataUri(
        craftPng({ width: 120, height: 24, colourType: 2, data: new Uint8Array(24 * (1 + 120 * 3)).fill(90) }),
      ),
    ),
  ],
  ['a baseline JPEG', parcelWith(jpegDataUri(craftJpeg({ frames: [{ width: 64, height: 16 }] })))],
];

describe('renders with a cache of decoded images', () => {
  for (const [imageName, template] of IMAGES) {
    for (const [outputName, options] of OUTPUTS) {
      it(`give the same bytes as without one, cold and warm: ${imageName}, ${outputName}`, async () => {
        const render = (images?: DecodedImages) => renderLabel(template, parcel.data, { ...options, fonts, images });
        const fresh = (await render()).bytes;
        const images = new DecodedImages();
        const cold = (await render(images)).bytes;
        // A drawing's graphic is kept the second time it is made (DecodedImages.admits): the second render keeps them.
        const second = (await render(images)).bytes;
        const kept = images.bytes;
        const warm = (await render(images)).bytes;
        for (const output of [cold, second, warm]) expect(Buffer.from(output).equals(Buffer.from(fresh))).toBe(true);
        // The warm render found what the others kept (the read image at least) and added nothing.
        expect(kept).toBeGreaterThan(0);
        expect(images.bytes).toBe(kept);
      });
    }
  }

  it('stays within its byte budget after many distinct images, dropping the least recently used', async () => {
    const budget = 1024 * 1024;
    const images = new DecodedImages(budget);
    // The same renders with a budget nothing reaches: what they keep is what the bounded cache was offered.
    const unbounded = new DecodedImages(Number.MAX_SAFE_INTEGER);
    for (let index = 0; index < 40; index++) {
      // Noise does not compress: each image's data URI and graphic take about 100 KB of the budget.
      const noise = randomBytes(150 * (1 + 150 * 3));
      const template = parcelWith(pngDataUri(craftPng({ width: 150, height: 150, colourType: 2, data: noise })));
      for (const cache of [images, unbounded])
        await renderLabel(template, parcel.data, { format: 'zpl', fonts, images: cache });
      expect(images.bytes).toBeLessThanOrEqual(budget);
    }
    expect(unbounded.bytes).toBeGreaterThan(2 * budget);
    expect(images.bytes).toBeGreaterThan(budget / 2);
  });
});

/**
 * A worker's cache that counts the hashes of image data renders ask of it (a drawing's markup apart: an SVG, or the
 * glyphs a ZPL text is composed of), and the keys it is given.
 */
class CountingImages extends DecodedImages {
  digests = 0;
  readonly keys: string[] = [];

  override digest(text: string): string {
    if (!text.startsWith('<')) this.digests++;
    return super.digest(text);
  }

  override set(key: string, value: unknown, bytes: number): void {
    this.keys.push(key);
    super.set(key, value, bytes);
  }
}

describe('the content address of an image', () => {
  for (const [outputName, options] of OUTPUTS) {
    it(`is hashed once a render, cold and warm, for its read and what the output makes of it: ${outputName}`, async () => {
      const images = new CountingImages();
      for (let render = 0; render < 2; render++) {
        images.digests = 0;
        await renderLabel(parcel.template, parcel.data, { ...options, fonts, images });
        expect(images.digests).toBe(1);
      }
    });
  }

  it('is the base64 after a well-formed header only: the same base64 under a header that is not an image is still refused', async () => {
    const logo =
      (parcel.template as { elements: { id: string; src?: string }[] }).elements.find(
        (element) => element.id === 'logo',
      )?.src ?? '';
    const base64 = logo.slice(logo.indexOf(',') + 1);
    const template = parcelWith('');
    const byData = {
      ...(template as object),
      elements: (template as { elements: Record<string, unknown>[] }).elements.map((element) =>
        element.id === 'logo' ? { ...element, src: undefined, contentExpression: 'photo' } : element,
      ),
    };
    const images = new DecodedImages();
    await renderLabel(byData, { ...parcel.data, photo: logo }, { format: 'zpl', fonts, images });
    for (const forged of [`data:image/gif;base64,${base64}`, `data:text/plain;base64,${base64}`, base64]) {
      await expect(
        renderLabel(byData, { ...parcel.data, photo: forged }, { format: 'zpl', fonts, images }),
      ).rejects.toThrow('image src must be a data:image/png or data:image/jpeg base64 URI');
    }
  });
});

describe('the ZPL graphics of texts in template fonts', () => {
  const zplGraphics = (images: CountingImages) => images.keys.filter((key) => key.startsWith('zpl-graphic:'));

  it("are kept once drawn a second time: a parcel's own texts are not kept, the texts every parcel shares are found, same bytes as without a cache", async () => {
    const images = new CountingImages();
    const render = (data: unknown) => renderLabel(parcel.template, data, { format: 'zpl', fonts, images });
    await render(parcel.data);
    // Met once: nothing kept yet, a parcel's own texts may never come again.
    expect(zplGraphics(images)).toEqual([]);
    await render(parcel.data);
    const shared = zplGraphics(images);
    // Every text of the label is a graphic (the template's fonts), kept at its second drawing.
    expect(shared.length).toBeGreaterThanOrEqual(6);
    const next = {
      ...parcel.data,
      recipient: { ...(parcel.data as { recipient: object }).recipient, name: 'Grace Hopper' },
      weightKg: 4.75,
    };
    const warm = await render(next);
    // The recipient's name and the weight line are new: made, not kept; every other text was found.
    expect(zplGraphics(images)).toEqual(shared);
    const fresh = await renderLabel(parcel.template, next, { format: 'zpl', fonts });
    expect(Buffer.from(warm.bytes).equals(Buffer.from(fresh.bytes))).toBe(true);
    // The same parcel again (a reprint): its two texts are kept now.
    await render(next);
    expect(zplGraphics(images).length - shared.length).toBe(2);
  });
});
