// The pixels one render (or batch) decodes: each distinct image read and charged once by its content, then what rasterising adds.
import { readEmbeddedImage, type EmbeddedImage } from '../elements/image/imageData';
import type { LaidOutOf } from '../layout/laidOutLabel';
import { PixelBudget, RENDER_PIXEL_BUDGET } from './pixelBudget';

/**
 * Charges a PixelBudget with what the decoders of a render really allocate. An image used by many elements (or many
 * labels of a batch) is read once and charged once: pdfkit embeds it once per document and decodes it at most once,
 * a browser decodes it once. resvg is different: it decodes every <image> element of an SVG on its own and keeps
 * them all until the raster is done (measured with resvg-js 2.6.2: one 4-megapixel JPEG drawn 10 times grew the
 * process by 188 MB, 20 times by 371 MB), so every drawing after the first is charged again, with the raster.
 * Decoding images ourselves once and handing resvg the pixels would not help: resvg takes encoded images only.
 */
export class RenderPixels {
  private readonly images = new Map<string, EmbeddedImage>();
  /** Contents read (and so charged) whose first drawing has not happened yet: that drawing is the decode charged. */
  private readonly undrawn = new Set<string>();

  constructor(readonly budget: PixelBudget = new PixelBudget(RENDER_PIXEL_BUDGET)) {}

  /** The image of an element's value, checked and charged the first time this content is seen (see readEmbeddedImage). */
  readImage(value: string, elementId: string): EmbeddedImage {
    let image = this.images.get(value);
    if (image === undefined) {
      image = readEmbeddedImage(value, elementId);
      this.budget.charge(image.pixelWidth * image.pixelHeight, `image "${elementId}"`);
      this.images.set(value, image);
      this.undrawn.add(image.base64);
    }
    return image;
  }

  /** resvg is about to decode this image element: free for the first drawing of an image read here, charged otherwise. */
  chargeDrawing(image: LaidOutOf<'image'>): void {
    if (this.undrawn.delete(image.base64)) return;
    this.budget.charge(image.pixelWidth * image.pixelHeight, `image "${image.id}" (the rasteriser decodes every image element on its own)`);
  }

  /** A raster of `width` x `height` pixels is about to be allocated. */
  chargeRaster(width: number, height: number, what: string): void {
    this.budget.charge(width * height, `${what} (a ${width} x ${height} pixel raster)`);
  }
}
