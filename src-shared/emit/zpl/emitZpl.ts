// Writes LaidOutLabels as ZPL: one ^XA…^XZ format per label, elements in drawing order, coordinates in printer dots.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import { RenderPixels } from '../../render/renderPixels';
import { pointsToDots } from '../../units/length';
import { elementDots } from './elementDots';
import type { ZplElementEmitter, ZplEmitContext } from './zplContext';
import { ZPL_ELEMENT_EMITTERS } from './zplElementEmitters';
import { monochromeToGfa } from './zplGraphic';
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

/** The element as a ^GFA graphic placed with ^FO (see elementDots). */
function elementGraphic(element: LaidOutElement, label: LaidOutLabel, ctx: ZplEmitContext): string {
  const dots = elementDots(element, label, ctx.fonts, ctx.dpi, ctx.pixels);
  return dots === undefined ? '' : `^FO${dots.left},${dots.top}${monochromeToGfa(dots.bits, dots.width, dots.height)}`;
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
  // A mirrored label (read from ZPL with ^PMY) is mirrored by the printer, as it was.
  if (label.mirror) commands.push('^PMY');
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
