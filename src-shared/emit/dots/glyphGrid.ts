// Text glyphs on a raster's dot grid: origins on 1/64 dot, outlines in dots to resvg's own 1/256-dot precision, so every raster of a text (the whole label, one text alone, one glyph) inks the same dots.
import type { FontRegistry, LoadedFontFace } from '../../fonts/fontRegistry';
import type { Box, TextRun } from '../../layout/laidOutLabel';
import { StyleCache, type StyleEntries } from './styleCache';

/**
 * Sub-dot positions a glyph's origin is put on, each way: a glyph moves at most 1/128 dot from where the layout put it,
 * and a text's glyphs fall on few enough phases that each glyph's coverage at each phase can be kept
 * (emit/zpl/composedText.ts).
 */
export const ORIGIN_PHASES = 64;

/**
 * Steps of a dot that outline points are rounded to: resvg (tiny-skia) turns each transformed point into a whole
 * number of 1/256 dot before it scans anything. A point already on that grid, moved by a whole number of 1/64 dot,
 * reaches it with no float rounding, so a glyph inks the same dots wherever on the grid it is drawn.
 */
const OUTLINE_STEPS = 256;

/**
 * The transform that draws GridOutline paths and gridStep() moves in dots: a power of two, which resvg multiplies by
 * exactly, so a point still reaches its place with no rounding.
 */
export const GRID_STEPS_SCALE = `scale(${1 / OUTLINE_STEPS})`;

/** A position in 1/ORIGIN_PHASES dots as whole 1/OUTLINE_STEPS dots (a move inside GRID_STEPS_SCALE). */
export function gridSteps(phases: number): number {
  return phases * (OUTLINE_STEPS / ORIGIN_PHASES);
}

/** Font units to dots without the move: [a, b, c, d] as SVG's matrix(a b c d 0 0). */
export type GlyphLinear = readonly [number, number, number, number];

/** What every glyph of a text shares: its face and the map of its outlines to dots (size, stretch, turn, dpi). */
export interface GlyphStyle {
  face: LoadedFontFace;
  linear: GlyphLinear;
  /** Names `linear` in cache keys. */
  key: string;
}

/** One glyph of a text: its origin in 1/ORIGIN_PHASES dots from the raster's top-left corner. */
export interface GridGlyph {
  glyphId: number;
  x: number;
  y: number;
}

export interface GridText {
  style: GlyphStyle;
  glyphs: GridGlyph[];
}

/**
 * A glyph's outline from its origin as SVG path data in whole 1/OUTLINE_STEPS dots (drawn inside GRID_STEPS_SCALE:
 * short integers, where dots would need up to eight decimals), with the bounds of its points in dots.
 */
export interface GridOutline {
  d: string;
  /** The bounds of every point (control points too, so the curves lie inside), in dots from the origin. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /**
   * Every segment a line or a quadratic curve monotone in y: resvg draws such an outline with integer arithmetic only,
   * so it inks the same dots at every whole-dot move. A cubic (no bundled face has one) is drawn but not promised.
   */
  exact: boolean;
}

/** cos and sin of a clockwise turn, exact for quarter turns (Math.cos(π/2) is 6e-17, not 0). */
export function turnOf(rotation: number): [number, number] {
  const turn = ((rotation % 360) + 360) % 360;
  if (turn === 0) return [1, 0];
  if (turn === 90) return [0, 1];
  if (turn === 180) return [-1, 0];
  if (turn === 270) return [0, -1];
  const radians = (turn * Math.PI) / 180;
  return [Math.cos(radians), Math.sin(radians)];
}

/** The style of a run turned `rotation`, drawn at `dotsPerPoint`. */
export function glyphStyle(run: TextRun, rotation: number, dotsPerPoint: number, fonts: FontRegistry): GlyphStyle {
  const face = fonts.face(run.fontKey);
  const scale = (run.fontSize / face.unitsPerEm) * dotsPerPoint;
  const scaleX = scale * (run.scaleX ?? 1);
  const [cos, sin] = turnOf(rotation);
  // y up in the font, down on the label; then the turn.
  const linear: GlyphLinear = [cos * scaleX, sin * scaleX, sin * scale, -cos * scale];
  return { face, linear, key: `${face.key} ${linear.join(' ')}` };
}

/**
 * The run's glyphs turned `rotation` about `centre` (points), each origin (the line's left edge plus the shaped
 * advances, kerning and scaleX included) on the 1/ORIGIN_PHASES grid of a raster of `dotsPerPoint`.
 */
export function gridText(
  run: TextRun,
  rotation: number,
  centre: { x: number; y: number },
  dotsPerPoint: number,
  fonts: FontRegistry,
): GridText {
  const style = glyphStyle(run, rotation, dotsPerPoint, fonts);
  const perUnit = run.fontSize / style.face.unitsPerEm;
  const perUnitX = perUnit * (run.scaleX ?? 1);
  const [cos, sin] = turnOf(rotation);
  const toGrid = dotsPerPoint * ORIGIN_PHASES;
  const glyphs: GridGlyph[] = [];
  for (const line of run.lines) {
    if (line.text === '') continue;
    const shaped = fonts.layoutGlyphs(run.fontKey, line.text);
    let penX = 0;
    let penY = 0;
    shaped.glyphs.forEach((glyph, index) => {
      const position = shaped.positions[index];
      if (!position) return;
      const x = line.x + perUnitX * (penX + position.xOffset) - centre.x;
      const y = line.baseline - perUnit * (penY + position.yOffset) - centre.y;
      glyphs.push({
        glyphId: glyph.id,
        x: Math.round((centre.x + cos * x - sin * y) * toGrid),
        y: Math.round((centre.y + sin * x + cos * y) * toGrid),
      });
      penX += position.xAdvance;
      penY += position.yAdvance;
    });
  }
  return { style, glyphs };
}

