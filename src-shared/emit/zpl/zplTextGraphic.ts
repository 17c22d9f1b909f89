// A text element's ^GF graphic made of its glyphs' cached coverages (composeTextDots), not a resvg raster of the text: a new parcel's texts cost a few lookups a glyph.
import { luma } from '../../elements/ink';
import { packedGraphicField } from './zplGraphicField';
import type { LaidOutLabel, LaidOutOf } from '../../layout/laidOutLabel';
import { composeTextDots } from '../dots/composeTextDots';
import { hexColor } from '../dots/dotGrid';
import { glyphsFit, placeGlyphs } from '../dots/drawTextDots';
import { COVERAGE_PHASES, type GlyphMasks } from '../dots/glyphMasks';
import { elementWindow } from './elementDots';
import type { ZplEmitContext, ZplGraphicEncoding } from './zplContext';

/**
 * The text's graphic field placed with ^FO, or '' when none of it is on the label; undefined when its glyphs are not
 * composed (a colour that is not #rgb/#rrggbb, type too large for glyph rasters), for resvg to draw it whole.
 * The field is kept per process by what places every glyph: face, matrix,
 * each glyph's dot and phase, colour and window, which say every dot, so a repeated text is composed once.
 */
export function composedTextGraphic(
  element: LaidOutOf<'text'>,
  label: LaidOutLabel,
  ctx: ZplEmitContext,
  glyphs: GlyphMasks,
  encoding: ZplGraphicEncoding,
): string | undefined {
  const rgb = hexColor(element.color);
  const grid = { sx: ctx.dpi / 72, sy: ctx.dpi / 72 };
  if (rgb === undefined || !glyphsFit(element, grid)) return undefined;
  const window = elementWindow(element, label, ctx.fonts, ctx.dpi);
  if (window === undefined) return '';
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  const run = placeGlyphs(element, element.rotation, centre, ctx.fonts, grid, COVERAGE_PHASES);
  const colourLuma = luma(...rgb);
  const placed = run.glyphs.map(
    (glyph) => `${glyph.glyphId},${glyph.dotX},${glyph.phaseX},${glyph.dotY},${glyph.phaseY}`,
  );
  const key = [
    run.face.key,
    run.matrixKey,
    colourLuma,
    window.left,
    window.top,
    window.width,
    window.height,
    ...placed,
  ];
  const made = ctx.pixels.drawn(key.join(' '), `zpl-glyphs:${encoding}`, () => {
    ctx.pixels.chargeRaster(window.width, window.height, `the graphic of element "${element.id}"`);
    const packed = composeTextDots(run, window, colourLuma, glyphs);
    const text = packedGraphicField(packed, window.width, window.height, encoding);
    // ASCII text: V8 keeps it one byte a character.
    return { value: text, bytes: text.length };
  });
  return `^FO${window.left},${window.top}${made}`;
}
