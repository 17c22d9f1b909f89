// Writes LaidOutLabels as ZPL: one ^XA…^XZ format per label, elements in drawing order, coordinates in printer dots.
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel, LaidOutOf } from '../../layout/laidOutLabel';
import type { Cached } from '../../render/imageCache';
import { RenderPixels } from '../../render/renderPixels';
import { pointsToDots } from '../../units/length';
import { elementRaster, rasterDots } from './elementDots';
import { composableText, composeTextDots, type PackedDots } from './composedText';
import type { ZplEmitContext, ZplGraphicEncoding } from './zplContext';
import { kindOf } from '../../elements/elementKinds';
import { ZplFontDownloads, type ZplFontMode } from './zplFontDownloads';
import { monochromeToGfa, packedBits, packedToGfa, rgbaToMonochrome } from './zplGraphic';
import { packedToZ64Gf } from './z64Graphic';
import { rasterizeSvg } from '../png/rasterize';
import { reversedZpl } from './zplReverse';

export interface ZplOptions {
  /** Printer resolution in dots per inch. */
  dpi: 203 | 300 | 600;
  /**
   * The render's (or batch's) pixel budget; without one the call gets a render's budget of its own. resvg's rasters
   * are freed only after the ZPL is written (its finalizers run between event-loop turns), so a batch shares one.
   */
  pixels?: RenderPixels;
  /**
   * How texts in the template's fonts print ("Printer 0" texts are always ^A0): 'graphic' (default) draws their glyphs
   * as graphics; 'download' sends each face's subset once at the start of the document (~DY) and prints with ^A@.
   */
  fontMode?: ZplFontMode;
  /**
   * Each shared laid-out element's commands, kept across the calls that write one batch's labels (a batch's parts):
   * an element a LayoutMemo shares is written once per batch, not once per call. Default: one map per call.
   */
  written?: WeakMap<LaidOutElement, string>;
  /** Whose renders may share the glyph outlines and coverages graphic text is drawn from (the team); default one scope. */
  cacheScope?: string;
}

/**
 * The element as a ^GF graphic placed with ^FO (see elementRaster). Its field is a function of the raster's SVG, kept
 * per process by that markup's hash: a heading, a sender or a service name drawn in a template font is rasterised
 * once, not at every label. An image's markup holds all its data; emitImageZpl keeps its graphic by its bytes instead.
 */
function elementGraphic(
  element: LaidOutElement,
  label: LaidOutLabel,
  ctx: ZplEmitContext,
  encoding: ZplGraphicEncoding,
): string {
  if (element.type === 'text') {
    const composed = composedTextGraphic(element, label, ctx, encoding);
    if (composed !== undefined) return composed;
  }
  const raster = elementRaster(element, label, ctx.fonts, ctx.dpi, ctx.scope);
  if (raster === undefined) return '';
  const make = (): Cached<string> => {
    const dots = rasterDots(raster, `the graphic of element "${element.id}"`, ctx.pixels);
    const field = graphicField({ ...dots, packed: packedBits(dots.bits, dots.width, dots.height) }, encoding);
    // ASCII text: V8 keeps it one byte a character.
    return { value: field, bytes: field.length };
  };
  const field =
    element.type === 'image'
      ? make().value
      : ctx.pixels.drawn(raster.svg, `zpl-graphic:${encoding}:${raster.mode}`, make);
  return `^FO${raster.left},${raster.top}${field}`;
}

/** Packed dots of a graphic as a ^GF field in `encoding`. */
function graphicField(dots: PackedDots, encoding: ZplGraphicEncoding): string {
  return encoding === 'z64'
    ? packedToZ64Gf(dots.packed, dots.width, dots.height)
    : packedToGfa(dots.packed, dots.width, dots.height);
}

/**
 * A black text's graphic composed of its glyphs' kept coverages (composedText.ts), the very dots resvg's raster of it
 * gives; undefined when it cannot be composed. Its field is kept per process by every glyph's place, which says every
 * dot, so a repeated text is composed once.
 */