/** The element's glyphs turned with it about its box centre (see gridText). */
export function gridElementText(
  element: TextRun & { box: Box; rotation: number },
  dotsPerPoint: number,
  fonts: FontRegistry,
): GridText {
  const centre = { x: element.box.x + element.box.width / 2, y: element.box.y + element.box.height / 2 };
  return gridText(element, element.rotation, centre, dotsPerPoint, fonts);
}

/** Outlines kept, in bytes of their path data: a few thousand glyphs at label sizes. */
const MAX_OUTLINE_BYTES = 8 * 1024 * 1024;

/** Outlines in dots kept per style and scope (see StyleCache). */
const outlines = new StyleCache<GridOutline>(MAX_OUTLINE_BYTES);

/** The outlines a style object was last given, with their scope: a text's glyphs share its style and find them at once. */
const foundForStyle = new WeakMap<GlyphStyle, { scope: string; kept: StyleEntries<GridOutline> }>();

function styleOutlines(style: GlyphStyle, scope: string): StyleEntries<GridOutline> {
  const found = foundForStyle.get(style);
  if (found !== undefined && found.scope === scope) return found.kept;
  const kept = outlines.style(style.key, scope);
  foundForStyle.set(style, { scope, kept });
  return kept;
}

/** The glyph's outline in dots from its origin (see GridOutline), kept per `scope`; undefined for no outline (a space). */
export function gridOutline(style: GlyphStyle, glyphId: number, scope: string): GridOutline | undefined {
  const kept = styleOutlines(style, scope);
  let outline = kept.byNumber.get(glyphId);
  if (outline === undefined) {
    outline = makeOutline(style, glyphId);
    // Its path data, two bytes a character.
    outlines.add(kept, glyphId, outline, 2 * outline.d.length);
    outlines.recount(kept);
  }
  return outline.d === '' ? undefined : outline;
}

/** The outline of each of the text's glyphs (gridOutline), in its order. */
export function gridOutlines(text: GridText, scope: string): (GridOutline | undefined)[] {
  return text.glyphs.map((glyph) => gridOutline(text.style, glyph.glyphId, scope));
}

interface FontCommand {
  command: string;
  args: number[];
}

function makeOutline(style: GlyphStyle, glyphId: number): GridOutline {
  const [a, b, c, d] = style.linear;
  const commands = (style.face.font.getGlyph(glyphId).path as unknown as { commands: FontCommand[] }).commands;
  const parts: string[] = [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  let exact = true;
  // Each point in whole 1/OUTLINE_STEPS dots, and the unrounded value a curve is cut at.
  const map = (u: number, v: number): [number, number] => [
    (a * u + c * v) * OUTLINE_STEPS,
    (b * u + d * v) * OUTLINE_STEPS,
  ];
  const point = ([x, y]: [number, number]): string => {
    const [px, py] = [Math.round(x), Math.round(y)];
    minX = Math.min(minX, px);
    maxX = Math.max(maxX, px);
    minY = Math.min(minY, py);
    maxY = Math.max(maxY, py);
    return `${px} ${py}`;
  };
  let last: [number, number] = [0, 0];
  for (const { command, args } of commands) {
    const at = (index: number) => map(args[index] ?? 0, args[index + 1] ?? 0);
    switch (command) {
      case 'moveTo':
        last = at(0);
        parts.push(`M${point(last)}`);
        break;
      case 'lineTo':
        last = at(0);
        parts.push(`L${point(last)}`);
        break;
      case 'quadraticCurveTo': {
        const [control, end] = [at(0), at(2)];
        parts.push(quadratic(last, control, end, point));
        last = end;
        break;
      }
      case 'bezierCurveTo': {
        exact = false;
        const end = at(4);
        parts.push(`C${point(at(0))} ${point(at(2))} ${point(end)}`);
        last = end;
        break;
      }
      case 'closePath':
        parts.push('Z');
        break;
    }
  }
  if (parts.length === 0) return { d: '', minX: 0, minY: 0, maxX: 0, maxY: 0, exact: true };
  const steps = OUTLINE_STEPS;
  return { d: parts.join(''), minX: minX / steps, minY: minY / steps, maxX: maxX / steps, maxY: maxY / steps, exact };
}

/**
 * A quadratic curve as one or two y-monotone curves. tiny-skia cuts a curve that turns back in y at its extreme with
 * float arithmetic on the transformed points, whose rounding depends on where on the raster the glyph is; cut here,
 * with the extreme's y given to both control points (as tiny-skia does), it has nothing left to cut.
 */
function quadratic(
  start: [number, number],
  control: [number, number],
  end: [number, number],
  point: (at: [number, number]) => string,
): string {
  const [y0, y1, y2] = [Math.round(start[1]), Math.round(control[1]), Math.round(end[1])];
  // Turns back when the control point lies strictly beyond both ends in y (equal to the start: tiny-skia keeps it).
  if (!((y1 - y0) * (y2 - y1) < 0)) return `Q${point(control)} ${point(end)}`;
  const t = (start[1] - control[1]) / (start[1] - 2 * control[1] + end[1]);
  const lerp = (p: [number, number], q: [number, number]): [number, number] => [
    p[0] + (q[0] - p[0]) * t,
    p[1] + (q[1] - p[1]) * t,
  ];
  const [first, second] = [lerp(start, control), lerp(control, end)];
  const middle = lerp(first, second);
  const y = middle[1];
  return `Q${point([first[0], y])} ${point(middle)}Q${point([second[0], y])} ${point(end)}`;
}
