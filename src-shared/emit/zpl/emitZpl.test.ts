// Checks the ZPL writer: label commands and sizes per dpi, escaped data, a golden label, and what a ZPL renderer prints.
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { isDark, renderZpl, type Raster } from '../../../test/support/engine/rasterTestSupport';
import type { Box, LaidOutLabel, LaidOutText, TextLine } from '../../layout/laidOutLabel';
import { fonts, inkBounds, labelOf, layOutText } from '../../../test/support/engine/emitTestSupport';
import { layoutLabel } from '../../layout/layoutLabel';
import { parseTemplate } from '../../model/template';
import { loadSample } from '@main/samples/sampleTemplates';
import { emitPng } from '../png/emitPng';
import { emitZpl, emitZplLabels } from './emitZpl';
import { DARK_LUMA_THRESHOLD } from '../../elements/ink';
import { rgbaToMonochrome } from './zplGraphic';

type Dpi = 203 | 300 | 600;

/**
 * The label's ZPL printed by zpl-renderer-js on stock exactly ^PW dots wide: the renderer works in whole dots per
 * mm and centres a ^PW narrower than its stock, so it is given the whole-dpmm resolution nearest to `dpi`.
 */
async function print(label: LaidOutLabel, dpi: Dpi): Promise<Raster> {
  const zpl = emitZpl(label, fonts, { dpi });
  const body = zpl.slice(zpl.indexOf('^XA') + 3, zpl.lastIndexOf('^XZ'));
  const rendererDpi = Math.round(dpi / 25.4) * 25.4;
  return renderZpl(body, Math.round((label.width / 72) * dpi), Math.round((label.height / 72) * dpi), rendererDpi);
}

/** A hand-built line whose width is the face's real advance, for layouts independent of the layout step. */
function line(text: string, x: number, baseline: number, fontKey: LaidOutText['fontKey'], fontSize: number): TextLine {
  return { text, x, baseline, width: fonts.measure(fontKey, text, fontSize) };
}

function capHeight(run: LaidOutText): number {
  const face = fonts.face(run.fontKey);
  return (face.font.capHeight * run.fontSize) / face.unitsPerEm;
}

