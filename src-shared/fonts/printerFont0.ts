// The printer's scalable font ^A0 as a font family ("Printer 0"): the bundled sans bold, condensed as the ZPL reader draws font 0.
import type { FontFaceKey } from './fontFaces';
import type { FontRegistry } from './fontRegistry';

/** The family name templates use for printer font 0 (case and spaces as written here; matched case-insensitively). */
export const PRINTER_FONT_0 = 'Printer 0';

/**
 * Printer font 0 (CG Triumvirate Bold Condensed) measured in zpl-renderer-js: capitals are 0.75 of the ^A0 height,
 * and a string's advance at width w is about 0.86 × w × its Liberation Sans Bold advance at size 1 (0.82–0.92 over
 * mixed strings). The writer's block justification keeps the aligned edge exact whatever that estimate misses.
 */
export const FONT0_CAP_HEIGHT = 0.75;
export const FONT0_ADVANCE_PER_SANS_BOLD = 0.86;
/** The face font 0 is drawn with: every output (and the ZPL reader) draws ^A0 as this face, condensed. */
export const FONT0_FACE: FontFaceKey = 'sans-bold';

/** Whether a template's font family asks for printer font 0 ("Printer 0", any case, in a CSS-like list's first place). */
export function isPrinterFont0(family: string | undefined): boolean {
  const first = family
    ?.split(',')[0]
    ?.trim()
    .replace(/^["']|["']$/g, '');
  return first !== undefined && first.replace(/\s+/g, ' ').toLowerCase() === PRINTER_FONT_0.toLowerCase();
}

/** The sans bold size whose capitals are FONT0_CAP_HEIGHT of a ^A0 height, per point of that height. */
export function font0SizePerHeight(fonts: FontRegistry): number {
  const face = fonts.face(FONT0_FACE);
  return (FONT0_CAP_HEIGHT * face.unitsPerEm) / face.font.capHeight;
}

/** ^A0 at `height` and `width` (points, the printer's h and w) as the face, size and horizontal scale that draw it. */
export function font0Run(
  fonts: FontRegistry,
  height: number,
  width: number,
): { fontKey: FontFaceKey; fontSize: number; scaleX: number } {
  const fontSize = font0SizePerHeight(fonts) * height;
  return { fontKey: FONT0_FACE, fontSize, scaleX: (FONT0_ADVANCE_PER_SANS_BOLD * width) / fontSize };
}
