// Versions in a real browser against a real `labelsmith serve`: publish a second version from the editor, compare it
// with the first (side by side, then overlaid with the differences coloured), restore the first, and check through
// the public API that each step changed what API keys render.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';
import { decodePng } from '../test/support/chromium/pixels';
import {
  openCompare,
  publishVersion,
  restoreVersion,
  sidePanel as sidePanelOf,
  squareTag as squareTagOf,
  versionList,
} from '../test/support/chromium/versionSteps';

/** A 2x1 in shelf tag whose versions differ only in where its square is. */
const squareTag = (x: number) => squareTagOf(x, { name: 'Shelf tag', height: '1in' });

let editor: SignedInEditor;
let page: Page;
let templateId: string;
let apiKey: string;

beforeAll(async () => {
  editor = await startSignedInEditor();
  page = editor.page;
  templateId = (await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: squareTag(0.2) }))
    .id;
  await editorApi(editor.server, 'PATCH', `/api/templates/${templateId}`, {
    status: 'published',
    note: 'first print run',
  });
  apiKey = (await editorApi<{ key: string }>(editor.server, 'POST', '/api/keys', { mode: 'test', name: 'versions' }))
    .key;
});

afterAll(async () => {
  await editor?.close();
});

function sidePanel(): Locator {
  return sidePanelOf(page);
}

/** The version a /v1 render of the template used, and the x of its square in the ZPL (^FO x,y in dots at 203 dpi). */
async function apiRender(): Promise<{ version: string | null; squareX: number }> {
  const response = await fetch(`${editor.server.url}/v1/render`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ templateId, data: {}, format: 'zpl', delivery: 'inline' }),
  });
  expect(response.status).toBe(200);
  return {
    version: response.headers.get('X-Template-Version'),
    squareX: Number(/\^FO(\d+),/.exec(await response.text())?.[1]),
  };
}

describe.sequential('versions journey', () => {
  it('opens the published template: API keys render version 1', async () => {
    await page.evaluate((id) => {
      window.location.hash = `#/templates/${encodeURIComponent(id)}`;
    }, templateId);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Shelf tag');
    expect(await apiRender()).toEqual({ version: '1', squareX: Math.round(0.2 * 203) });
  });

  it('moves the square and saves: the draft does not reach the API; publishing it with a note makes version 2', async () => {
    await page.getByRole('application', { name: 'Label canvas' }).focus();
    await page.keyboard.press('Control+A');
    await sidePanel().getByLabel('X', { exact: true }).fill('1.2');
    await sidePanel().getByLabel('X', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count()).toBe(1);
    expect((await apiRender()).version).toBe('1');

    await publishVersion(page, 2, 'square moved right');
    const versions = versionList(page);
    expect(await versions.getByRole('listitem').first().textContent()).toContain('Version 2 (live)');
    expect(await versions.getByRole('listitem').first().textContent()).toContain('“square moved right”');
    expect(await apiRender()).toEqual({ version: '2', squareX: Math.round(1.2 * 203) });
  });

  it('compares versions 1 and 2 side by side and overlaid: the moved square shows in the difference colours', async () => {
    const dialog = await openCompare(page, 1, 2);

    await dialog.getByRole('tab', { name: 'Overlay' }).click();
    const overlay = dialog.getByRole('img', { name: 'Version 1 and version 2 overlaid' });
    await expect.poll(() => dialog.locator('output').textContent()).toMatch(/^ — [\d,]+ pixels differ\.$/);
    const picture = decodePng(Buffer.from(await overlay.screenshot({ type: 'png' })));
    // The overlay is 360 px wide for 2 in: the old square (0.2–0.8 in) is red, the new one (1.2–1.8 in) blue.
    const colourAt = (inchX: number) => {
      const x = Math.round((inchX / 2) * picture.width);
      const y = Math.round(0.5 * picture.height);
      const offset = (y * picture.width + x) * 4;
      return [...picture.rgba.slice(offset, offset + 3)];
    };
    expect(colourAt(0.5)).toEqual([220, 38, 38]);
    expect(colourAt(1.5)).toEqual([37, 99, 235]);
    expect(colourAt(1.0)).toEqual([255, 255, 255]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('restores version 1: published again as version 3, the editor shows it, API keys render it', async () => {
    await restoreVersion(page, 1, 3);
    expect(await apiRender()).toEqual({ version: '3', squareX: Math.round(0.2 * 203) });
    const stored = await editorApi<{
      content: { elements: { position: { x: string } }[] };
      latestVersion: number;
      draftChanged: boolean;
    }>(editor.server, 'GET', `/api/templates/${templateId}`);
    expect(stored).toMatchObject({ latestVersion: 3, draftChanged: false });
    expect(stored.content.elements[0]?.position.x).toBe('0.2in');
  });
});
