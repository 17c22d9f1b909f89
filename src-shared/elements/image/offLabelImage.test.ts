// Images that lie off the label: resvg aborted the whole process rasterising one clipped far off the page; now they are left out and the rest still draws.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { renderLabel } from '../../render/renderLabel';
import { craftPng, pngDataUri } from '../../../test/support/engine/imageTestSupport';

const fonts = bundledFonts();
/** 8 x 8 black pixels (grey, all zero). */
const black = pngDataUri(craftPng({ width: 8, height: 8, colourType: 0 }));

function label(
  images: { x: string; y: string; width: string; height: string; rotation?: number }[],
): Record<string, unknown> {
  const elements = images.map(({ x, y, ...size }, index) => ({
    id: `img${index}`,
    type: 'image',
    src: black,
    fit: 'contain',
    position: { mode: 'absolute', x, y },
    ...size,
  }));
  return { formatVersion: 1, meta: { name: 'Off label' }, dimensions: { width: '10mm', height: '40pt' }, elements };
}

function darkPixels(png: Uint8Array): number {
  const image = PNG.sync.read(Buffer.from(png));
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 4) if ((image.data[i] ?? 255) < 128) dark++;
  return dark;
}

const OFF_LABEL = [
  // Right of and below the page (the case the render fuzz found), far below, far above and left, turned 45 degrees.
  { x: '2cm', y: '25mm', width: '10mm', height: '1in' },
  { x: '0mm', y: '200mm', width: '10mm', height: '10mm' },
  { x: '-300mm', y: '-300mm', width: '10mm', height: '10mm', rotation: 45 },
  // The box reaches into the page but the contained image sits in its part above the page.
  { x: '0mm', y: '-300mm', width: '10mm', height: '340mm' },
];

describe('images off the label', () => {
  it.each(['png', 'zpl'] as const)(
    '%s: nothing of them is drawn on the label, and the process lives',
    async (format) => {
      for (const image of OFF_LABEL) {
        const output = await renderLabel(label([image]), {}, { format, dpi: 203, fonts });
        if (format === 'png') expect(darkPixels(output.bytes), JSON.stringify(image)).toBe(0);
        // ZPL draws an unturned image's box at its ^FO even past the label's edge (the printer clips it); the others are left out.
        else expect(new TextDecoder().decode(output.bytes), JSON.stringify(image)).toMatch(/^\^XA[^]*\^XZ\s*$/);
      }
    },
  );

  it('one partly on the page, turned, still draws its visible part beside the off-page ones', async () => {
    const output = await renderLabel(
      label([...OFF_LABEL, { x: '-5mm', y: '-5mm', width: '10mm', height: '10mm', rotation: 30 }]),
      {},
      { format: 'png', dpi: 203, fonts },
    );
    expect(darkPixels(output.bytes)).toBeGreaterThan(100);
  });
});
