// Counts the decoded pixels one render (or one batch) will allocate, so a crafted image or ZPL graphic is refused before it is decoded.
import { BadRequestError } from '../errors';

/**
 * Decoded pixels one render may allocate: every distinct image once, each further drawing resvg decodes again, the
 * raster, ZPL graphics. A decoded pixel is 4 bytes (RGBA) in resvg and pdfkit, and resvg measured 4.6 bytes a pixel
 * of JPEG with its working buffers, so 100 million pixels is about 400-460 MB: room for the largest raster
 * (MAX_RASTER_PIXELS, 64 million: 8 x 12 in at 600 dpi is 35 million) and a 25 megapixel photo on it.
 */
export const RENDER_PIXEL_BUDGET = 100_000_000;

/**
 * Decoded pixels one batch may allocate across its labels: each distinct image of the batch once (one PDF holds them
 * all, pdfkit keeps its decoded PNGs until the document ends) and the ZPL rasters, which are freed only when the
 * batch's ZPL is written. Each label's PNG raster is charged to a RENDER_PIXEL_BUDGET of its own: it is freed before
 * the next label is drawn.
 */
export const BATCH_PIXEL_BUDGET = 200_000_000;

/** Thrown before decoding: the request asked for more pixels than its budget; 400 BAD_REQUEST naming what and the budget. */
export class PixelBudgetError extends BadRequestError {
  constructor(what: string, pixels: number, limit: number, spent: number) {
    super(
      `${what} needs ${pixels.toLocaleString('en-US')} decoded pixels; this render has ${Math.max(0, limit - spent).toLocaleString('en-US')} of its budget of ${limit.toLocaleString('en-US')} left: use smaller images`,
      { budget: 'pixels', limit, requested: pixels },
    );
  }
}

/**
 * One running total shared by everything that decodes pixels in a render: images, ZPL graphics, inflated Z64 data.
 * Charge before allocating, with the size the decoder will really allocate (read from the header it honours).
 */
export class PixelBudget {
  private spent = 0;

  constructor(readonly limit: number) {}

  /** Adds `pixels` to the total, or throws PixelBudgetError (and adds nothing) when the total would pass the limit. */
  charge(pixels: number, what: string): void {
    if (!Number.isFinite(pixels) || pixels < 0 || this.spent + pixels > this.limit) {
      throw new PixelBudgetError(what, pixels, this.limit, this.spent);
    }
    this.spent += pixels;
  }

  get used(): number {
    return this.spent;
  }
}
