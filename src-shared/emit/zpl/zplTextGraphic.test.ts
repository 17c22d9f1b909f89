// Graphic text composed of cached glyph coverages, read back by the ZPL reader and drawn as printer dots, against resvg's raster of each whole text (the path it replaced), dot for dot.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { DecodedImages } from '@main/render/decodedImages';
import { loadSample } from '@main/samples/sampleTemplates';
import { drawLabelDots } from '../dots/drawLabelDots';
import { rasterizeSvg } from '../png/rasterize';
import type { LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import { layoutLabel } from '../../layout/layoutLabel';
import { paintElement } from '../../layout/paintElement';
import { parseTemplate } from '../../model/template';
import { printsBlack } from '../../elements/shapeZpl';
import { readZpl } from '../../read/zpl/readZpl';
import { PixelBudget } from '../../render/pixelBudget';
import { RenderPixels } from '../../render/renderPixels';
import { pointsToDots } from '../../units/length';
import { elementRaster } from './elementDots';
import { emitZpl } from './emitZpl';
import { DARK_LUMA_THRESHOLD, luma } from '../../elements/ink';
import { monochromeToGfa, rgbaToMonochrome } from './zplGraphic';

const fonts = bundledFonts();
const DPMM = { 203: 8, 300: 12 } as const;

/** Texts turned at odd angles, in a colour, light on a black bar (^FR) and in the serif: every way a text graphic is made. */
const TEXT_WAYS = parseTemplate({
  formatVersion: 1,
  meta: { name: 'text graphics' },
  dimensions: { width: '4in', height: '3in' },
  elements: [
    {
      id: 'bar',
      type: 'rect',
      position: { mode: 'absolute', x: '0.2in', y: '0.2in' },
      width: '3.6in',
      height: '0.5in',
      style: { stroke: 'none', fill: '#000000' },
    },
    ...[
      ['light', 0.25, 0, { fontSize: '18pt', fontWeight: 'bold', color: '#ffffff' }],
      ['tilted', 0.9, 30, { fontSize: '16pt' }],
      ['serif', 1.5, 15, { fontFamily: 'Liberation Serif', fontSize: '11pt' }],
      ['navy', 2.2, 0, { fontSize: '10pt', color: '#203040' }],
    ].map(([id, y, rotation, style]) => ({
      id,
      type: 'text',
      position: { mode: 'absolute', x: '0.3in', y: `${y as number}in` },
      width: '3.4in',
      height: '0.45in',
      rotation,
      content: { text: 'Åsa Müller — Fjord Street 7, AV Tower' },
      style,
    })),
  ],
});

/** The texts the writer draws as graphics (not "Printer 0"), in drawing order, as their graphic is made: dark ones black. */
function graphicTexts(label: LaidOutLabel): LaidOutElement[] {
  return label.elements
    .filter((element) => element.type === 'text' && element.printerFont !== '0' && element.lines.length > 0)
    .map((element) =>
      element.type === 'text' && !printsBlack(element.color) ? paintElement(element, '#000000') : element,
    );
}

/** resvg's raster of the whole text over the same window: its dots and each dot's grey, as the writer used to send it. */
function wholeTextRaster(element: LaidOutElement, label: LaidOutLabel, dpi: number) {
  const raster = elementRaster(element, label, fonts, dpi);
  if (raster === undefined) throw new Error(`${element.id} is off the label`);
  const { rgba } = rasterizeSvg(raster.svg, raster.width);
  const grey = (x: number, y: number) => {
    const at = ((y - raster.top) * raster.width + (x - raster.left)) * 4;
    return luma(rgba[at] ?? 255, rgba[at + 1] ?? 255, rgba[at + 2] ?? 255);
  };
  return { raster, bits: rgbaToMonochrome(rgba, raster.width, raster.height, 'threshold'), grey };
}

/** The ZPL as a printer takes it: read back by the ZPL reader and drawn as its dots by the viewer's rasteriser. */
function printed(zpl: string, widthDots: number, heightDots: number, dpi: 203 | 300) {
  const read = readZpl(zpl, { dpmm: DPMM[dpi], widthDots, heightDots, fonts, budget: new PixelBudget(64_000_000) });
  expect(read.warnings).toEqual([]);
  const label = read.labels[0]?.label;
  if (!label) throw new Error('no label read back');
  return drawLabelDots(label, fonts, { width: widthDots, height: heightDots, cacheScope: 'test' });
}

const LABELS: [string, () => LaidOutLabel][] = [
  ['shipping-4x6', () => sampleLabel('shipping-4x6')],
  ['asset-tag', () => sampleLabel('asset-tag')],
  ['turned, coloured and light texts', () => layoutLabel(TEXT_WAYS, {}, { fonts })],
];

function sampleLabel(name: string): LaidOutLabel {
  const sample = loadSample(name);
  return layoutLabel(parseTemplate(sample.template), sample.data, {
    fonts,
    env: { now: () => new Date('2026-01-02T03:04:05Z') },
  });
}

describe('ZPL graphic text composed of glyph rasters', () => {
  for (const dpi of [203, 300] as const) {
    it.each(LABELS)(
      `%s at ${dpi} dpi prints the dots of resvg's whole-text raster but for edge dots`,
      (_name, make) => {
        const label = make();
        const zpl = emitZpl(label, fonts, { dpi });
        const texts = graphicTexts(label);
        const previous = texts.map((element) => wholeTextRaster(element, label, dpi));
        // The same document with each text's graphic as resvg's raster of the whole text: Z64 fields are texts only.
        let index = 0;
        const previousZpl = zpl.replace(/\^FO(\d+),(\d+)\^GFA,[^^]*:Z64:[^^]*/g, (field, left, top) => {
          const { raster, bits } = previous[index++]!;
          expect([Number(left), Number(top)], `${texts[index - 1]!.id}'s place`).toEqual([raster.left, raster.top]);
          return `^FO${left},${top}${monochromeToGfa(bits, raster.width, raster.height).replace(/\^FS$/, '')}`;
        });
        expect(index, 'every graphic text is a Z64 field').toBe(texts.length);
        const [widthDots, heightDots] = [label.width, label.height].map((side) => Math.round(pointsToDots(side, dpi)));
        const composed = printed(zpl, widthDots!, heightDots!, dpi);
        const whole = printed(previousZpl, widthDots!, heightDots!, dpi);
        let ink = 0;
        const differing: { x: number; y: number; grey: number }[] = [];
        for (let y = 0; y < heightDots!; y++) {
          for (let x = 0; x < widthDots!; x++) {
            if (whole.inked(x, y)) ink++;
            if (composed.inked(x, y) === whole.inked(x, y)) continue;
            // Windows overlap (a turned text's reaches over its neighbours): the grey nearest the threshold is the
            // text whose dot it can be.
            const greys = previous
              .filter(
                ({ raster }) =>
                  x >= raster.left &&
                  x < raster.left + raster.width &&
                  y >= raster.top &&
                  y < raster.top + raster.height,
              )
              .map((text) => text.grey(x, y));
            const nearest = greys.sort((a, b) => Math.abs(a - DARK_LUMA_THRESHOLD) - Math.abs(b - DARK_LUMA_THRESHOLD));
            differing.push({ x, y, grey: nearest[0] ?? Number.NaN });
          }
        }
        expect(ink).toBeGreaterThan(500);
        // A dot differs only where an outline covers a quarter to three quarters of it (its grey within 64 levels of
        // the threshold): each glyph lands within 1/128 dot of its place, and resvg samples 4 x 4 points a dot.
        expect(differing.filter(({ grey }) => !(Math.abs(grey - DARK_LUMA_THRESHOLD) <= 64))).toEqual([]);
        expect(differing.length, JSON.stringify(differing.slice(0, 20))).toBeLessThanOrEqual(Math.max(8, ink * 0.005));
      },
    );
  }

  it('writes the same bytes when a render finds the texts kept by an earlier one', () => {
    const label = sampleLabel('shipping-4x6');
    const first = emitZpl(label, fonts, { dpi: 203 });
    const cache = new DecodedImages();
    const render = () =>
      emitZpl(label, fonts, { dpi: 203, pixels: new RenderPixels(undefined, cache.forTeam('team')) });
    expect(render()).toBe(first);
    // Drawings are kept the second time they are offered (DecodedImages.admits): the third render finds them.
    expect(render()).toBe(first);
    const hits = cache.hits;
    expect(render()).toBe(first);
    expect(cache.hits - hits).toBeGreaterThanOrEqual(graphicTexts(label).length);
  });
});
