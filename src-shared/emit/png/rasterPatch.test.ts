// A kept raster redrawn where the next label differs is byte for byte the whole label's raster, over many labels of changing data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/engine/seededRandom';
import { bundledFonts, resourcesDir } from '@main/fonts/bundledFonts';
import { loadParcelWithLogo } from '@main/samples/sampleTemplates';
import { layoutLabel } from '../../layout/layoutLabel';
import type { LaidOutLabel } from '../../layout/laidOutLabel';
import { parseTemplate, type Template } from '../../model/template';
import { PixelBudget } from '../../render/pixelBudget';
import { RenderPixels } from '../../render/renderPixels';
import { labelRasterSvg } from '../svg/emitSvg';
import { emitPng, pngGrid } from './emitPng';
import { imageScanlines, rewriteScanlines, type Scanlines } from './encodePng';
import { KeptRasters, type KeptRaster } from './keptRasters';
import { patchRaster } from './rasterPatch';
import { rasterizeSvg, type RasterImage } from './rasterize';

const fonts = bundledFonts();
const logo = `data:image/png;base64,${readFileSync(join(resourcesDir(), 'samples', 'parcel-logo.png')).toString('base64')}`;

const at = (x: number, y: number) => ({ mode: 'absolute', x: `${x}mm`, y: `${y}mm` });

/**
 * Every kind of element, several turned (a quarter, a half, 30 degrees), two reversed, a round-cornered frame, with data that makes texts and
 * codes grow, shrink and vanish (a condition), over and under static shapes, a logo and each other.
 */
const stressTemplate = parseTemplate({
  formatVersion: 1,
  meta: { name: 'patch stress' },
  dimensions: { width: '76mm', height: '51mm' },
  elements: [
    {
      id: 'ground',
      type: 'rect',
      position: at(2, 2),
      width: '40mm',
      height: '20mm',
      style: { fill: '#cccccc', strokeWidth: '0.8pt' },
    },
    {
      id: 'name',
      type: 'text',
      position: at(4, 4),
      width: '60mm',
      height: '8mm',
      contentExpression: 'name',
      style: { fontSize: '14pt', fontWeight: 'bold', overflow: 'shrink' },
    },
    {
      id: 'logo',
      type: 'image',
      position: at(40, 6),
      width: '30mm',
      height: '7mm',
      rotation: 12,
      condition: 'logo',
      src: logo,
      fit: 'cover',
    },
    {
      id: 'side',
      type: 'text',
      position: at(60, 14),
      width: '30mm',
      height: '8mm',
      rotation: 90,
      contentExpression: 'code',
      style: { fontSize: '11pt' },
    },
    {
      id: 'slant',
      type: 'text',
      position: at(8, 14),
      width: '40mm',
      height: '9mm',
      rotation: 30,
      condition: 'show',
      contentExpression: 'note',
      style: { fontSize: '12pt' },
    },
    {
      id: 'knockout',
      type: 'rect',
      reverse: true,
      position: at(30, 10),
      width: '18mm',
      height: '9mm',
      style: { fill: '#000000', stroke: 'none' },
    },
    // A frame (an outline, no fill) with round corners around texts and a code that change: drawn when it is reached.
    {
      id: 'box',
      type: 'rect',
      position: at(1, 23),
      width: '48mm',
      height: '24mm',
      style: { strokeWidth: '1.2pt', cornerRadius: '6mm' },
    },
    {
      id: 'upside',
      type: 'text',
      position: at(2, 24),
      width: '34mm',
      height: '6mm',
      rotation: 180,
      contentExpression: "'No ' + code",
      style: { fontSize: '10pt' },
    },
    {
      id: 'code',
      type: 'barcode',
      symbology: 'code128',
      position: at(2, 31),
      width: '44mm',
      height: '14mm',
      contentExpression: 'code',
      showText: true,
      style: { fontSize: '8pt' },
    },
    {
      id: 'qr',
      type: 'barcode',
      symbology: 'qrcode',
      position: at(52, 30),
      width: '18mm',
      height: '18mm',
      contentExpression: 'tag + code',
    },
    {
      id: 'ring',
      type: 'ellipse',
      position: at(40, 22),
      width: '30mm',
      height: '16mm',
      style: { strokeWidth: '1.5pt' },
    },
    {
      id: 'slash',
      type: 'line',
      position: at(10, 20),
      width: '50mm',
      height: '20mm',
      rotation: 20,
      style: { strokeWidth: '2pt' },
    },
    {
      id: 'stamp',
      type: 'text',
      reverse: true,
      position: at(20, 40),
      width: '40mm',
      height: '8mm',
      contentExpression: 'upper(tag)',
      style: { fontSize: '16pt', fontWeight: 'bold' },
    },
  ],
});

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ';