describe('emitZpl document', () => {
  it('sizes the label in dots at 203, 300 and 600 dpi', () => {
    const fourBySix = labelOf(288, 432, []);
    const fiftyByThirtyMm = labelOf((50 / 25.4) * 72, (30 / 25.4) * 72, []);
    const expected: [LaidOutLabel, Dpi, string, string][] = [
      [fourBySix, 203, '^PW812', '^LL1218'],
      [fourBySix, 300, '^PW1200', '^LL1800'],
      [fourBySix, 600, '^PW2400', '^LL3600'],
      [fiftyByThirtyMm, 203, '^PW400', '^LL240'],
      [fiftyByThirtyMm, 300, '^PW591', '^LL354'],
      [fiftyByThirtyMm, 600, '^PW1181', '^LL709'],
    ];
    for (const [label, dpi, pw, ll] of expected) {
      expect(emitZpl(label, fonts, { dpi }).split('\n')).toEqual(['^XA', '^CI28', pw, ll, '^LH0,0', '^XZ', '']);
    }
  });

  it('writes one ^XA…^XZ format per label of a batch, in order', async () => {
    // In the printer's font, so each label's data is in its format as text.
    const labels = ['FIRST', 'SECOND'].map((value) =>
      labelOf(144, 72, [
        layOutText(value, { x: 10, y: 10, width: 124, height: 30 }, value, { fontFamily: 'Printer 0' }),
      ]),
    );
    const zpl = emitZplLabels(labels, fonts, { dpi: 203 });
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl.match(/\^XZ/g)).toHaveLength(2);
    expect(zpl.indexOf('FIRST')).toBeLessThan(zpl.indexOf('^XZ'));
    expect(zpl.indexOf('SECOND')).toBeGreaterThan(zpl.indexOf('^XZ'));
    const { api } = await import('zpl-renderer-js').then((module) => module.ready);
    expect(await api.zplToBase64MultipleAsync(zpl, 50.8, 25.4, 8)).toHaveLength(2);
  });

  it('never lets data start a printer command', () => {
    const hostile = '^XA~JR^FDx\\&y_7E\nnext';
    const label = labelOf(288, 144, [
      layOutText('hostile', { x: 10, y: 10, width: 268, height: 100 }, hostile, {
        fontFamily: 'Printer 0',
        fontSize: '10pt',
      }),
    ]);
    const zpl = emitZpl(label, fonts, { dpi: 203 });
    expect(zpl).not.toContain('^XA~JR');
    expect(zpl).not.toContain('~');
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    const data = [...zpl.matchAll(/\^FD(.*?)\^FS/g)].map((match) => match[1]);
    // The layout broke the value at its newline; each line is one field, escaped, with ^FB's backslash doubled.
    expect(data).toEqual(['_5EXA_7EJR_5EFDx\\\\&y_5F7E', 'next']);
  });

  // Font 0 texts ("Printer 0": the sans bold, marked) as ^A0 fields; the serif address as a Z64 graphic of its glyphs.
  it('matches the golden ZPL of a small label', async () => {
    const sansBold = 'sans-bold' as const;
    const serif = 'serif-regular' as const;
    const elements: LaidOutText[] = [
      {
        type: 'text',
        id: 'title',
        box: { x: 10, y: 8, width: 200, height: 24 },
        rotation: 0,
        fontKey: sansBold,
        fontSize: 18,
        color: '#000000',
        textAlign: 'left',
        lineHeight: 21.6,
        printerFont: '0',
        lines: [line('SHIP TO', 10, 26, sansBold, 18)],
      },
      {
        type: 'text',
        id: 'address',
        box: { x: 10, y: 36, width: 200, height: 30 },
        rotation: 0,
        fontKey: serif,
        fontSize: 10,
        color: '#000000',
        textAlign: 'center',
        lineHeight: 12,
        lines: [
          line('Ada Lovelace', 110 - fonts.measure(serif, 'Ada Lovelace', 10) / 2, 45, serif, 10),
          line('London ^ ~ _', 110 - fonts.measure(serif, 'London ^ ~ _', 10) / 2, 57, serif, 10),
        ],
      },
      {
        type: 'text',
        id: 'price',
        box: { x: 120, y: 70, width: 90, height: 14 },
        rotation: 0,
        fontKey: sansBold,
        fontSize: 12,
        color: '#ffffff',
        textAlign: 'right',
        lineHeight: 14,
        printerFont: '0',
        lines: [line('9.99', 210 - fonts.measure(sansBold, '9.99', 12), 81, sansBold, 12)],
      },
      {
        type: 'text',
        id: 'side',
        box: { x: 200, y: 40, width: 60, height: 12 },
        rotation: 90,
        fontKey: sansBold,
        fontSize: 8,
        color: '#000000',
        textAlign: 'left',
        lineHeight: 9.6,
        printerFont: '0',
        lines: [line('SIDE', 200, 49, sansBold, 8)],
      },
    ];
    await expect(emitZpl(labelOf(288, 144, elements), fonts, { dpi: 203 })).toMatchFileSnapshot(
      '__snapshots__/small-label.203dpi.zpl',
    );
  });
});

