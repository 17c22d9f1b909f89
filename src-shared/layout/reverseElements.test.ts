// Template elements with `reverse`: painted white by the layout and blended by difference in PNG, printed with ^FR in ZPL.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { emitZpl } from '../emit/zpl/emitZpl';
import { parseTemplate } from '../model/template';
import { renderLabel } from '../render/renderLabel';
import { layoutLabel } from './layoutLabel';

const fonts = bundledFonts();
const template = parseTemplate({
  formatVersion: 1,
  meta: { name: 'reverse' },
  dimensions: { width: '1in', height: '1in' },
  elements: [
    {
      id: 'bar',
      type: 'rect',
      position: { mode: 'absolute', x: '0in', y: '0in' },
      width: '1in',
      height: '0.5in',
      style: { stroke: 'none', fill: '#000000' },
    },
    // Half over the black bar, half over the paper: it inverts both.
    {
      id: 'knockout',
      type: 'rect',
      reverse: true,
      position: { mode: 'absolute', x: '0.25in', y: '0.25in' },
      width: '0.5in',
      height: '0.5in',
      style: { stroke: 'none', fill: '#ff0000' },
    },
  ],
});

describe('reverse', () => {
  it('lays the element out white, whatever its colour, and keeps the flag', () => {
    const knockout = layoutLabel(template, {}, { fonts }).elements[1]!;
    expect(knockout).toMatchObject({ type: 'rect', fill: '#ffffff', reverse: true });
  });

  it('inverts what is beneath in the PNG: white on the black bar, black on the paper', async () => {
    const { bytes } = await renderLabel(template, {}, { format: 'png', dpi: 100, fonts });
    const png = PNG.sync.read(Buffer.from(bytes));
    const red = (x: number, y: number) => png.data[(y * png.width + x) * 4]!;
    expect(red(10, 10)).toBeLessThan(64);
    expect(red(50, 40)).toBeGreaterThan(192);
    expect(red(50, 60)).toBeLessThan(64);
    expect(red(10, 90)).toBeGreaterThan(192);
  });

  it('prints with ^FR in ZPL', () => {
    const zpl = emitZpl(layoutLabel(template, {}, { fonts }), fonts, { dpi: 203 });
    expect(zpl).toMatch(/\^GB\d+,\d+,\d+,B,0\^FR\^FS/);
  });
});
