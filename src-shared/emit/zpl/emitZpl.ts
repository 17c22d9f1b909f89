// Writes LaidOutLabels as ZPL: one ^XA…^XZ format per label, elements in drawing order, coordinates in printer dots.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { Box, LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import { RenderPixels } from '../../render/renderPixels';
import { pointsToDots } from '../../units/length';
import { rasterizeSvg } from '../png/rasterize';
import { elementToSvg } from '../svg/emitSvg';
import type { ZplElementEmitter, ZplEmitContext } from './zplContext';
import { ZPL_ELEMENT_EMITTERS } from './zplElementEmitters';
import { monochromeToGfa, rgbaToMonochrome } from './zplGraphic';
import { reversedZpl } from './zplReverse';

export interface ZplOptions {
  /** Printer resolution in dots per inch. */
  dpi: 203 | 300 | 600;
  /**
   * The render's (or batch's) pixel budget; without one the call gets a render's budget of its own. resvg's rasters
   * are freed only after the ZPL is written (its finalizers run between event-loop turns), so a batch shares one.
   */
  pixels?: RenderPixels;
}

/** The axis-aligned box that holds `box` turned `rotation` degrees about its centre. */
function rotatedBounds(box: Box, rotation: number): Box {
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const width = box.width * cos + box.height * sin;
  const height = box.width * sin + box.height * cos;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/**
 * The element alone, rasterised at the printer's resolution over its rotated bounds (clipped to the label) and
 * placed with ^FO. The raster grid is the dot grid, so nothing is resampled on the way to the printer. Photos are
 * dithered to keep their greys; everything else is thresholded to keep its edges crisp.
 */
function elementGraphic(element: LaidOutElement, label: LaidOutLabel, ctx: ZplEmitContext): string {
  const bounds = rotatedBounds(element.box, element.rotation);
  const left = Math.max(0, ctx.dots(bounds.x));
  const top = Math.max(0, ctx.dots(bounds.y));
  const right = Math.min(ctx.dots(label.width), ctx.dots(bounds.x + bounds.width));
  const bottom = Math.min(ctx.dots(label.height), ctx.dots(bounds.y + bounds.height));
  if (right <= left || bottom <= top) return '';
  const pointsPerDot = 72 / ctx.dpi;
  // Full precision, not svgNumber's 1/1000 pt: the viewBox must sit on the dot grid exactly, or edge dots flip.
  const [x, y, width, height] = [left, top, right - left, bottom - top].map((dots) => String(dots * pointsPerDot));
  // On white paper, as the printer sees it: an opaque raster also keeps resvg's premultiplied alpha out of the threshold.
  ctx.pixels.chargeRaster(right - left, bottom - top, `the graphic of element "${element.id}"`);
  if (element.type === 'image') ctx.pixels.chargeDrawing(element);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${right - left}" height="${bottom - top}" viewBox="${x} ${y} ${width} ${height}">` +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#ffffff"/>${elementToSvg(element, { fonts: ctx.fonts })}</svg>`;
  const raster = rasterizeSvg(svg, right - left);
  const bits = rgbaToMonochrome(raster.rgba, raster.width, raster.height, element.type === 'image' ? 'dither' : 'threshold');
  return `^FO${left},${top}${monochromeToGfa(bits, raster.width, raster.height)}`;
}

function zplContext(label: LaidOutLabel, fonts: FontRegistry, dpi: number, pixels: RenderPixels): ZplEmitContext {
  const ctx: ZplEmitContext = {
    dpi,
    fonts,
    pixels,
    dots: (points) => Math.round(pointsToDots(points, dpi)),
    graphic: (element) => elementGraphic(element, label, ctx),
  };
  return ctx;
}

/**
 * One label format. ^CI28 makes field data UTF-8; ^PW and ^LL size the label in dots; ^LH0,0 resets a home offset
 * a previous job may have left in the printer.
 */
export function emitZpl(label: LaidOutLabel, fonts: FontRegistry, options: ZplOptions): string {
  return writeLabel(label, fonts, options.dpi, options.pixels ?? new RenderPixels());
}

/** One label; `written` keeps each element's commands for the next labels that share the element. */
function writeLabel(label: LaidOutLabel, fonts: FontRegistry, dpi: number, pixels: RenderPixels, written?: WeakMap<LaidOutElement, string>): string {
  const ctx = zplContext(label, fonts, dpi, pixels);
  const commands = ['^XA', '^CI28', `^PW${ctx.dots(label.width)}`, `^LL${ctx.dots(label.height)}`, '^LH0,0'];
  for (const element of label.elements) {
    let zpl = written?.get(element);
    if (zpl === undefined) {
      // The table is checked per type; indexing it with a union loses the pairing, so restore it here once.
      const emit = ZPL_ELEMENT_EMITTERS[element.type] as ZplElementEmitter<LaidOutElement>;
      zpl = element.reverse ? reversedZpl(element, (printable) => emit(printable, ctx)) : emit(element, ctx);
      written?.set(element, zpl);
    }
    if (zpl !== '') commands.push(zpl);
  }
  commands.push('^XZ');
  return `${commands.join('\n')}\n`;
}

/**
 * A batch: the labels' formats one after another, printed in order. Labels of one batch share the laid-out elements
 * whose value repeats (LayoutMemo) and have one size, so each shared element is written once.
 */
export function emitZplLabels(labels: readonly LaidOutLabel[], fonts: FontRegistry, options: ZplOptions): string {
  const written = new WeakMap<LaidOutElement, string>();
  const pixels = options.pixels ?? new RenderPixels();
  return labels.map((label) => writeLabel(label, fonts, options.dpi, pixels, written)).join('');
}
