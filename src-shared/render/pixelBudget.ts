// Counts the decoded pixels one render (or one batch) will allocate, so a crafted image or ZPL graphic is refused before it is decoded.
import { BadRequestError } from '../errors';

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
