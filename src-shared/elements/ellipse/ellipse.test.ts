// The ellipse element end to end: layout maths, the pixels its PDF and SVG print, and its ZPL commands.
import { describe, expect, it } from 'vitest';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import {
  layoutTestContext,
  pdfPage,
  probeMismatches,
  renderPdf,
  renderSvg,
  svgTestContext,
  zplTestContext,
  type Probe,
} from '../../../test/support/engine/rasterTestSupport';
import type { ShapeStyle } from '../shapeStyleSchema';
import { emitEllipsePdf } from './emitEllipsePdf';
import { emitEllipseSvg } from './emitEllipseSvg';
import { emitEllipseZpl } from './emitEllipseZpl';
import { layoutEllipse } from './layoutEllipse';

const BOX = { x: 20, y: 20, width: 80, height: 50 };
const LABEL = { width: 144, height: 100 };

function laidOutEllipse(style: ShapeStyle | undefined, rotation = 0): LaidOutOf<'ellipse'> {
  const element = {
    id: 'e',
    type: 'ellipse',
    position: { mode: 'absolute', x: '0pt', y: '0pt' },
    width: '1pt',
    height: '1pt',
    rotation,
    style,
  } as const;
  const ellipse = layoutEllipse(element, BOX, layoutTestContext());
  if (ellipse === null) throw new Error('ellipse laid out to nothing');
  return ellipse;
}

describe('layoutEllipse', () => {
  it('insets the inscribed box by half the stroke and resolves defaults', () => {
    expect(laidOutEllipse({ strokeWidth: '4pt', fill: '#112233' })).toMatchObject({
      shape: { x: 22, y: 22, width: 76, height: 46 },
      stroke: '#000000',
      strokeWidth: 4,
      fill: '#112233',
      box: BOX,
    });
    expect(laidOutEllipse({ stroke: 'none', fill: '#112233' })).toMatchObject({
      shape: BOX,
      stroke: undefined,
      strokeWidth: 0,
    });
  });
});

// Centre (60, 45), radii 40 and 25; 6pt red outline, blue inside.
const STYLED: ShapeStyle = { stroke: '#cc0000', strokeWidth: '6pt', fill: '#0000cc' };
const PROBES: Probe[] = [
  [23, 45, '#cc0000'], // left end of the outline (20..26)
  [60, 67, '#cc0000'], // bottom of the outline
  [60, 45, '#0000cc'],
  [80, 45, '#0000cc'],
  [23, 23, 'paper'], // the box corner is outside the ellipse
  [97, 67, 'paper'],
  [17, 45, 'paper'],
];

describe('emitEllipseSvg and emitEllipsePdf', () => {
  it('draw the ellipse inscribed in the box (SVG through resvg)', () => {
    const raster = renderSvg(emitEllipseSvg(laidOutEllipse(STYLED), svgTestContext), LABEL.width, LABEL.height, 150);
    expect(probeMismatches(raster, 150, PROBES)).toEqual([]);
  });

  it('draw the ellipse inscribed in the box (PDF through pdftoppm)', async () => {
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitEllipsePdf(laidOutEllipse(STYLED), ctx));
    expect(probeMismatches(await renderPdf(pdf, 150), 150, PROBES)).toEqual([]);
  });

  it('leave the inside unpainted without a fill', async () => {
    const outline = laidOutEllipse({ stroke: '#00aa00', strokeWidth: '6pt' });
    const probes: Probe[] = [
      [23, 45, '#00aa00'],
      [60, 45, 'paper'],
    ];
    expect(
      probeMismatches(renderSvg(emitEllipseSvg(outline, svgTestContext), LABEL.width, LABEL.height, 150), 150, probes),
    ).toEqual([]);
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitEllipsePdf(outline, ctx));
    expect(probeMismatches(await renderPdf(pdf, 150), 150, probes)).toEqual([]);
  });
});

const DPI = 300;
const dots = (points: number) => Math.round((points * DPI) / 72);

// zpl-renderer-js skips ^GE (a label of nothing else fails to parse), so these check the commands a printer gets.
describe('emitEllipseZpl', () => {
  const ctx = zplTestContext(DPI);

  it('draws an outline as ^GE over the box with the stroke as thickness', () => {
    expect(emitEllipseZpl(laidOutEllipse({ strokeWidth: '6pt' }), ctx)).toBe(
      `^FO${dots(20)},${dots(20)}^GE${dots(100) - dots(20)},${dots(70) - dots(20)},${dots(6)},B^FS`,
    );
  });

  it('fills a dark fill solid, inside a light stroke, and joins a dark stroke and fill into one', () => {
    expect(emitEllipseZpl(laidOutEllipse({ stroke: '#ffffff', strokeWidth: '6pt', fill: '#000000' }), ctx)).toBe(
      `^FO${dots(26)},${dots(26)}^GE${dots(94) - dots(26)},${dots(64) - dots(26)},${dots(64) - dots(26)},B^FS`,
    );
    expect(emitEllipseZpl(laidOutEllipse({ stroke: '#000000', strokeWidth: '6pt', fill: '#000000' }), ctx)).toBe(
      `^FO${dots(20)},${dots(20)}^GE${dots(100) - dots(20)},${dots(70) - dots(20)},${dots(70) - dots(20)},B^FS`,
    );
    expect(emitEllipseZpl(laidOutEllipse({ stroke: '#eeeeee', fill: '#dddddd' }), ctx)).toBe('');
  });

  it('swaps the box for quarter turns and falls back to a raster for other angles', () => {
    expect(emitEllipseZpl(laidOutEllipse({ strokeWidth: '2pt' }, 270), ctx)).toBe(
      `^FO${dots(35)},${dots(5)}^GE${dots(85) - dots(35)},${dots(85) - dots(5)},${dots(2)},B^FS`,
    );
    expect(emitEllipseZpl(laidOutEllipse({}, 45), ctx)).toBe('[graphic of e]');
  });
});
