// Formats numbers for SVG markup: short, deterministic, never exponent notation.

/** Rounded to 1/1000 (of a point or a font unit): far below a 600 dpi dot, and stable across runs. */
export function svgNumber(value: number): string {
  const rounded = toThousandths(value);
  // -0 would print as "0" anyway; Object.is keeps "-0" out of the output explicitly.
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** The value an SVG number stands for: drawers that skip the SVG (emit/dots) place things where its numbers would. */
export function toThousandths(value: number): number {
  return Math.round(value * 1000) / 1000;
}
