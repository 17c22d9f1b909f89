// The line element end to end: endpoints from signed sizes, and the pixels its PDF, SVG and ZPL print.
import { describe, expect, it } from 'vitest';
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import {
  isDark,
  layoutTestContext,
  pdfPage,
  probeMismatches,
  renderPdf,
  renderSvg,
  renderZpl,
  svgTestContext,
  zplTestContext,
  type Probe,
} from '../../../test/support/engine/rasterTestSupport';
import type { ShapeStyle } from '../shapeStyleSchema';
import { emitLinePdf } from './emitLinePdf';
import { emitLineSvg } from './emitLineSvg';
import { emitLineZpl } from './emitLineZpl';
import { layoutLine } from './layoutLine';

const LABEL = { width: 144, height: 100 };
/** From the top right (100, 20) down to the bottom left (20, 70): a negative width. */
const RISING_BOX = { x: 100, y: 20, width: -80, height: 50 };

function laidOutLine(box: Box, style: ShapeStyle | undefined, rotation = 0): LaidOutOf<'line'> {
  const element = {
    id: 'l',
    type: 'line',
    position: { mode: 'absolute', x: '0pt', y: '0pt' },
    width: '1pt',
    height: '1pt',
    rotation,
    style,
  } as const;
  const line = layoutLine(element, box, layoutTestContext());
  if (line === null) throw new Error('line laid out to nothing');
  return line;
}

describe('layoutLine', () => {
  it('runs from (x, y) to (x + width, y + height), keeping the direction of negative sizes', () => {
    const line = laidOutLine(RISING_BOX, { strokeWidth: '2mm' });
    expect(line).toMatchObject({ x1: 100, y1: 20, x2: 20, y2: 70, stroke: '#000000' });
    expect(line.strokeWidth).toBeCloseTo((2 * 72) / 25.4, 10);
    expect(line.box).toEqual({ x: 20, y: 20, width: 80, height: 50 });
    expect(laidOutLine({ x: 50, y: 60, width: -30, height: -40 }, undefined)).toMatchObject({
      x1: 50,
      y1: 60,
      x2: 20,
      y2: 20,
      strokeWidth: 1,
    });
  });

  it("has no stroke for 'none' or width 0", () => {
    expect(laidOutLine(RISING_BOX, { stroke: 'none' })).toMatchObject({ stroke: undefined, strokeWidth: 0 });
    expect(laidOutLine(RISING_BOX, { strokeWidth: '0mm' })).toMatchObject({ stroke: undefined, strokeWidth: 0 });
  });
});

// The rising line, 4pt blue: on it, beside it, and past its ends (butt caps stop at the endpoints).
const DIAGONAL_PROBES: Probe[] = [
  [80, 32.5, '#0000cc'],
  [60, 45, '#0000cc'],
  [40, 57.5, '#0000cc'],
  [28, 25, 'paper'],
  [92, 65, 'paper'],
  [62.7, 49.3, 'paper'], // 5pt off the line, perpendicular
  [103, 18, 'paper'],
];

describe('emitLineSvg and emitLinePdf', () => {
  const line = laidOutLine(RISING_BOX, { stroke: '#0000cc', strokeWidth: '4pt', fill: '#ff0000' });

  it('stroke the line between its endpoints, never filled (SVG through resvg)', () => {
    const raster = renderSvg(emitLineSvg(line, svgTestContext), LABEL.width, LABEL.height, 150);
    expect(probeMismatches(raster, 150, DIAGONAL_PROBES)).toEqual([]);
  });

  it('stroke the line between its endpoints, never filled (PDF through pdftoppm)', async () => {
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitLinePdf(line, ctx));
    expect(probeMismatches(await renderPdf(pdf, 150), 150, DIAGONAL_PROBES)).toEqual([]);
  });

  it('draw nothing without a stroke', async () => {
    const none = laidOutLine(RISING_BOX, { stroke: 'none' });
    expect(emitLineSvg(none, svgTestContext)).toBe('');
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitLinePdf(none, ctx));
    expect(probeMismatches(await renderPdf(pdf, 150), 150, [[60, 45, 'paper']])).toEqual([]);
  });
});

const DPI = 203;
const dots = (points: number) => Math.round((points * DPI) / 72);
const render = (zpl: string) => renderZpl(zpl, dots(LABEL.width), dots(LABEL.height), DPI);

