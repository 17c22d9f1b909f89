// What a ZPL element emitter gets: the printer resolution and a raster fallback for what ZPL cannot draw natively.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement } from '../../layout/laidOutLabel';
import type { RenderPixels } from '../../render/renderPixels';
import type { ZplFontDownloads } from './zplFontDownloads';

/** How a graphic's dots are written: ZPL's run-length ASCII, or Z64 (deflated), which suits glyph edges better. */
export type ZplGraphicEncoding = 'ascii' | 'z64';

export interface ZplEmitContext {
  /** Printer resolution: 203, 300 or 600 dots per inch. */
  dpi: number;
  fonts: FontRegistry;
  /** Points to whole printer dots: the one place ZPL coordinates are rounded. */
  dots(points: number): number;
  /** The element drawn as a ^GFA graphic at its place (for rotations and symbologies ZPL lacks); ASCII-compressed by default. */
  graphic(element: LaidOutElement, encoding?: ZplGraphicEncoding): string;
  /**
   * An SVG rasterised `width` pixels wide (one pixel a dot), made 1-bit by `mode` (see rgbaToMonochrome) and written as
   * ASCII-compressed ^GFA data: the writer's rasteriser, so a kind's emitter needs no raster library of its own.
   */
  monochromeGraphic(svg: string, width: number, mode: 'threshold' | 'dither'): string;
  /** The document's downloaded fonts (printer setting fonts: "download"); undefined: texts print as graphics. */
  downloads?: ZplFontDownloads;
  /** The render's pixel budget: every raster made for a ^GFA graphic is charged to it first. */
  pixels: RenderPixels;
  /** Whose renders share the glyph outlines and coverages of graphic text: the team. */
  scope: string;
}

/** Returns the element's ZPL commands (without ^XA/^XZ); it handles its own rotation or falls back to ctx.graphic. */
export type ZplElementEmitter<T extends LaidOutElement> = (element: T, ctx: ZplEmitContext) => string;
