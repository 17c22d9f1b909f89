// The compare view's overlay: two renderings of the same size merged into one picture that colours what differs.
/** RGBA pixels, as canvas ImageData holds them. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Ink only in the older version (taken away), only in the newer (added), in both (unchanged). */
export const DIFF_COLOURS = {
  removed: [220, 38, 38],
  added: [37, 99, 235],
  same: [90, 90, 90],
  paper: [255, 255, 255],
} as const;

/** A pixel is ink when it is darker than mid grey over white paper (transparent counts as paper). */
const INK_LUMINANCE = 128;

export function isInk(data: Uint8ClampedArray, offset: number): boolean {
  const alpha = (data[offset + 3] ?? 0) / 255;
  // Composited over white, as the label is printed.
  const over = (channel: number) => (data[offset + channel] ?? 0) * alpha + 255 * (1 - alpha);
  return 0.2126 * over(0) + 0.7152 * over(1) + 0.0722 * over(2) < INK_LUMINANCE;
}

/**
 * Merges `before` and `after` (same size): unchanged ink grey, ink only before red, ink only after blue, paper white.
 * `changed` counts the pixels whose ink differs, so the view can say "no visible change".
 */
export function overlayDiff(before: Pixels, after: Pixels): { pixels: Pixels; changed: number } {
  if (before.width !== after.width || before.height !== after.height) {
    throw new Error(
      `the two renderings differ in size: ${before.width}×${before.height} and ${after.width}×${after.height}`,
    );
  }
  const data = new Uint8ClampedArray(before.width * before.height * 4);
  let changed = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    const was = isInk(before.data, offset);
    const is = isInk(after.data, offset);
    if (was !== is) changed += 1;
    const colour =
      was && is ? DIFF_COLOURS.same : was ? DIFF_COLOURS.removed : is ? DIFF_COLOURS.added : DIFF_COLOURS.paper;
    data.set([...colour, 255], offset);
  }
  return { pixels: { width: before.width, height: before.height, data }, changed };
}
