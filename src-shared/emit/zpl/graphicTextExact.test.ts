// ZPL graphic text against the label's own raster at the printer's dpi (the printer view's design): the same dots, over many random texts.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/engine/seededRandom';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { layoutLabel } from '../../layout/layoutLabel';
import type { LaidOutLabel, LaidOutOf } from '../../layout/laidOutLabel';
import { parseTemplate } from '../../model/template';
import { RenderPixels } from '../../render/renderPixels';
import { pngGrid } from '../png/emitPng';
import { rasterizeSvg } from '../png/rasterize';
import { labelRasterSvg } from '../svg/emitSvg';
import { composableText, composeTextDots, type PackedDots } from './composedText';
import { elementDots, type ElementDots } from './elementDots';
import { rgbaToMonochrome } from './zplGraphic';

const fonts = bundledFonts();

const CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-/#&ÄÖÜäöüßéèçñøåÆŒ€£§°ЖжΩλ';

interface Case {
  label: LaidOutLabel;
  text: LaidOutOf<'text'>;
  dpi: number;
  name: string;
}

/**
 * A label of one text: any bundled family, 6 to 40 pt, bold or not, italic or not, stretched or not, at a random
 * place (some reach past the label's edge), turned a right angle (now and then 30°), black or a colour.
 */
function randomCase(next: () => number, index: number): Case {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const dpi = pick([152, 203, 300, 600]);
  const rotation = next() < 0.05 ? 30 : pick([0, 90, 180, 270]);
  const size = 6 + next() * 34;
  const content = Array.from({ length: 1 + Math.floor(next() * 24) }, () => pick([...CHARACTERS])).join('');
  const colour =
    next() < 0.25
      ? `#${Math.floor(next() * 0xffffff)
          .toString(16)
          .padStart(6, '0')}`
      : '#000000';
  const style = {
    fontFamily: pick(['sans', 'serif', 'mono']),
    fontSize: `${size.toFixed(3)}pt`,
    fontWeight: next() < 0.4 ? 'bold' : 'normal',
    fontStyle: next() < 0.2 ? 'italic' : 'normal',
    color: colour,
    ...(next() < 0.3 ? { horizontalScale: 0.6 + next() * 0.8 } : {}),
  };
  const template = parseTemplate({
    formatVersion: 1,
    meta: { name: 'sweep' },
    dimensions: { width: '60mm', height: '50mm' },
    elements: [
      {
        id: 'text',
        type: 'text',
        position: { mode: 'absolute', x: `${next() * 20}mm`, y: `${next() * 40}mm` },
        width: '48mm',
        height: `${((size * 25.4) / 72) * 2.6}mm`,
        rotation,
        content: { text: content },
        style,
      },
    ],
  });
  const label = layoutLabel(template, {}, { fonts, targetDpi: dpi });
  const text = label.elements[0] as LaidOutOf<'text'>;
  return {
    label,
    text,
    dpi,
    name: `#${index} ${dpi} dpi ${rotation}° ${style.fontFamily} ${style.fontSize} "${content}"`,
  };
}

/** The label's raster as the PNG writer makes it, thresholded as the ZPL writer thresholds its graphics. */
function designDots({ label, dpi }: Case): { width: number; height: number; bits: Uint8Array } {
  const grid = pngGrid(label, dpi);
  const raster = rasterizeSvg(labelRasterSvg(label, fonts, grid), grid.width);
  return {
    width: raster.width,
    height: raster.height,
    bits: rgbaToMonochrome(raster.rgba, raster.width, raster.height, 'threshold'),
  };
}

/** A graphic's packed rows (composeTextDots) as one byte a dot, as an ElementDots holds them. */
function unpacked({ left, top, width, height, packed }: PackedDots): ElementDots {
  const bytesPerRow = Math.ceil(width / 8);
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      bits[y * width + x] = ((packed[y * bytesPerRow + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
  return { left, top, width, height, bits };
}

/** Dots of the design and of the graphic that differ, anywhere on the label (outside the graphic it prints none). */
function differing(design: { width: number; height: number; bits: Uint8Array }, graphic: ElementDots | undefined) {
  const places: string[] = [];
  let inked = 0;
  for (let y = 0; y < design.height; y++) {
    for (let x = 0; x < design.width; x++) {
      const want = design.bits[y * design.width + x] ?? 0;
      inked += want;
      const inside =
        graphic !== undefined &&
        x >= graphic.left &&
        y >= graphic.top &&
        x < graphic.left + graphic.width &&
        y < graphic.top + graphic.height;
      const got = inside ? (graphic.bits[(y - graphic.top) * graphic.width + x - graphic.left] ?? 0) : 0;
      if (got !== want) places.push(`(${x},${y})`);
    }
  }
  return { places, inked };
}

describe('ZPL graphic text against the design at the printer dpi', () => {
  it('inks exactly the dots of the label raster, drawn by resvg or composed of glyph coverages, over 300 random texts', () => {
    const next = seededRandom(26);
    const failures: string[] = [];
    let [inked, composedTexts] = [0, 0];
    for (let index = 0; index < 300; index++) {
      const sample = randomCase(next, index);
      const design = designDots(sample);
      const drawn = differing(design, elementDots(sample.text, sample.label, fonts, sample.dpi, new RenderPixels()));
      inked += drawn.inked;
      if (drawn.places.length > 0) failures.push(`drawn ${sample.name}: ${drawn.places.slice(0, 5).join(' ')}`);
      const composable = composableText(sample.text, sample.label, fonts, sample.dpi, 'sweep');
      if (composable === undefined) continue;
      composedTexts++;
      const composed = differing(design, unpacked(composeTextDots(composable, 'sweep', new RenderPixels())));
      if (composed.places.length > 0)
        failures.push(`composed ${sample.name}: ${composed.places.slice(0, 5).join(' ')}`);
    }
    expect(failures).toEqual([]);
    // The texts print, and many are composed (black and wholly on the label): the comparisons are of real ink.
    expect(inked).toBeGreaterThan(500_000);
    expect(composedTexts).toBeGreaterThan(80);
  });
});
