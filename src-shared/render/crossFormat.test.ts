// One label, four outputs: png, pdf (via pdftoppm) and html (via Chromium) agree pixel for pixel within a tolerance,
// and every barcode decodes to its value in each of them and in the zpl (via an independent ZPL renderer).
import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../test/support/chromium/launchChromium';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample } from '@main/samples/sampleTemplates';
import { decode } from '../../test/support/engine/barcodeTestSupport';
import { renderPdf, renderZpl, type Raster } from '../../test/support/engine/rasterTestSupport';
import { renderLabel, type RenderOptions } from './renderLabel';

const DPI = 300;
/** Two grey levels further apart than this count as a different pixel. */
const LEVEL_TOLERANCE = 96;
/**
 * At most this share of pixels may differ. Each rasteriser anti-aliases glyph and bar edges its own way
 * (resvg, poppler, Skia); a misplaced element or a missing line of text differs by far more.
 */
const PIXEL_SHARE_TOLERANCE = 0.015;

const fonts = bundledFonts();
const NOW = new Date('2026-11-20T10:00:00Z');

const SAMPLES = [
  { name: 'shipping-4x6', barcodes: ['LS1234567890GB', 'https://track.example/LS1234567890GB'] },
  { name: 'asset-tag', barcodes: ['AT-0042-7731', '4006381333931'] },
];

function render(name: string, options: Omit<RenderOptions, 'fonts' | 'env'>): Promise<Uint8Array> {
  const sample = loadSample(name);
  return renderLabel(sample.template, sample.data, { ...options, fonts, env: { now: () => NOW } }).then(
    (output) => output.bytes,
  );
}

function decodePng(bytes: Uint8Array): Raster {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
}

function grey(raster: Raster, index: number): number {
  const { rgba } = raster;
  const alpha = (rgba[index + 3] ?? 255) / 255;
  const luminance = 0.299 * (rgba[index] ?? 0) + 0.587 * (rgba[index + 1] ?? 0) + 0.114 * (rgba[index + 2] ?? 0);
  return luminance * alpha + 255 * (1 - alpha);
}

function differingShare(a: Raster, b: Raster): number {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let differing = 0;
  for (let index = 0; index < a.rgba.length; index += 4) {
    if (Math.abs(grey(a, index) - grey(b, index)) > LEVEL_TOLERANCE) differing++;
  }
  return differing / (a.width * a.height);
}

function inkShare(raster: Raster): number {
  let ink = 0;
  for (let index = 0; index < raster.rgba.length; index += 4) if (grey(raster, index) < 128) ink++;
  return ink / (raster.width * raster.height);
}

async function decodedValues(raster: Raster): Promise<string[]> {
  return (await decode(raster)).map((result) => result.text).sort();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function screenshotHtml(html: string, raster: Raster): Promise<Raster> {
  const scale = DPI / 96;
  const context = await browser.newContext({
    viewport: { width: Math.round(raster.width / scale), height: Math.round(raster.height / scale) },
    deviceScaleFactor: scale,
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) requests.push(request.url());
    });
    await page.setContent(html, { waitUntil: 'load' });
    const shot = decodePng(await page.screenshot({ type: 'png' }));
    expect(requests.filter((url) => url !== 'about:blank')).toEqual([]);
    return shot;
  } finally {
    await context.close();
  }
}

describe.each(SAMPLES)('cross-format agreement: $name', ({ name, barcodes }) => {
  let png: Raster;
  beforeAll(async () => {
    png = decodePng(await render(name, { format: 'png', dpi: DPI }));
  });

  it('png decodes to every barcode value and carries ink', async () => {
    expect(await decodedValues(png)).toEqual([...barcodes].sort());
    expect(inkShare(png)).toBeGreaterThan(0.02);
  });

  it('pdf rasterised by poppler matches the png', async () => {
    const pdf = await renderPdf(Buffer.from(await render(name, { format: 'pdf' })), DPI);
    expect(differingShare(png, pdf)).toBeLessThan(PIXEL_SHARE_TOLERANCE);
    expect(await decodedValues(pdf)).toEqual([...barcodes].sort());
  });

  it('html screenshot in Chromium matches the png', async () => {
    const html = new TextDecoder().decode(await render(name, { format: 'html' }));
    const shot = await screenshotHtml(html, png);
    expect(differingShare(png, shot)).toBeLessThan(PIXEL_SHARE_TOLERANCE);
    expect(await decodedValues(shot)).toEqual([...barcodes].sort());
  });

  it('zpl rendered by an independent ZPL renderer shows the same barcodes', async () => {
    const zplDpi = 300;
    const zpl = new TextDecoder().decode(await render(name, { format: 'zpl', zplDpi }));
    const width = Number(/\^PW(\d+)/.exec(zpl)?.[1]);
    const height = Number(/\^LL(\d+)/.exec(zpl)?.[1]);
    expect([width, height]).toEqual([png.width, png.height]);
    const body = zpl.replace(/^\s*\^XA/, '').replace(/\^XZ\s*$/, '');
    const raster = await renderZpl(body, width, height, zplDpi);
    expect(await decodedValues(raster)).toEqual([...barcodes].sort());
  });
});
