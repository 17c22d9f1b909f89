// The pixels one render (or batch) decodes: each distinct image read and charged once by its content, then what rasterising adds.
import { dataUriBase64, readEmbeddedImage, type EmbeddedImage } from '../elements/image/imageData';
import type { LaidOutOf } from '../layout/laidOutLabel';
import type { Cached, ImageCache } from './imageCache';
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
  /**
   * The content address of each image's base64 text (its SHA-256), taken once per render: the read's key and every
   * output's key are made of the same digest, so an image is hashed once however many things are made of it.
   */
  private readonly digests = new Map<string, string>();

  /** `images`: the process's cache of decoded images (the render worker's); without one every render decodes anew. */
  constructor(
    readonly budget: PixelBudget = new PixelBudget(RENDER_PIXEL_BUDGET),
    private readonly cache?: ImageCache,
  ) {}

  /**
   * The image of an element's value, checked and charged the first time this content is seen (see readEmbeddedImage).
   * A check passed before in this process is not made again: its key is the hash of the whole base64 text after a
   * well-formed header, which is all the read depends on, so a text that differs in any character (a broken one too)
   * is read and checked anew; a value without such a header is read (and refused) every time. The charge is made
   * every render.
   */
  readImage(value: string, elementId: string): EmbeddedImage {
    let image = this.images.get(value);
    if (image === undefined) {
      const read = (): Cached<EmbeddedImage> => {
        const embedded = readEmbeddedImage(value, elementId);
        // The base64 is a slice of the value, which V8 keeps whole; a JPEG cut at its end is a new string besides.
        return {
          value: embedded,
          bytes: value.length + (value.endsWith(embedded.base64) ? 0 : embedded.base64.length),
        };
      };
      const { cache } = this;
      const base64 = cache && dataUriBase64(value);
      // The read is keyed apart from what is made of the image: both share the digest, not the entry.
      image =
        cache === undefined || base64 === undefined
          ? read().value
          : this.cached(`read:${this.digest(cache, base64)}`, read);
      this.budget.charge(image.decodedPixels, `image "${elementId}"`);
      this.images.set(value, image);
      this.undrawn.add(image.base64);
    }
    return image;
  }

  /**
   * What `make` makes of this image for one output's `need` (its size in dots, say), made once per process when the
   * render has an ImageCache: the key is the SHA-256 of the image's base64 and the need, so it holds for any render.
   */
  decoded<T>(image: { base64: string }, need: string, make: () => Cached<T>): T {
    const key = this.imageKey(image, need);
    return key === undefined ? make().value : this.cached(key, make);
  }

  /**
   * What `make` makes of a drawing for `need`, made once per process when the render has an ImageCache: the key is the
   * SHA-256 of its markup (a self-contained SVG, which says every dot) and the need, so it holds for any render.
   */
  drawn<T>(markup: string, need: string, make: () => Cached<T>): T {
    const { cache } = this;
    // A drawing met once may be one parcel's own text, never drawn again: the cache says what it keeps.
    return cache === undefined
      ? make().value
      : this.cached(`${need}:${cache.digest(markup)}`, make, (key) => cache.admits?.(key) ?? true);
  }

  /** The value an earlier render of this process kept for this image's bytes and `need`, if the cache still has it. */
  recall<T>(image: { base64: string }, need: string): T | undefined {
    const key = this.imageKey(image, need);
    return key === undefined ? undefined : (this.cache?.get(key) as T | undefined);
  }

  /** Keeps a value made of this image for `need`, for the later renders of this process (see decoded). */
  keep(image: { base64: string }, need: string, made: Cached<unknown>): void {
    const key = this.imageKey(image, need);
    if (key !== undefined) this.cache?.set(key, made.value, made.bytes);
  }

  private imageKey(image: { base64: string }, need: string): string | undefined {
    const { cache } = this;
    return cache === undefined ? undefined : `${need}:${this.digest(cache, image.base64)}`;
  }

  /**
   * The SHA-256 of a base64 text, hashed at most once a render. An image read here hits the digest its read took (its
   * base64 is the text after the header, unless a JPEG was cut at its end); one laid out elsewhere (a batch's labels
   * assembled by another worker) is hashed at its first use, to the same address.
   */
  private digest(cache: ImageCache, base64: string): string {
    let digest = this.digests.get(base64);
    if (digest === undefined) this.digests.set(base64, (digest = cache.digest(base64)));
    return digest;
  }

  /** The cache's value for `key`, made on a miss and kept if `admitted` says so (images always; drawings by the cache's policy). */
  private cached<T>(key: string, make: () => Cached<T>, admitted: (key: string) => boolean = () => true): T {
    const hit = this.cache?.get(key);
    if (hit !== undefined) return hit as T;
    const made = make();
    if (admitted(key)) this.cache?.set(key, made.value, made.bytes);
    return made.value;
  }

  /** resvg is about to decode this image element: free for the first drawing of an image read here, charged otherwise. */
  chargeDrawing(image: LaidOutOf<'image'>): void {
    if (this.undrawn.delete(image.base64)) return;
    this.budget.charge(
      image.decodedPixels ?? image.pixelWidth * image.pixelHeight,
      `image "${image.id}" (the rasteriser decodes every image element on its own)`,
    );
  }

  /** A raster of `width` x `height` pixels is about to be allocated. */
  chargeRaster(width: number, height: number, what: string): void {
    this.budget.charge(width * height, `${what} (a ${width} x ${height} pixel raster)`);
  }
}
