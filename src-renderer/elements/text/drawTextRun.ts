// Draws a laid-out TextRun on a canvas as filled glyph outlines, the way the SVG (and so the PNG) writer draws it.
import type { Font } from 'fontkit';
import type { Context } from 'konva/lib/Context';
import { glyphOutline, type FontRegistry, type TextRun } from '../../engine';

/** Outlines as Path2D per parsed font and glyph: parsed once, shared by every element and every redraw. Null: no outline (a space). */
const glyphPaths = new WeakMap<Font, Map<number, Path2D | null>>();

function glyphPath(font: Font, glyphId: number): Path2D | null {
  let paths = glyphPaths.get(font);
  if (!paths) {
    paths = new Map();
    glyphPaths.set(font, paths);
  }
  let path = paths.get(glyphId);
  if (path === undefined) {
    const d = glyphOutline(font, glyphId);
    path = d === '' ? null : new Path2D(d);
    paths.set(glyphId, path);
  }
  return path;
}

/**
 * Same geometry as textRunToSvg: each line scaled from font units to points (y flipped, x by scaleX) at its left edge and baseline,
 * each glyph moved along by the shaped advances. `origin` is subtracted, for shapes that draw relative to their box.
 */
export function drawTextRun(
  context: Context,
  run: TextRun,
  fonts: FontRegistry,
  origin: { x: number; y: number },
): void {
  const face = fonts.face(run.fontKey);
  const scale = run.fontSize / face.unitsPerEm;
  context.setAttr('fillStyle', run.color);
  for (const line of run.lines) {
    if (line.text === '') continue;
    const glyphs = fonts.layoutGlyphs(run.fontKey, line.text);
    context.save();
    context.transform(scale * (run.scaleX ?? 1), 0, 0, -scale, line.x - origin.x, line.baseline - origin.y);
    let penX = 0;
    let penY = 0;
    glyphs.glyphs.forEach((glyph, index) => {
      const position = glyphs.positions[index];
      if (!position) return;
      const path = glyphPath(face.font, glyph.id);
      if (path) {
        const dx = penX + position.xOffset;
        const dy = penY + position.yOffset;
        context.translate(dx, dy);
        context.fill(path);
        context.translate(-dx, -dy);
      }
      penX += position.xAdvance;
      penY += position.yAdvance;
    });
    context.restore();
  }
}
