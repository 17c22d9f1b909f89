// The printer-dot path against the whole-label SVG path it replaces for bitonal PNGs: the same dots, label by label, for every ZPL sample and fixture.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { readZpl } from '@shared/read/zpl/readZpl';
import { RenderPixels } from '@shared/render/renderPixels';
import {
  EXPRESS_PARCEL,
  FORMAT_ONLY,
  FREIGHT,
  POSTAL,
  RACK,
  STORED_FORMAT,
} from '../../../test/support/engine/zplImportFixtures';
import { encodePng } from '../png/encodePng';
import { rasterizeSvg } from '../png/rasterize';
import { labelToSvg } from '../svg/emitSvg';
import { drawLabelDots } from './drawLabelDots';

const fonts = bundledFonts();
const SAMPLES = join(import.meta.dirname, '../../../resources/samples');

/** Each source's ZPL, by a name for the messages. */
const SOURCES: [string, string][] = [
  ['carrier-4x6.zpl', readFileSync(join(SAMPLES, 'carrier-4x6.zpl'), 'latin1')],
  ['parcel-4x6.zpl', readFileSync(join(SAMPLES, 'parcel-4x6.zpl'), 'latin1')],
  ...Object.entries({ EXPRESS_PARCEL, FREIGHT, POSTAL, STORED_FORMAT, FORMAT_ONLY, RACK }),
];

function inked(png: Uint8Array): { width: number; height: number; ink: Uint8Array } {
  const image = PNG.sync.read(Buffer.from(png));
  const ink = new Uint8Array(image.width * image.height);
  for (let at = 0; at < ink.length; at++) ink[at] = (image.data[at * 4] ?? 255) < 128 ? 1 : 0;
  return { width: image.width, height: image.height, ink };
}

describe('printer dots drawn straight from the label', () => {
  for (const [dpmm, dpi, widthDots, heightDots] of [
    [8, 203, 812, 1218],
    [12, 300, 1200, 1800],
  ] as const) {
    it(`give the dots the SVG path gives at ${dpmm} dpmm, within a few dots at glyph edges, for every sample and fixture`, () => {
      for (const [name, zpl] of SOURCES) {
        for (const [index, { label }] of readZpl(zpl, {
          dpmm,
          widthDots,
          heightDots,
          fonts,
          budget: new RenderPixels().budget,
        }).labels.entries()) {
          const fast = inked(
            drawLabelDots(label, fonts, { width: widthDots, height: heightDots, cacheScope: 'test' }).png(dpi),
          );
          const svg = labelToSvg(label, fonts, { width: String(widthDots), height: String(heightDots), crisp: true });
          const slow = inked(encodePng(rasterizeSvg(svg, widthDots), dpi, { dots: true }));
          expect([fast.width, fast.height]).toEqual([slow.width, slow.height]);
          let differing = 0;
          let ink = 0;
          for (let at = 0; at < fast.ink.length; at++) {
            if (fast.ink[at] !== slow.ink[at]) differing++;
            ink += slow.ink[at] ?? 0;
          }
          // Each glyph lands within 1/16 dot of where the SVG puts it (GLYPH_PHASES): a dot whose centre lies closer than that to an
          // outline may flip. Boxes, lines, barcodes and graphics are exact (the picture of the differences: single dots on letters).
          expect(differing, `${name} label ${index}`).toBeLessThanOrEqual(Math.max(20, ink * 0.005));
        }
      }
    });
  }
});