function composedTextGraphic(
  element: LaidOutOf<'text'>,
  label: LaidOutLabel,
  ctx: ZplEmitContext,
  encoding: ZplGraphicEncoding,
): string | undefined {
  const composable = composableText(element, label, ctx.fonts, ctx.dpi, ctx.scope);
  if (composable === undefined) return undefined;
  const { text, left, top, width, height } = composable;
  const places = text.glyphs.map((glyph) => `${glyph.glyphId},${glyph.x},${glyph.y}`).join(' ');
  // Markup that says every dot, as a drawing's SVG does: the style, the window and each glyph's place.
  const key = `<glyphs style="${text.style.key}" window="${left} ${top} ${width} ${height}" at="${places}"/>`;
  const field = ctx.pixels.drawn(key, `zpl-graphic:${encoding}:glyphs`, () => {
    ctx.pixels.chargeRaster(width, height, `the graphic of element "${element.id}"`);
    const made = graphicField(composeTextDots(composable, ctx.scope, ctx.pixels), encoding);
    // ASCII text: V8 keeps it one byte a character.
    return { value: made, bytes: made.length };
  });
  return `^FO${left},${top}${field}`;
}

/** What every label of one document shares: resolution, fonts, the pixel budget and the fonts it downloads. */
interface DocumentContext {
  fonts: FontRegistry;
  dpi: number;
  pixels: RenderPixels;
  downloads?: ZplFontDownloads;
  /** Whose renders share glyph outlines and coverages (ZplOptions.cacheScope). */
  scope: string;
}

/** ZplEmitContext.monochromeGraphic: resvg's pixels of the SVG, made 1-bit, as ASCII-compressed ^GFA data. */
export function svgToGfa(svg: string, width: number, mode: 'threshold' | 'dither'): string {
  const raster = rasterizeSvg(svg, width);
  return monochromeToGfa(rgbaToMonochrome(raster.rgba, raster.width, raster.height, mode), raster.width, raster.height);
}

function zplContext(label: LaidOutLabel, doc: DocumentContext): ZplEmitContext {
  const { dpi } = doc;
  const ctx: ZplEmitContext = {
    dpi,
    fonts: doc.fonts,
    pixels: doc.pixels,
    scope: doc.scope,
    dots: (points) => Math.round(pointsToDots(points, dpi)),
    graphic: (element, encoding = 'ascii') => elementGraphic(element, label, ctx, encoding),
    monochromeGraphic: svgToGfa,
    ...(doc.downloads ? { downloads: doc.downloads } : {}),
  };
  return ctx;
}

/** The labels' shared context; with fonts: 'download' the ~DY commands the document starts with, once per face. */
function documentContext(
  labels: readonly LaidOutLabel[],
  fonts: FontRegistry,
  options: ZplOptions,
): { doc: DocumentContext; prelude: string } {
  const doc: DocumentContext = {
    fonts,
    dpi: options.dpi,
    pixels: options.pixels ?? new RenderPixels(),
    scope: options.cacheScope ?? '',
  };
  if (options.fontMode !== 'download') return { doc, prelude: '' };
  const downloads = ZplFontDownloads.of(labels, fonts);
  return { doc: { ...doc, downloads }, prelude: downloads.commands() };
}

/**
 * One label format. ^CI28 makes field data UTF-8; ^PW and ^LL size the label in dots; ^LH0,0 resets a home offset
 * a previous job may have left in the printer.
 */
export function emitZpl(label: LaidOutLabel, fonts: FontRegistry, options: ZplOptions): string {
  const { doc, prelude } = documentContext([label], fonts, options);
  return prelude + writeLabel(label, doc);
}

/** One label; `written` keeps each element's commands for the next labels that share the element. */
function writeLabel(label: LaidOutLabel, doc: DocumentContext, written?: WeakMap<LaidOutElement, string>): string {
  const ctx = zplContext(label, doc);
  const commands = ['^XA', '^CI28', `^PW${ctx.dots(label.width)}`, `^LL${ctx.dots(label.height)}`, '^LH0,0'];
  // A mirrored label (read from ZPL with ^PMY) is mirrored by the printer, as it was.
  if (label.mirror) commands.push('^PMY');
  // Every image drawing is charged before the first is rasterised, as the PNG emitter does: a label over its budget
  // is refused before anything is decoded, not after the decodes the budget still allowed.
  for (const element of label.elements)
    if (element.type === 'image' && !written?.has(element)) doc.pixels.chargeDrawing(element);
  for (const element of label.elements) {
    let zpl = written?.get(element);
    if (zpl === undefined) {
      const emit = kindOf(element).emit.zpl;
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
 * whose value repeats (LayoutMemo) and have one size, so each shared element is written once; downloaded fonts hold
 * the characters of every label and are sent once, ahead of the first.
 */
export function emitZplLabels(labels: readonly LaidOutLabel[], fonts: FontRegistry, options: ZplOptions): string {
  const written = options.written ?? new WeakMap<LaidOutElement, string>();
  const { doc, prelude } = documentContext(labels, fonts, options);
  return prelude + labels.map((label) => writeLabel(label, doc, written)).join('');
}
