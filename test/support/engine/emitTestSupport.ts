// Test support for the emitters: labels laid out by the real text layout, and where a raster's ink lies in points.
import { expect } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { isDark, type Raster } from './rasterTestSupport';
import { layoutText } from '@shared/elements/text/layoutText';
import type { TextElement } from '@shared/elements/text/textSchema';
import type { LayoutContext } from '@shared/layout/layoutContext';
import type { Box, LaidOutLabel, LaidOutText } from '@shared/layout/laidOutLabel';
import { RenderPixels } from '@shared/render/renderPixels';

export const fonts = bundledFonts();

/** One text element laid out with the real layout step in `box` (points), as layoutLabel would. */
export function layOutText(
  id: string,
  box: Box,
  value: string,
  style: TextElement['style'] = {},
  rotation = 0,
): LaidOutText {
  const ctx: LayoutContext = {
    fonts,
    env: { now: () => new Date(0) },
    content: () => value,
    warn: () => undefined,
    pixels: new RenderPixels(),
    targetDpi: 300,
  };
  const position = { mode: 'absolute' as const, x: `${box.x}pt`, y: `${box.y}pt` };
  const element: TextElement = {
    id,
    type: 'text',
    position,
    width: `${box.width}pt`,
    height: `${box.height}pt`,
    rotation,
    style,
  };
  const laidOut = layoutText(element, box, ctx);
  if (!laidOut) throw new Error('text laid out to nothing');
  return laidOut;
}

export function labelOf(width: number, height: number, elements: LaidOutLabel['elements']): LaidOutLabel {
  return { width, height, elements, warnings: [] };
}

/** Bounds in points of the dark pixels inside `area` (points) of a raster at `dpi`; undefined when there are none. */
export function inkBounds(raster: Raster, area: Box, dpi: number): Box | undefined {
  const px = dpi / 72;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (
    let y = Math.max(0, Math.floor(area.y * px));
    y < Math.min(raster.height, Math.ceil((area.y + area.height) * px));
    y++
  ) {
    for (
      let x = Math.max(0, Math.floor(area.x * px));
      x < Math.min(raster.width, Math.ceil((area.x + area.width) * px));
      x++
    ) {
      if (!isDark(raster, x, y)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x + 1);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y + 1);
    }
  }
  if (maxX < 0) return undefined;
  return { x: minX / px, y: minY / px, width: (maxX - minX) / px, height: (maxY - minY) / px };
}

export function grow(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}

/** Each side of the ink found near `expected` within `tolerance` points of it. */
export function expectInkAt(raster: Raster, dpi: number, expected: Box, tolerance: number, what: string): void {
  const actual = inkBounds(raster, grow(expected, 3), dpi);
  expect(actual, `${what}: no ink`).toBeDefined();
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs((actual?.[side] ?? Infinity) - expected[side]), `${what}: ${side}`).toBeLessThanOrEqual(tolerance);
  }
}