/**
 * The next label's data: the last one's with one or two of its values new (now and then none), as a conveyor's labels
 * differ in a few fields. Texts of 0 to 28 characters; a code of 1 to 14 (code128 needs one), whose bars grow and shrink.
 */
function stressData(next: () => number, last: Record<string, unknown>): Record<string, unknown> {
  const word = (most: number) =>
    Array.from({ length: Math.floor(next() * (most + 1)) }, () => LETTERS[Math.floor(next() * LETTERS.length)]).join(
      '',
    );
  const fresh: Record<string, () => unknown> = {
    name: () => word(28),
    note: () => word(20),
    tag: () => word(12),
    code: () => Array.from({ length: 1 + Math.floor(next() * 14) }, () => LETTERS[Math.floor(next() * 36)]).join(''),
    show: () => next() < 0.6,
    // The only colour of the label: with it the PNG rows are RGB, without it grey.
    logo: () => next() < 0.7,
  };
  const data = { ...last };
  const keys = Object.keys(fresh);
  for (let changes = Math.floor(next() * 3); changes > 0; changes--) {
    const key = keys[Math.floor(next() * keys.length)] as string;
    data[key] = fresh[key]?.();
  }
  return data;
}

const FIRST_DATA = { name: 'Young A. Walter', note: 'Fragile', tag: 'Express', code: 'A1234', show: true, logo: true };

function fullRaster(label: LaidOutLabel, dpi: number): RasterImage {
  const grid = pngGrid(label, dpi);
  return rasterizeSvg(labelRasterSvg(label, fonts, grid), grid.width);
}

/** Differing bytes of two arrays of the same length (0 when identical). */
function differingBytes(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  return differ;
}

/**
 * Renders `count` labels of `template` in turn, each patched over the last (its raster and its PNG rows) and checked
 * against the whole label's raster and rows.
 */
function patchInTurn(template: Template, count: number, dpi: number, data: (index: number) => Record<string, unknown>) {
  let kept: { label: LaidOutLabel; raster: RasterImage; scanlines: Scanlines } | undefined;
  let [patched, rewritten] = [0, 0];
  const mismatches: string[] = [];
  for (let index = 0; index < count; index++) {
    const label = layoutLabel(template, data(index), { fonts, targetDpi: dpi });
    const full = fullRaster(label, dpi);
    const fullScanlines = imageScanlines(full);
    const patch = kept && patchRaster(kept, label, fonts, pngGrid(label, dpi), new RenderPixels());
    if (kept && patch) {
      patched++;
      const differ = differingBytes(patch.raster.rgba, full.rgba);
      if (differ > 0) mismatches.push(`label ${index}: ${differ} pixel bytes differ`);
      const rewrite = rewriteScanlines(kept.scanlines, patch.raster, patch.dirty);
      if (rewrite !== undefined) rewritten++;
      const scanlines = rewrite ?? imageScanlines(patch.raster);
      if (scanlines.colorType !== fullScanlines.colorType || differingBytes(scanlines.rows, fullScanlines.rows) > 0)
        mismatches.push(`label ${index}: scanlines differ`);
      kept = { label, raster: patch.raster, scanlines };
    } else {
      kept = { label, raster: full, scanlines: fullScanlines };
    }
  }
  return { patched, rewritten, mismatches };
}

describe('patchRaster', () => {
  it.each([203, 300, 152])('gives the whole raster exactly, label after label of new data (%i dpi)', (dpi) => {
    const next = seededRandom(dpi);
    let data: Record<string, unknown> = FIRST_DATA;
    const { patched, rewritten, mismatches } = patchInTurn(
      stressTemplate,
      80,
      dpi,
      () => (data = stressData(next, data)),
    );
    expect(mismatches).toEqual([]);
    // Most labels are redrawn in parts, not whole, and most of their rows rewritten in parts (the logo coming or
    // going changes the colour type, and so every row): the comparisons above are of those.
    expect(patched).toBeGreaterThan(60);
    expect(rewritten).toBeGreaterThan(50);
  });

  it('gives the parcel label exactly, with a parcel of its own at every render', () => {
    const sample = loadParcelWithLogo();
    const template = parseTemplate(sample.template);
    const recipient = sample.data.recipient as Record<string, unknown>;
    const { patched, mismatches } = patchInTurn(template, 12, 203, (index) => ({
      ...sample.data,
      recipient: { ...recipient, name: `${String(recipient.name)} ${index * 7919}`, street: `${index} Lane` },
      reference: `R-${index * 104729}`,
    }));
    expect(mismatches).toEqual([]);
    expect(patched).toBe(11);
  });

  it('draws the whole label where the last raster is of another size or mirrored', () => {
    const label = layoutLabel(stressTemplate, FIRST_DATA, { fonts, targetDpi: 203 });
    const kept = { label, raster: fullRaster(label, 203) };
    const mirrored = { ...label, mirror: true };
    expect(patchRaster(kept, mirrored, fonts, pngGrid(label, 203), new RenderPixels())).toBeUndefined();
    expect(patchRaster(kept, label, fonts, pngGrid(label, 300), new RenderPixels())).toBeUndefined();
  });
});

