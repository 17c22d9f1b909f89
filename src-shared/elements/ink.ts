// Which colours a one-ink printer prints: the luma of a colour and the threshold between ink and paper.

/** A pixel (or colour) at or above this luma (0..255) prints as white; below it prints as black. */
export const DARK_LUMA_THRESHOLD = 128;

/** Perceived brightness 0..255 of an sRGB colour (ITU-R BT.601 weights, as thermal printer drivers use). */
export function luma(r: number, g: number, b: number): number {
  // In thousandths, so a neutral grey comes out as exactly its channel value (no 127.99999 for #808080).
  return (299 * r + 587 * g + 114 * b) / 1000;
}
