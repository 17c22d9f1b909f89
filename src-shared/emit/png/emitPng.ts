// Writes a LaidOutLabel as a PNG: the label's SVG rasterised by resvg at the requested dpi, then encoded.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { RenderPixels } from '../../render/renderPixels';
import { PNG_DPI } from '../../render/outputFormats';
import { pointsToDots } from '../../units/length';
import { drawLabelDots } from '../dots/drawLabelDots';
import { labelRasterSvg, labelToSvg, type PixelGrid } from '../svg/emitSvg';
import { encodePng, imageScanlines, pngOfImageScanlines, rewriteScanlines } from './encodePng';
import type { KeptRaster, KeptRasters } from './keptRasters';
import { patchRaster } from './rasterPatch';
import { rasterizeSvg } from './rasterize';

export interface PngOptions {
  dpi: number;
  /** The render's pixel budget (the one its images were read with); without one the label gets a render's budget of its own. */
  pixels?: RenderPixels;
  /**
   * The process's last rasters of the templates it renders, and this label's key there (KeptRasters.keyOf): the label
   * is drawn over its template's last raster where they differ, not anew (rasterPatch.ts). The pixels are the same.
   */
  kept?: { rasters: KeptRasters; key: string };
  /** Whose renders may share the glyph outlines its texts are drawn with (the team); default one scope. */
  cacheScope?: string;
}

/** Pixel size of a length in points at a dpi, rounded once (each side of the label independently). */
function pixelsFor(points: number, dpi: number): number {
  return Math.max(1, Math.round(pointsToDots(points, dpi)));
}

/**
 * The pixels of the label's PNG at a dpi: on the dpi's exact grid from the top-left corner, as a printer's dots and
 * pdftoppm's pixels are. The whole pixels show a fraction of a pixel more (or less) than the label at its right and
 * bottom edges, never a stretch, so the ZPL's graphics (rasterised on the same grid) and its fields land on the same
 * pixels as the PNG.
 */
export function pngGrid(label: Pick<LaidOutLabel, 'width' | 'height'>, dpi: number): PixelGrid {
  const [width, height] = [pixelsFor(label.width, dpi), pixelsFor(label.height, dpi)];
  return { width, height, view: { width: (width * 72) / dpi, height: (height * 72) / dpi }, dpi };
}

/**
 * Async only to give the event loop a turn before resolving: resvg's native pixmaps are freed by finalizers that run
 * on the loop, never inside synchronous code, and a batch that renders label after label without one grew by about
 * 9 MB a label at 203 dpi (3.5 GB after 400) where with it the process stayed near 200 MB.
 */
export async function emitPng(label: LaidOutLabel, fonts: FontRegistry, options: PngOptions): Promise<Uint8Array> {
  const { dpi } = options;
  const scope = options.cacheScope ?? '';
  if (!Number.isFinite(dpi) || dpi < PNG_DPI.min || dpi > PNG_DPI.max) {
    throw new RangeError(`PNG dpi must be between ${PNG_DPI.min} and ${PNG_DPI.max}, got ${dpi}`);
  }
  const grid = pngGrid(label, dpi);
  const { width, height } = grid;
  const pixels = options.pixels ?? new RenderPixels();
  chargeLabel(label, width, height, pixels);
  const kept = options.kept;
  if (kept === undefined) {
    const png = encodePng(rasterizeSvg(labelRasterSvg(label, fonts, grid, scope), width), dpi);
    await nextTurn();
    return png;
  }
  const last = kept.rasters.take(kept.key);
  const patched = last && patchRaster(last, label, fonts, grid, pixels, scope);
  let next: KeptRaster;
  if (last && patched?.dirty.length === 0) {
    // The same pixels: the same PNG.
    next = { ...last, label };
  } else {
    const raster = patched?.raster ?? rasterizeSvg(labelRasterSvg(label, fonts, grid, scope), width);
    // A patched raster's rows are the kept ones with its redrawn parts written again.
    const rewritten = last && patched && rewriteScanlines(last.scanlines, raster, patched.dirty);
    const scanlines = rewritten ?? imageScanlines(raster);
    next = { label, raster, scanlines, png: pngOfImageScanlines(scanlines, raster, dpi) };
  }
  kept.rasters.keep(kept.key, next);
  await nextTurn();
  // A copy: the caller may hand the bytes on (a render thread transfers them), and the kept PNG serves the next label.
  return next.png.slice();
}

/** What a label's raster costs its render's pixel budget: the raster, and each image resvg decodes for it. */
function chargeLabel(label: LaidOutLabel, width: number, height: number, pixels: RenderPixels): void {
  pixels.chargeRaster(width, height, 'the label');
  for (const element of label.elements) if (element.type === 'image') pixels.chargeDrawing(element);
}

export interface PngSize {
  width: number;
  height: number;
  dpi: number;
  pixels?: RenderPixels;
  /** Each pixel a printer's dot: drawn without antialiasing and written as 1-bit black and white. */
  printerDots?: boolean;
  /** The points the pixels show (see SvgDocumentSize.view); default the label, stretched to width x height. */
  view?: { width: number; height: number };
  /** Whose renders may share the printer-dot path's glyph and element rasters (the team); default one scope. */
  cacheScope?: string;
}

/**
 * The label as a PNG of exactly `width` x `height` pixels, `dpi` recorded in it. The ZPL viewer's path: its sizes are
 * the printer's whole dots, and 24 dpmm (609.6 dpi) is past the dpi range of template renders.
 */
export async function emitPngOfSize(label: LaidOutLabel, fonts: FontRegistry, size: PngSize): Promise<Uint8Array> {
  const { width, height, dpi, printerDots = false } = size;
  const pixels = size.pixels ?? new RenderPixels();
  chargeLabel(label, width, height, pixels);
  if (printerDots && size.view === undefined) {
    // Printer dots straight from the label (emit/dots): an empty 812 x 1218 resvg raster alone costs more than this.
    return drawLabelDots(label, fonts, { width, height, cacheScope: size.cacheScope ?? '' }).png(dpi);
  }
  const svg = labelToSvg(label, fonts, {
    width: String(width),
    height: String(height),
    crisp: printerDots,
    ...(size.view ? { view: size.view } : {}),
  });
  const png = encodePng(rasterizeSvg(svg, width), dpi, { dots: printerDots });
  await nextTurn();
  return png;
}