describe('emitLineZpl', () => {
  const ctx = zplTestContext(DPI);

  it('draws a horizontal line as a solid ^GB of its stroke, centred on the line', async () => {
    const zpl = emitLineZpl(laidOutLine({ x: 120, y: 80, width: -100, height: 0 }, { strokeWidth: '3pt' }), ctx);
    expect(zpl).toBe(
      `^FO${dots(20)},${dots(78.5)}^GB${dots(120) - dots(20)},${dots(81.5) - dots(78.5)},${dots(81.5) - dots(78.5)},B,0^FS`,
    );
    const raster = await render(zpl);
    expect(isDark(raster, dots(70), dots(80))).toBe(true);
    expect(isDark(raster, dots(70), dots(83))).toBe(false);
    expect(isDark(raster, dots(18), dots(80))).toBe(false);
    expect(isDark(raster, dots(122), dots(80))).toBe(false);
  });

  it('draws a vertical line as a solid ^GB, at least one dot wide for hairlines', async () => {
    const zpl = emitLineZpl(laidOutLine({ x: 50, y: 10, width: 0, height: 60 }, { strokeWidth: '0.1pt' }), ctx);
    expect(zpl).toBe(`^FO${dots(49.95)},${dots(10)}^GB1,${dots(70) - dots(10)},1,B,0^FS`);
    const raster = await render(zpl);
    expect(isDark(raster, dots(49.95), dots(40))).toBe(true);
    expect(isDark(raster, dots(52), dots(40))).toBe(false);
  });

  it('draws a diagonal as ^GD whose row thickness makes the stroke width across the line', async () => {
    const zpl = emitLineZpl(laidOutLine(RISING_BOX, { strokeWidth: '4pt' }), ctx);
    expect(zpl).toMatch(/^\^FO\d+,\d+\^GD\d+,\d+,\d+,B,R\^FS$/);
    const raster = await render(zpl);
    // the same probes as in PDF and SVG, in black and white
    for (const [x, y, expected] of DIAGONAL_PROBES)
      expect(isDark(raster, dots(x), dots(y)), `${x},${y}`).toBe(expected !== 'paper');
    // along a row the stroke is 4 / sin(angle) = 7.5pt wide, centred on the line
    expect(isDark(raster, dots(62.5), dots(45))).toBe(true);
    expect(isDark(raster, dots(57.5), dots(45))).toBe(true);
    expect(isDark(raster, dots(65.5), dots(45))).toBe(false);
    expect(isDark(raster, dots(54.5), dots(45))).toBe(false);
  });

  it('leans the other way for a falling line', async () => {
    const zpl = emitLineZpl(laidOutLine({ x: 20, y: 20, width: 80, height: 50 }, { strokeWidth: '2pt' }), ctx);
    expect(zpl).toMatch(/,B,L\^FS$/);
    const raster = await render(zpl);
    expect(isDark(raster, dots(40), dots(32.5))).toBe(true);
    expect(isDark(raster, dots(80), dots(32.5))).toBe(false);
  });

  it('turns the endpoints for any rotation instead of rasterising', async () => {
    // horizontal from (20, 80) to (120, 80), turned 90 degrees about (70, 80): vertical x = 70, y 30..130
    const turned = emitLineZpl(laidOutLine({ x: 20, y: 80, width: 100, height: 0 }, { strokeWidth: '3pt' }, 90), ctx);
    expect(turned).toBe(
      `^FO${dots(68.5)},${dots(30)}^GB${dots(71.5) - dots(68.5)},${dots(130) - dots(30)},${dots(71.5) - dots(68.5)},B,0^FS`,
    );
    const tilted = emitLineZpl(laidOutLine({ x: 20, y: 50, width: 100, height: 0 }, { strokeWidth: '3pt' }, 30), ctx);
    expect(tilted).toMatch(/\^GD\d+,\d+,\d+,B,L\^FS$/); // clockwise on the label: the right end goes down
    const raster = await render(tilted);
    // the rotated line passes through its centre (70, 50) and (70 + 40 cos 30, 50 + 40 sin 30)
    expect(isDark(raster, dots(70), dots(50))).toBe(true);
    expect(isDark(raster, dots(70 + 40 * Math.cos(Math.PI / 6)), dots(50 + 40 * Math.sin(Math.PI / 6)))).toBe(true);
    expect(isDark(raster, dots(70 + 40), dots(50))).toBe(false);
  });

  it('draws a line that strays less than 3 dots (the smallest ^GD box) straight, at its middle', () => {
    expect(emitLineZpl(laidOutLine({ x: 20, y: 50, width: 100, height: 0.5 }, { strokeWidth: '2pt' }), ctx)).toBe(
      `^FO${dots(20)},${dots(49.25)}^GB${dots(120) - dots(20)},${dots(51.25) - dots(49.25)},${dots(51.25) - dots(49.25)},B,0^FS`,
    );
    expect(emitLineZpl(laidOutLine({ x: 20, y: 50, width: 0, height: 0 }, { strokeWidth: '2pt' }), ctx)).toBe('');
  });

  it('clips a line on the top edge to the label (ZPL has no negative origin)', () => {
    expect(emitLineZpl(laidOutLine({ x: 20, y: 0, width: 50, height: 0 }, { strokeWidth: '2pt' }), ctx)).toBe(
      `^FO${dots(20)},0^GB${dots(70) - dots(20)},${dots(1)},${dots(1)},B,0^FS`,
    );
  });

  it('prints nothing for a light stroke or none', () => {
    expect(emitLineZpl(laidOutLine(RISING_BOX, { stroke: '#aaaaaa' }), ctx)).toBe('');
    expect(emitLineZpl(laidOutLine(RISING_BOX, { stroke: 'none' }), ctx)).toBe('');
  });
});
