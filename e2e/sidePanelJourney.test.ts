// The editor's side panel as a person uses it at 1280x800 and at 1024x700: its five tabs in one row, a bound field's
// value in the inspector as the canvas draws it, the barcode's quiet zone set as a width, the Data tab's records read
// and stepped by keyboard, and version compare's overlay in view when it is chosen.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi, REPO_ROOT, type SignedInEditor } from '../test/support/chromium/editorServer';
import { openSignedInEditor } from '../test/support/chromium/editorSession';
import { openCompare, sidePanel } from '../test/support/chromium/versionSteps';
import { testDatabaseEnv } from '../test/support/store/storeTestSupport';

/**
 * A 2 in square tag with one filled square `x` inches from the left: versions that differ only in where the square is,
 * drawn 360 px tall each in the compare dialog (two of them do not fit side by side at 1024).
 */
function squareTag(x: number) {
  return {
    formatVersion: 1,
    meta: { name: 'Square tag' },
    dimensions: { width: '2in', height: '2in' },
    elements: [
      {
        id: 'square',
        type: 'rect',
        position: { mode: 'absolute', x: `${x}in`, y: '0.2in' },
        width: '0.6in',
        height: '0.6in',
        style: { fill: '#000000' },
      },
    ],
  };
}

async function openTemplate(page: Page, id: string, name: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = `#/templates/${encodeURIComponent(target)}`;
  }, id);
  await page.getByRole('application', { name: 'Label canvas' }).waitFor();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  await page.waitForLoadState('networkidle');
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
]) {
  describe(`the side panel at ${viewport.width}x${viewport.height}`, () => {
    let editor: SignedInEditor;
    let page: Page;

    beforeAll(async () => {
      editor = await openSignedInEditor({
        cliPath: resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs'),
        envFor: testDatabaseEnv,
        viewport,
      });
      page = editor.page;
    });

    afterAll(async () => {
      await editor?.close();
    });

    it('shows its five tabs in one row, none cut off', async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
        content: squareTag(0.2),
      });
      await openTemplate(page, id, 'Square tag');
      const tabs = sidePanel(page).getByRole('tablist', { name: 'Panels' });
      const seen = await tabs.evaluate((list) => {
        const bounds = list.getBoundingClientRect();
        return [...list.querySelectorAll('[role="tab"]')].map((tab) => {
          const box = tab.getBoundingClientRect();
          return {
            name: tab.textContent,
            top: Math.round(box.top),
            inside: box.left >= bounds.left - 0.5 && box.right <= bounds.right + 0.5,
            whole: tab.scrollWidth <= tab.clientWidth,
          };
        });
      });
      expect(seen.map((tab) => tab.name)).toEqual(['Inspector', 'Data', 'Preview', 'Images', 'History']);
      expect(new Set(seen.map((tab) => tab.top)).size, JSON.stringify(seen)).toBe(1);
      expect(
        seen.every((tab) => tab.inside && tab.whole),
        JSON.stringify(seen),
      ).toBe(true);
    });

    it("sets a barcode's quiet zone as a width in the template's unit or in modules, and shows what the printer keeps", async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
        content: {
          formatVersion: 1,
          meta: { name: 'Zoned tag' },
          dimensions: { width: '80mm', height: '30mm' },
          elements: [
            {
              id: 'sku',
              type: 'barcode',
              symbology: 'code128',
              position: { mode: 'absolute', x: '5mm', y: '5mm' },
              width: '70mm',
              height: '20mm',
              content: { text: 'LS-12345' },
              quietZone: true,
            },
          ],
        },
      });
      await openTemplate(page, id, 'Zoned tag');
      const panel = sidePanel(page);
      await page.getByLabel('Selected element', { exact: true }).selectOption('sku');
      const choice = panel.getByRole('combobox', { name: 'Quiet zone', exact: true });
      expect(await choice.locator('option:checked').textContent()).toBe('The symbology’s (10 modules each side)');
      await choice.selectOption({ label: 'A width in mm' });
      const width = panel.getByLabel('Quiet zone width', { exact: true });
      expect(await width.inputValue()).toBe('5');
      const printed = panel.getByRole('status', { name: 'Quiet zone at the printer' });
      // The canvas draws for 203 dpi without a printer: 5 mm is 40 of its dots.
      await expect.poll(() => printed.textContent()).toBe('40 dots (5.00 mm) each side at 203 dpi');
      await width.fill('3');
      await width.press('Enter');
      await expect.poll(() => printed.textContent()).toBe('24 dots (3.00 mm) each side at 203 dpi');
      await choice.selectOption({ label: 'A width in modules' });
      const modules = panel.getByLabel('Quiet zone modules', { exact: true });
      await modules.fill('12');
      await modules.press('Enter');
      await expect.poll(() => printed.textContent()).toMatch(/^\d+ dots \(\d+\.\d\d mm\) each side at 203 dpi$/);
      const box = await choice.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByText('All changes saved').count()).toBe(1);
      const stored = await editorApi<{ content: { elements: { quietZone?: unknown }[] } }>(
        editor.server,
        'GET',
        `/api/templates/${id}`,
      );
      expect(stored.content.elements[0]?.quietZone).toBe('12modules');
    });

    it("opens version compare's overlay with its top in the window", async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
        content: squareTag(0.2),
      });
      await editorApi(editor.server, 'PATCH', `/api/templates/${id}`, { status: 'published' });
      await editorApi(editor.server, 'PUT', `/api/templates/${id}`, { content: squareTag(1.2) });
      await editorApi(editor.server, 'PATCH', `/api/templates/${id}`, { status: 'published' });
      await openTemplate(page, id, 'Square tag');
      await sidePanel(page).getByRole('tab', { name: 'History' }).click();
      const dialog = await openCompare(page, 1, 2);
      await dialog.getByRole('tab', { name: 'Overlay' }).click();
      const overlay = dialog.getByRole('img', { name: 'Version 1 and version 2 overlaid' });
      await expect.poll(() => dialog.locator('output').textContent()).toMatch(/^ \d+ pixels differ\.$/);
      const box = await overlay.boundingBox();
      expect(box && box.y >= 0 && box.y < viewport.height && box.x >= 0, JSON.stringify(box)).toBe(true);
      // Nothing is drawn above it but the dialog's title, description and tabs.
      expect(await dialog.getByRole('figure', { name: 'Version 1', exact: true }).isVisible()).toBe(false);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    });
  });
}