describe('emitZpl text in a ZPL renderer', () => {
  // Capitals and digits with flat tops and bottoms, so the ink's edges are the baseline and the cap height.
  const elements = [
    layOutText('left', { x: 12, y: 10, width: 260, height: 30 }, 'THE BIKE 147 FLEET', {
      fontSize: '20pt',
      fontWeight: 'bold',
    }),
    layOutText(
      'centre',
      { x: 12, y: 44, width: 260, height: 60 },
      'THE LINE IN THE MIDDLE THEN THE NEXT LINE BY THE FIELD',
      { fontSize: '14pt', textAlign: 'center' },
    ),
    layOutText('right', { x: 12, y: 108, width: 260, height: 20 }, 'NET 14 KILT', {
      fontFamily: 'serif',
      fontSize: '12pt',
      textAlign: 'right',
    }),
    layOutText('small', { x: 30, y: 132, width: 200, height: 12 }, 'TINY 7 HINT', { fontSize: '7pt' }),
  ];
  const label = labelOf(288, 160, elements);

  it.each([203, 300] as const)(
    'prints each line on its baseline, in its box, with its alignment at %i dpi',
    async (dpi) => {
      const raster = await print(label, dpi);
      const dot = 72 / dpi;
      for (const element of elements) {
        expect(element.lines.length).toBeGreaterThan(0);
        for (const { text, x, baseline, width } of element.lines) {
          const what = `${element.id} "${text}" at ${dpi} dpi`;
          const cap = capHeight(element);
          const ink = inkBounds(
            raster,
            { x: x - width * 0.2, y: baseline - 1.5 * cap, width: width * 1.4, height: 2 * cap },
            dpi,
          );
          if (!ink) throw new Error(`${what}: no ink`);
          // Baseline to a dot and a half; capitals as tall as the face's to two dots.
          expect(Math.abs(ink.y + ink.height - baseline), `${what}: baseline`).toBeLessThanOrEqual(1.5 * dot);
          expect(Math.abs(ink.height - cap), `${what}: cap height`).toBeLessThanOrEqual(2 * dot);
          // The printer's font has other widths: the line keeps its length to 8%, and its aligned edge to 2 dots
          // plus the side bearings of the two fonts' first or last letters (under 0.1 em).
          const bearings = 0.1 * element.fontSize + 2 * dot;
          expect(Math.abs(ink.width - width), `${what}: width`).toBeLessThanOrEqual(0.08 * width + bearings);
          if (element.textAlign === 'left')
            expect(Math.abs(ink.x - x), `${what}: left edge`).toBeLessThanOrEqual(bearings);
          if (element.textAlign === 'right')
            expect(Math.abs(ink.x + ink.width - (x + width)), `${what}: right edge`).toBeLessThanOrEqual(bearings);
          if (element.textAlign === 'center')
            expect(Math.abs(ink.x + ink.width / 2 - (x + width / 2)), `${what}: centre`).toBeLessThanOrEqual(bearings);
        }
      }
      // Nothing prints outside the lines.
      const lineAreas = elements.flatMap((element) =>
        element.lines.map((l) => ({
          x: l.x - 0.1 * l.width - 2,
          y: l.baseline - capHeight(element) - 2,
          width: 1.2 * l.width + 4,
          height: capHeight(element) + 4,
        })),
      );
      for (let py = 0; py < raster.height; py++) {
        for (let px = 0; px < raster.width; px++) {
          if (!isDark(raster, px, py)) continue;
          const inside = lineAreas.some(
            (area) =>
              px * dot >= area.x &&
              px * dot <= area.x + area.width &&
              py * dot >= area.y &&
              py * dot <= area.y + area.height,
          );
          if (!inside) throw new Error(`ink at ${px},${py} dots is outside every line`);
        }
      }
    },
  );

  it.each([90, 180, 270])('turns text by %i° about the box centre', async (rotation) => {
    const box: Box = { x: 100, y: 100, width: 120, height: 24 };
    const element = layOutText('turned', box, 'HILT 42', { fontSize: '16pt', textAlign: 'center' }, rotation);
    const raster = await print(labelOf(320, 320, [element]), 203);
    const first = element.lines[0];
    if (!first) throw new Error('no line');
    const cap = capHeight(element);
    // The upright line's cap-height box, turned about the box centre: a quarter turn swaps width and height.
    const upright = { x: first.x, y: first.baseline - cap, width: first.width, height: cap };
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const corners = [
      [upright.x, upright.y],
      [upright.x + upright.width, upright.y + upright.height],
    ].map(([x = 0, y = 0]) => {
      const radians = (rotation * Math.PI) / 180;
      return [
        cx + (x - cx) * Math.cos(radians) - (y - cy) * Math.sin(radians),
        cy + (x - cx) * Math.sin(radians) + (y - cy) * Math.cos(radians),
      ];
    });
    const xs = corners.map((corner) => corner[0] ?? 0);
    const ys = corners.map((corner) => corner[1] ?? 0);
    const expected = {
      x: Math.min(...xs),
      y: Math.min(...ys),
      width: Math.max(...xs) - Math.min(...xs),
      height: Math.max(...ys) - Math.min(...ys),
    };
    const ink = inkBounds(raster, { x: 0, y: 0, width: 320, height: 320 }, 203);
    if (!ink) throw new Error('no ink');
    const along = 0.08 * first.width + 2;
    const across = 2 * (72 / 203);
    const [alongX, alongY] = rotation === 180 ? [along, across] : [across, along];
    expect(Math.abs(ink.x + ink.width / 2 - (expected.x + expected.width / 2)), 'centre x').toBeLessThanOrEqual(alongX);
    expect(Math.abs(ink.y + ink.height / 2 - (expected.y + expected.height / 2)), 'centre y').toBeLessThanOrEqual(
      alongY,
    );
    expect(Math.abs(ink.width - expected.width), 'width').toBeLessThanOrEqual(2 * alongX);
    expect(Math.abs(ink.height - expected.height), 'height').toBeLessThanOrEqual(2 * alongY);
  });

  it('draws text at other angles as a graphic, dot for dot as the PNG emitter draws it', async () => {
    const element = layOutText(
      'tilted',
      { x: 60, y: 60, width: 160, height: 30 },
      'TILTED 30',
      { fontSize: '18pt' },
      30,
    );
    const label = labelOf(288, 200, [element]);
    const zpl = emitZpl(label, fonts, { dpi: 203 });
    expect(zpl).toMatch(/\^FO\d+,\d+\^GFA,/);
    expect(zpl).not.toContain('^A0');
    const printed = await print(label, 203);
    const decoded = PNG.sync.read(Buffer.from(await emitPng(label, fonts, { dpi: 203 })));
    const png: Raster = { width: decoded.width, height: decoded.height, rgba: new Uint8Array(decoded.data) };
    // The PNG's pixels through the printer's threshold: what a 1-bit print of the PNG would be. The two rasters come
    // from different canvases, so anti-aliasing may differ by a few grey levels: a dot may differ only where the PNG's
    // grey is within 20 levels of the threshold, never where it is clearly ink or clearly paper.
    const pngDots = rgbaToMonochrome(png.rgba, png.width, png.height, 'threshold');
    let dark = 0;
    const clearlyDifferent: string[] = [];
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const pngDark = pngDots[y * png.width + x] === 1;
        if (pngDark) dark++;
        const grey = png.rgba[(y * png.width + x) * 4] ?? 0;
        if (pngDark !== isDark(printed, x, y) && Math.abs(grey - DARK_LUMA_THRESHOLD) > 20)
          clearlyDifferent.push(`${x},${y}`);
      }
    }
    expect(dark).toBeGreaterThan(500);
    expect(clearlyDifferent).toEqual([]);
  });

  it.each(['shipping-4x6', 'asset-tag'])(
    'prints every text line of the %s sample where the layout put it',
    async (name) => {
      const sample = loadSample(name);
      const label = layoutLabel(parseTemplate(sample.template), sample.data, {
        fonts,
        env: { now: () => new Date('2026-01-02T03:04:05Z') },
      });
      const raster = await print(label, 203);
      const texts = label.elements.filter(
        (element): element is LaidOutText => element.type === 'text' && element.rotation === 0,
      );
      expect(texts.length).toBeGreaterThan(0);
      for (const element of texts) {
        for (const { text, x, baseline, width } of element.lines) {
          const cap = capHeight(element);
          const ink = inkBounds(raster, { x, y: baseline - cap, width, height: cap }, 203);
          expect(ink, `${name} ${element.id} "${text}"`).toBeDefined();
        }
      }
    },
  );
});
