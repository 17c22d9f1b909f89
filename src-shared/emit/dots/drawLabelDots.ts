// Draws a laid-out label straight into printer dots (the viewer's bitonal PNG): no whole-label SVG, no 8-bit raster.
import type { ElementType } from '../../elements/elementSchema';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel, LaidOutOf } from '../../layout/laidOutLabel';
import { drawnOnLabel } from '../svg/emitSvg';
import type { DotContext } from './dotContext';
import { dotEdge, paintOf } from './dotGrid';
import { DotRaster, type DotCanvas, type DotPaint } from './dotRaster';
import { drawBarcodeDots } from './drawBarcodeDots';
import { drawLineDots, drawRectDots } from './drawShapeDots';
import { drawTextDots } from './drawTextDots';
import { drawTileDots } from './drawTileDots';
import { GlyphMasks } from './glyphMasks';
import { ReversedLayer } from './reversedLayer';

/** Draws the element in one paint and says true, or says false having drawn nothing (the tile draws it then). */
type DotDrawer<T extends LaidOutElement> = (element: T, canvas: DotCanvas, paint: DotPaint, ctx: DotContext) => boolean;

/**
 * The kinds drawn dot by dot here. Images and ellipses are not: resvg draws them over their own bounds
 * (drawTileDots), and so does any kind added later until it has a drawer.
 */
const DOT_DRAWERS: { [T in ElementType]?: DotDrawer<LaidOutOf<T>> } = {
  text: drawTextDots,
  barcode: drawBarcodeDots,
  rect: drawRectDots,
  line: drawLineDots,
};

/** The one colour an element paints in, or undefined when it has none or two (a filled and stroked box). */
function colourOf(element: LaidOutElement): string | undefined {
  switch (element.type) {
    case 'text':
    case 'barcode':
      return element.color;
    case 'rect':
      return element.fill !== undefined && element.stroke !== undefined ? undefined : (element.fill ?? element.stroke);
    case 'line':
      return element.stroke;
    default:
      return undefined;
  }
}

export interface DotLabelSize {
  /** The raster in dots; the label is stretched over it, as the SVG's viewBox is. */
  width: number;
  height: number;
  /** Whose renders may share glyph and tile rasters: the team (see glyphMasks.ts). */
  cacheScope: string;
}

/**
 * The label's dots as labelToSvg + resvg (crisp edges) + the PNG writer's threshold give them: same drawing order,
 * reversed fields inverting what is beneath, ^PW's band, ^PMY's flip.
 */
export function drawLabelDots(label: LaidOutLabel, fonts: FontRegistry, size: DotLabelSize): DotRaster {
  const { width, height } = size;
  const raster = new DotRaster(width, height);
  const ctx: DotContext = {
    grid: { sx: width / label.width, sy: height / label.height },
    fonts,
    glyphs: new GlyphMasks(size.cacheScope),
    scope: size.cacheScope,
  };
  let layer: ReversedLayer | undefined;
  for (const element of label.elements) {
    if (!drawnOnLabel(element, label)) continue;
    const colour = colourOf(element);
    const reverse = element.reverse === true;
    const paint = colour === undefined ? undefined : paintOf(colour, reverse);
    // The table is checked per kind; indexing it with a union loses the pairing, so restore it here once.
    const draw = DOT_DRAWERS[element.type] as DotDrawer<LaidOutElement> | undefined;
    if (draw !== undefined && paint !== undefined) {
      if (!reverse && draw(element, raster, paint, ctx)) continue;
      if (reverse) {
        // Gathered first: where a reversed element's own pieces overlap, resvg's blended group inverts them once.
        layer ??= new ReversedLayer(width, height);
        if (draw(element, layer, 'ink', ctx)) {
          layer.mergeInto(raster, paint);
          continue;
        }
      }
    }
    drawTileDots(element, raster, ctx);
  }
  const { clip } = label;
  if (clip) {
    const { sx, sy } = ctx.grid;
    raster.keepOnly(
      dotEdge(clip.x * sx),
      dotEdge(clip.y * sy),
      dotEdge((clip.x + clip.width) * sx),
      dotEdge((clip.y + clip.height) * sy),
    );
  }
  if (label.mirror) raster.mirror();
  return raster;
}
