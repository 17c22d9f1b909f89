// The rect element end to end: layout maths, and the pixels its PDF, SVG and ZPL print.
import { describe, expect, it } from 'vitest';
import type { LaidOutOf } from '../../layout/laidOutLabel';
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
import { emitRectPdf } from './emitRectPdf';
import { emitRectSvg } from './emitRectSvg';
import { emitRectZpl } from './emitRectZpl';
import { layoutRect } from './layoutRect';

const BOX = { x: 20, y: 20, width: 80, height: 50 };
const LABEL = { width: 144, height: 100 };

function laidOutRect(style: ShapeStyle | undefined, rotation = 0, box = BOX): LaidOutOf<'rect'> {
  const rect = layoutRect(
    {
      id: 'r',
      type: 'rect',
      position: { mode: 'absolute', x: '0pt', y: '0pt' },
      width: '1pt',
      height: '1pt',
      rotation,
      style,
    },
    box,
    layoutTestContext(),
  );
  if (rect === null) throw new Error('rect laid out to nothing');
  return rect;
}

describe('layoutRect', () => {
  it('defaults to a 1pt black outline without fill, inset by half a point', () => {
    const rect = laidOutRect(undefined);
    expect(rect).toMatchObject({ stroke: '#000000', strokeWidth: 1, fill: undefined, cornerRadius: 0 });
    expect(rect.shape).toEqual({ x: 20.5, y: 20.5, width: 79, height: 49 });
    expect(rect.box).toEqual(BOX);
  });

  it('converts lengths to points and keeps the stroke inside the box', () => {
    const rect = laidOutRect({ stroke: '#ff0000', strokeWidth: '2mm', fill: '#00ff00' });
    const stroke = (2 * 72) / 25.4;
    expect(rect.strokeWidth).toBeCloseTo(stroke, 10);
    expect(rect.shape.x).toBeCloseTo(20 + stroke / 2, 10);
    expect(rect.shape.x + rect.shape.width + stroke / 2).toBeCloseTo(100, 10);
    expect(rect.shape.y + rect.shape.height + stroke / 2).toBeCloseTo(70, 10);
    expect(rect.fill).toBe('#00ff00');
  });

  it("treats stroke 'none' and width 0 as no stroke, with nothing inset", () => {
    for (const style of [{ stroke: 'none' }, { strokeWidth: '0pt' }] as ShapeStyle[]) {
      const rect = laidOutRect(style);
      expect(rect.stroke).toBeUndefined();
      expect(rect.strokeWidth).toBe(0);
      expect(rect.shape).toEqual(BOX);
    }
  });

  it('clamps the corner radius to half the shorter side; the laid-out radius is the centre line one', () => {
    expect(laidOutRect({ cornerRadius: '100pt', strokeWidth: '4pt' }).cornerRadius).toBe(25 - 2);
    expect(laidOutRect({ cornerRadius: '10pt', strokeWidth: '4pt' }).cornerRadius).toBe(8);
    expect(laidOutRect({ cornerRadius: '1pt', strokeWidth: '4pt' }).cornerRadius).toBe(0);
    expect(laidOutRect({ cornerRadius: '100pt', stroke: 'none' }).cornerRadius).toBe(25);
  });

  it('keeps a stroke wider than the box inside it', () => {
    const rect = laidOutRect({ strokeWidth: '80pt' });
    expect(rect.strokeWidth).toBe(50);
    expect(rect.shape).toEqual({ x: 45, y: 45, width: 30, height: 0 });
  });
});

// Outline in red, 6pt, filled blue: probes in the stroke band, in the fill, outside, and in a rounded corner.
const STYLED: ShapeStyle = { stroke: '#cc0000', strokeWidth: '6pt', fill: '#0000cc' };
const STYLED_PROBES: Probe[] = [
  [23, 45, '#cc0000'], // left stroke band (20..26)
  [60, 22.5, '#cc0000'], // top stroke band
  [97, 45, '#cc0000'], // right stroke band
  [60, 45, '#0000cc'], // inside
  [30, 28, '#0000cc'], // just inside the stroke
  [17, 45, 'paper'], // left of the box
  [60, 73, 'paper'], // below the box
];

describe('emitRectSvg and emitRectPdf', () => {
  it('draw the stroke inside the box and the fill within it (SVG through resvg)', () => {
    const raster = renderSvg(emitRectSvg(laidOutRect(STYLED), svgTestContext), LABEL.width, LABEL.height, 150);
    expect(probeMismatches(raster, 150, STYLED_PROBES)).toEqual([]);
  });

  it('draw the stroke inside the box and the fill within it (PDF through pdftoppm)', async () => {
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitRectPdf(laidOutRect(STYLED), ctx));
    expect(probeMismatches(await renderPdf(pdf, 150), 150, STYLED_PROBES)).toEqual([]);
  });

  it('round the corners with the clamped radius in both', async () => {
    const rounded = laidOutRect({ ...STYLED, cornerRadius: '100pt' }); // 25pt outer radius
    const probes: Probe[] = [
      [22, 22, 'paper'], // the cut-off corner
      [98, 68, 'paper'],
      [20 + 25, 23, '#cc0000'], // top edge where the arc ends
      [60, 45, '#0000cc'],
    ];
    expect(
      probeMismatches(renderSvg(emitRectSvg(rounded, svgTestContext), LABEL.width, LABEL.height, 150), 150, probes),
    ).toEqual([]);
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitRectPdf(rounded, ctx));
    expect(probeMismatches(await renderPdf(pdf, 150), 150, probes)).toEqual([]);
  });

  it('draw nothing for no stroke and no fill', async () => {
    const empty = laidOutRect({ stroke: 'none' });
    expect(emitRectSvg(empty, svgTestContext)).toBe('');
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitRectPdf(empty, ctx));
    expect(
      probeMismatches(await renderPdf(pdf, 150), 150, [
        [20.2, 45, 'paper'],
        [60, 45, 'paper'],
      ]),
    ).toEqual([]);
  });
});

