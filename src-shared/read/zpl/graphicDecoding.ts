// What every ZPL graphic decoder is handed: where to report what it met, and where to charge what it allocates.
import type { PixelBudget } from '../../render/pixelBudget';

/** How a graphic decoder tells the command reader what it met: a stable code and a message for the user. */
export type GraphicReport = (code: string, message: string) => void;

/** The part of the render's PixelBudget a decoder uses (the decode cache records the charges through it). */
export type PixelCharge = Pick<PixelBudget, 'charge'>;
