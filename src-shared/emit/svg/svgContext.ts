// What an SVG element emitter gets; fragments use points as user units (the writer sets the viewBox).
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement } from '../../layout/laidOutLabel';

export interface SvgEmitContext {
  fonts: FontRegistry;
}

/** How a raster's texts are put on its dot grid (emit/dots/glyphGrid.ts). */
export interface DotsOptions {
  /** The raster's dots (pixels) per point: its dpi / 72. */
  dotsPerPoint: number;
  /** Whose renders share the glyph outlines made for it (the team). */
  scope: string;
}

/** Returns the element's SVG markup; the writer wraps it in the rotation transform. Every data value must be escaped. */
export type SvgElementEmitter<T extends LaidOutElement> = (element: T, ctx: SvgEmitContext) => string;
