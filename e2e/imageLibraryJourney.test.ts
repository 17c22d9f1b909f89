// The image library in a real browser against a real `labelsmith serve`: upload a logo in the Images tab, use it in two
// templates, replace it, and see both templates' previews (rendered by the server) and the API's renders change.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';
import { decodePng, type Raster } from '../test/support/chromium/pixels';
import { sidePanel as sidePanelOf } from '../test/support/chromium/versionSteps';

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const BLUE: Rgb = [0, 0, 255];

function solidPng([r, g, b]: Rgb): Buffer {
  const png = new PNG({ width: 24, height: 12 });
  for (let i = 0; i < 24 * 12; i++) png.data.set([r, g, b, 255], i * 4);
  return PNG.sync.write(png);
}

/** A 2x1 in label whose image element `logo` fills it, showing an embedded white placeholder until a logo is chosen. */
function logoLabel(name: string) {
  const placeholder = `data:image/png;base64,${solidPng([255, 255, 255]).toString('base64')}`;
  return {
    formatVersion: 1,
    meta: { name },
    dimensions: { width: '2in', height: '1in' },
    elements: [
      {
        id: 'logo',
        type: 'image',
        position: { mode: 'absolute', x: '0in', y: '0in' },
        width: '2in',
        height: '1in',
        src: placeholder,
        fit: 'fill',
      },
    ],
  };
}

function middle(raster: Raster): Rgb {
  const i = (Math.floor(raster.height / 2) * raster.width + Math.floor(raster.width / 2)) * 4;
  return [raster.rgba[i] ?? -1, raster.rgba[i + 1] ?? -1, raster.rgba[i + 2] ?? -1];
}

let editor: SignedInEditor;
let page: Page;
const ids: Record<'shipping' | 'shelf', string> = { shipping: '', shelf: '' };
let apiKey: string;

beforeAll(async () => {
  editor = await startSignedInEditor();
  page = editor.page;
  for (const [key, name] of [
    ['shipping', 'Shipping label'],
    ['shelf', 'Shelf tag'],
  ] as const) {
    ids[key] = (
      await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: logoLabel(name) })
    ).id;
    await editorApi(editor.server, 'PATCH', `/api/templates/${ids[key]}`, { status: 'published' });
  }
  apiKey = (await editorApi<{ key: string }>(editor.server, 'POST', '/api/keys', { mode: 'test', name: 'images' })).key;
});

afterAll(async () => {
  await editor?.close();
});

function sidePanel(): Locator {
  return sidePanelOf(page);
}

async function openTemplate(id: string, name: string): Promise<void> {
  await page.evaluate((templateId) => {
    window.location.hash = `#/templates/${encodeURIComponent(templateId)}`;
  }, id);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
}

/** The Preview tab's PNG (what the server renders of the editor's template), saved as its bytes. */
async function previewMiddle(): Promise<Rgb> {
  await sidePanel().getByRole('tab', { name: 'Preview' }).click();
  await sidePanel().getByRole('radio', { name: 'PNG' }).check();
  await sidePanel().getByRole('button', { name: 'Refresh preview' }).click();
  await sidePanel().getByRole('img', { name: 'Label preview (PNG)' }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sidePanel().getByRole('button', { name: 'Save PNG' }).click(),
  ]);
  return middle(decodePng(readFileSync(await download.path())));
}

/** Selects the image element, shows library image `name` in it from the Images tab, and saves. */
async function useInTemplate(name: string): Promise<void> {
  await sidePanel().getByRole('tab', { name: 'Inspector' }).click();
  await sidePanel().getByLabel('Selected element').selectOption('logo');
  await sidePanel().getByRole('tab', { name: 'Images' }).click();
  await sidePanel()
    .getByRole('listitem', { name: `Image ${name}` })
    .getByRole('button', { name: 'Use' })
    .click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.getByText('All changes saved').count()).toBe(1);
}

async function apiMiddle(templateId: string): Promise<Rgb> {
  const response = await fetch(`${editor.server.url}/v1/render`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ templateId, data: {}, format: 'png', dpi: 100, delivery: 'inline' }),
  });
  expect(response.status).toBe(200);
  return middle(decodePng(Buffer.from(await response.arrayBuffer())));
}

describe.sequential('image library journey', () => {
  it('uploads a logo in the Images tab: it is listed with its thumbnail', async () => {
    await openTemplate(ids.shipping, 'Shipping label');
    await sidePanel().getByRole('tab', { name: 'Images' }).click();
    await sidePanel()
      .getByLabel('Upload PNG, JPEG or SVG')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(RED) });
    const item = sidePanel().getByRole('listitem', { name: 'Image logo' });
    await item.waitFor();
    expect(await item.textContent()).toContain('PNG · 24×12');
    await expect
      .poll(() =>
        item
          .getByRole('img', { name: 'Image logo' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(24);
  });

  it('uses the logo in two templates: both previews show it', async () => {
    await useInTemplate('logo');
    expect(await previewMiddle()).toEqual(RED);
    await openTemplate(ids.shelf, 'Shelf tag');
    await useInTemplate('logo');
    expect(await previewMiddle()).toEqual(RED);
  });

  it('replaces the logo in the library: both templates show the new one, in the editor and through the API', async () => {
    await sidePanel().getByRole('tab', { name: 'Images' }).click();
    const thumbnail = sidePanel().getByRole('img', { name: 'Image logo' });
    const before = await thumbnail.getAttribute('src');
    await sidePanel()
      .getByLabel('Replace logo')
      .setInputFiles({ name: 'logo-blue.png', mimeType: 'image/png', buffer: solidPng(BLUE) });
    // The list is read again once the server has the new image: the thumbnail's URL carries its new version.
    await expect.poll(() => thumbnail.getAttribute('src')).not.toBe(before);
    expect(await previewMiddle()).toEqual(BLUE);
    await openTemplate(ids.shipping, 'Shipping label');
    expect(await previewMiddle()).toEqual(BLUE);
    // Saved drafts are not what API keys render: publish both, then the API draws the replaced logo too.
    for (const id of [ids.shipping, ids.shelf])
      await editorApi(editor.server, 'PATCH', `/api/templates/${id}`, { status: 'published' });
    expect(await apiMiddle(ids.shipping)).toEqual(BLUE);
    expect(await apiMiddle(ids.shelf)).toEqual(BLUE);
  });
});