describe('emitPng with kept rasters', () => {
  it('writes the same PNG bytes as without them, and keeps one raster a template within its bounds', async () => {
    const rasters = new KeptRasters(2, 64 * 1024 * 1024);
    const next = seededRandom(7);
    let data: Record<string, unknown> = FIRST_DATA;
    const other = parseTemplate({ ...stressTemplate, elements: stressTemplate.elements.slice(0, 4) });
    const render = async (template: Template, label: LaidOutLabel) => {
      const kept = { rasters, key: rasters.keyOf('team', template, 203, label.width, label.height) };
      const [withKept, without] = [
        await emitPng(label, fonts, { dpi: 203, kept }),
        await emitPng(label, fonts, { dpi: 203 }),
      ];
      expect(Buffer.compare(withKept, without)).toBe(0);
    };
    for (let index = 0; index < 12; index++) {
      const template = index % 3 === 2 ? other : stressTemplate;
      const label = layoutLabel(template, (data = stressData(next, data)), { fonts, targetDpi: 203 });
      await render(template, label);
      // The same label again: nothing to redraw, the kept PNG.
      if (index === 4) await render(template, label);
    }
    const { width, height } = pngGrid(layoutLabel(other, {}, { fonts }), 203);
    expect(rasters.size.rasters).toBe(2);
    expect(rasters.size.bytes).toBeGreaterThan(2 * width * height * 4);
  });

  it('draws the whole label where a redrawn part would pass the render budget the whole label fits in', async () => {
    const rasters = new KeptRasters();
    const first = layoutLabel(stressTemplate, FIRST_DATA, { fonts, targetDpi: 203 });
    const key = rasters.keyOf('team', stressTemplate, 203, first.width, first.height);
    await emitPng(first, fonts, { dpi: 203, kept: { rasters, key } });
    const next = layoutLabel(stressTemplate, { ...FIRST_DATA, name: 'Another name' }, { fonts, targetDpi: 203 });
    const { width, height } = pngGrid(next, 203);
    // Room for the label's raster and its logo's drawing, not for a canvas besides.
    const logo = next.elements.find((element) => element.type === 'image');
    const limit = width * height + (logo?.type === 'image' ? logo.pixelWidth * logo.pixelHeight : 0) + 10;
    const [withKept, without] = [
      await emitPng(next, fonts, {
        dpi: 203,
        kept: { rasters, key },
        pixels: new RenderPixels(new PixelBudget(limit)),
      }),
      await emitPng(next, fonts, { dpi: 203, pixels: new RenderPixels(new PixelBudget(limit)) }),
    ];
    expect(Buffer.compare(withKept, without)).toBe(0);
  });

  it('keeps nothing past its byte bound, and drops the least recently used first', () => {
    const label = layoutLabel(stressTemplate, FIRST_DATA, { fonts });
    /** A kept raster of side x side pixels that holds nothing besides them. */
    const entry = (side: number): KeptRaster => ({
      label,
      raster: { width: side, height: side, rgba: new Uint8Array(side * side * 4) },
      scanlines: {
        colorType: 0,
        rows: new Uint8Array(0),
        coloured: { count: new Uint32Array(0), from: new Uint32Array(0), to: new Uint32Array(0) },
      },
      png: new Uint8Array(0),
    });
    const rasters = new KeptRasters(3, 1_000);
    rasters.keep('a', entry(10));
    rasters.keep('b', entry(10));
    rasters.keep('c', entry(10));
    expect(rasters.size).toEqual({ rasters: 2, bytes: 800 });
    expect(rasters.take('a')).toBeUndefined();
    rasters.keep('big', entry(20));
    expect(rasters.take('big')).toBeUndefined();
    expect(rasters.size).toEqual({ rasters: 2, bytes: 800 });
  });
});