const DPI = 203;
const dots = (points: number) => Math.round((points * DPI) / 72);

describe('emitRectZpl', () => {
  const ctx = zplTestContext(DPI);

  it('draws an outline as a ^GB of the box with the stroke as border thickness', async () => {
    const zpl = emitRectZpl(laidOutRect({ strokeWidth: '6pt' }), ctx);
    expect(zpl).toBe(`^FO${dots(20)},${dots(20)}^GB${dots(100) - dots(20)},${dots(70) - dots(20)},${dots(6)},B,0^FS`);
    const raster = await renderZpl(zpl, dots(LABEL.width), dots(LABEL.height), DPI);
    expect(isDark(raster, dots(23), dots(45))).toBe(true); // left border
    expect(isDark(raster, dots(60), dots(67))).toBe(true); // bottom border
    expect(isDark(raster, dots(60), dots(45))).toBe(false); // hollow inside
    expect(isDark(raster, dots(18), dots(45))).toBe(false); // outside
  });

  it('fills a dark fill solid (border as thick as the shorter side) and leaves a light stroke as paper', async () => {
    const zpl = emitRectZpl(laidOutRect({ stroke: '#ffee00', strokeWidth: '6pt', fill: '#202020' }), ctx);
    expect(zpl).toBe(
      `^FO${dots(26)},${dots(26)}^GB${dots(94) - dots(26)},${dots(64) - dots(26)},${dots(64) - dots(26)},B,0^FS`,
    );
    const raster = await renderZpl(zpl, dots(LABEL.width), dots(LABEL.height), DPI);
    expect(isDark(raster, dots(60), dots(45))).toBe(true);
    expect(isDark(raster, dots(30), dots(30))).toBe(true);
    expect(isDark(raster, dots(23), dots(45))).toBe(false); // where the light stroke is
  });

  it('joins a dark stroke and a dark fill into one solid box', () => {
    expect(emitRectZpl(laidOutRect({ stroke: '#000080', strokeWidth: '6pt', fill: '#800000' }), ctx)).toBe(
      `^FO${dots(20)},${dots(20)}^GB${dots(100) - dots(20)},${dots(70) - dots(20)},${dots(70) - dots(20)},B,0^FS`,
    );
  });

  it('draws nothing for light colours only (luma at or above half)', () => {
    expect(emitRectZpl(laidOutRect({ stroke: '#ff8080', fill: '#c0c0c0' }), ctx)).toBe('');
    expect(emitRectZpl(laidOutRect({ stroke: '#808080' }), ctx)).toBe(''); // luma 128: white
    expect(emitRectZpl(laidOutRect({ stroke: '#7f7f7f' }), ctx)).not.toBe(''); // luma 127: black
  });

  it('turns corner rounding into the ^GB rounding index (eighths of half the shorter side)', async () => {
    const zpl = emitRectZpl(laidOutRect({ strokeWidth: '4pt', cornerRadius: '12.5pt' }), ctx);
    expect(zpl).toMatch(/\^GB\d+,\d+,\d+,B,4\^FS$/); // 12.5 of 25
    expect(emitRectZpl(laidOutRect({ strokeWidth: '4pt', cornerRadius: '10in' }), ctx)).toMatch(/,B,8\^FS$/);
    const raster = await renderZpl(zpl, dots(LABEL.width), dots(LABEL.height), DPI);
    expect(isDark(raster, dots(20.5), dots(20.5))).toBe(false); // the corner is cut
    expect(isDark(raster, dots(60), dots(21))).toBe(true);
  });

  it('swaps the box about its centre for quarter turns and falls back to a raster for other angles', async () => {
    const turned = emitRectZpl(laidOutRect({ strokeWidth: '4pt' }, 90), ctx);
    // centre (60, 45); turned box 50 wide, 80 high: x 35..85, y 5..85
    expect(turned).toBe(`^FO${dots(35)},${dots(5)}^GB${dots(85) - dots(35)},${dots(85) - dots(5)},${dots(4)},B,0^FS`);
    const raster = await renderZpl(turned, dots(LABEL.width), dots(LABEL.height), DPI);
    expect(isDark(raster, dots(60), dots(7))).toBe(true);
    expect(isDark(raster, dots(22), dots(45))).toBe(false);
    expect(emitRectZpl(laidOutRect({}, 180), ctx)).toBe(emitRectZpl(laidOutRect({}, 0), ctx));
    expect(emitRectZpl(laidOutRect({}, -270), ctx)).toBe(turned.replace(`,${dots(4)},B`, `,${dots(1)},B`));
    expect(emitRectZpl(laidOutRect({}, 30), ctx)).toBe('[graphic of r]');
  });

  it('falls back to a raster when the box starts above or left of the label', () => {
    expect(emitRectZpl(laidOutRect({}, 0, { x: -10, y: 5, width: 50, height: 20 }), ctx)).toBe('[graphic of r]');
  });
});
