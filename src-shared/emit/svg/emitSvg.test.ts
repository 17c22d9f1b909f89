import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { rasterizeSvg } from '../png/rasterize';
import { laidOutText } from '../../../test/support/engine/textLabelTestSupport';
import { elementToSvg, emitSvg } from './emitSvg';
import { escapeXml } from '../../elements/svgEscape';

const fonts = bundledFonts();
const HOSTILE = `</svg><script>alert("x")</script>&amp; 'quoted' "double" <b>`;

/** Columns of a raster row range that hold any dark pixel (straight dark on an opaque white background). */
function inkColumns(
  raster: { width: number; height: number; rgba: Uint8Array },
  top: number,
  bottom: number,
): { left: number; right: number } {
  let left = Infinity;
  let right = -Infinity;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < raster.width; x++) {
      if ((raster.rgba[(y * raster.width + x) * 4] ?? 255) < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
      }
    }
  }
  return { left, right };
}

describe('escapeXml', () => {
  it('replaces each markup character by its entity and leaves the rest alone', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
    expect(escapeXml('plain text 123 äöü')).toBe('plain text 123 äöü');
  });
});

describe('emitSvg', () => {
  it('is a complete document in points with a white background', () => {
    const label: LaidOutLabel = {
      width: 288,
      height: 144,
      warnings: [],
      elements: [laidOutText(fonts, { id: 'a', lines: ['Hello'], x: 10, y: 10 })],
    };
    const svg = emitSvg(label, fonts);
    expect(
      svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="288pt" height="144pt" viewBox="0 0 288 144"'),
    ).toBe(true);
    expect(svg).toContain('<rect x="0" y="0" width="288" height="144" fill="#ffffff"/>');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('keeps hostile data out of the markup: text becomes outlines and attribute values are escaped', () => {
    const text = laidOutText(fonts, {
      id: 'evil',
      lines: [HOSTILE],
      x: 5,
      y: 5,
      color: `#000"/><script>alert(1)</script>`,
    });
    const svg = emitSvg({ width: 400, height: 60, warnings: [], elements: [text] }, fonts);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('alert("x")');
    expect(svg).toContain('fill="#000&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    // resvg's XML parser is strict: the document still parses, so nothing closed or opened an element early.
    expect(rasterizeSvg(svg, 400).width).toBe(400);
  });

  it('draws a line exactly as wide as the layout measured it (kerning across spaces included)', () => {
    const line = 'A Tale Y AVA Wave';
    const fontSize = 36;
    const label: LaidOutLabel = {
      width: 500,
      height: 60,
      warnings: [],
      elements: [laidOutText(fonts, { id: 't', lines: [line], x: 20, y: 5, fontSize })],
    };
    // 1 px = 0.25 pt; the expected ink comes from fontkit's glyph boxes placed at the shaped positions.
    const raster = rasterizeSvg(emitSvg(label, fonts), 2000);
    const run = fonts.layoutGlyphs('sans-regular', line);
    const scale = fontSize / fonts.face('sans-regular').unitsPerEm;
    let pen = 0;
    let inkLeft = Infinity;
    let inkRight = -Infinity;
    run.glyphs.forEach((glyph, index) => {
      const box = glyph.bbox;
      if (box.maxX > box.minX) {
        inkLeft = Math.min(inkLeft, pen + box.minX);
        inkRight = Math.max(inkRight, pen + box.maxX);
      }
      pen += run.positions[index]?.xAdvance ?? 0;
    });
    const ink = inkColumns(raster, 0, raster.height);
    expect(Math.abs(ink.left / 4 - (20 + inkLeft * scale))).toBeLessThan(0.5);
    expect(Math.abs(ink.right / 4 - (20 + inkRight * scale))).toBeLessThan(0.5);
  });

  it('wraps a rotated element in a rotation about its box centre, clockwise', () => {
    const text = laidOutText(fonts, { id: 'r', lines: ['ROTATED'], x: 100, y: 90, fontSize: 20, rotation: 90 });
    const markup = elementToSvg(text, { fonts });
    const cx = text.box.x + text.box.width / 2;
    const cy = text.box.y + text.box.height / 2;
    expect(
      markup.startsWith(`<g transform="rotate(90 ${Math.round(cx * 1000) / 1000} ${Math.round(cy * 1000) / 1000})">`),
    ).toBe(true);
    expect(elementToSvg({ ...text, rotation: 0 }, { fonts }).startsWith('<g transform="rotate')).toBe(false);
    // Turned a quarter clockwise, the line runs downwards: its ink is taller than wide, centred on the box centre.
    const raster = rasterizeSvg(emitSvg({ width: 300, height: 200, warnings: [], elements: [text] }, fonts), 300);
    const rows: number[] = [];
    for (let y = 0; y < raster.height; y++) {
      for (let x = 0; x < raster.width; x++) if ((raster.rgba[(y * raster.width + x) * 4] ?? 255) < 128) rows.push(y);
    }
    const ink = inkColumns(raster, 0, raster.height);
    const inkHeight = Math.max(...rows) - Math.min(...rows);
    expect(inkHeight).toBeGreaterThan(text.box.width * 0.9);
    expect(ink.right - ink.left).toBeLessThan(text.box.height);
    expect(Math.abs((ink.left + ink.right) / 2 - cx)).toBeLessThan(4);
  });
});
