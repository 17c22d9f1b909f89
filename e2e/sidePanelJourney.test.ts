// The editor's side panel as a person uses it at 1280x800 and at 1024x700: its five tabs in one row, a bound field's
// value in the inspector as the canvas draws it, the barcode's quiet zone set as a width, the Data tab's records read
// and stepped by keyboard, and version compare's overlay in view when it is chosen.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi, REPO_ROOT, type SignedInEditor } from '../test/support/chromium/editorServer';
import { openSignedInEditor } from '../test/support/chromium/editorSession';
import { openCompare, sidePanel, squareTag as squareTagOf } from '../test/support/chromium/versionSteps';
import { testDatabaseEnv } from '../test/support/store/storeTestSupport';

/**
 * A 2 in square tag: drawn 360 px tall each in the compare dialog, two of them do not fit side by side at 1024.
 */
const squareTag = (x: number) => squareTagOf(x, { name: 'Square tag', height: '2in' });

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

    it('shows a bound field’s value in the inspector as the canvas draws it: prompt defaults filled in, check digits added', async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
        content: {
          formatVersion: 1,
          meta: { name: 'Bound tag', sampleData: [{ sku: '590123412345' }] },
          dimensions: { width: '60mm', height: '40mm' },
          prompts: [{ name: 'lot', label: 'Lot number', type: 'text', default: 'L-77' }],
          elements: [
            {
              id: 'lot-line',
              type: 'text',
              position: { mode: 'absolute', x: '5mm', y: '5mm' },
              width: '50mm',
              height: '8mm',
              contentExpression: '"Lot " + lot',
            },
            {
              id: 'ean',
              type: 'barcode',
              symbology: 'ean13',
              position: { mode: 'absolute', x: '5mm', y: '15mm' },
              width: '50mm',
              height: '20mm',
              contentExpression: 'sku',
            },
          ],
        },
      });
      await openTemplate(page, id, 'Bound tag');
      const panel = sidePanel(page);
      const picker = page.getByLabel('Selected element', { exact: true });
      // What the content expression's field says of it: the output its input is described by.
      const value = {
        textContent: async () => {
          const described = await panel
            .getByLabel('Content expression', { exact: true })
            .getAttribute('aria-describedby');
          return panel.locator(`[id="${described}"]`).textContent();
        },
      };
      await picker.selectOption('lot-line');
      // The sample record has no lot: the canvas draws the prompt's default, and so does the inspector.
      await expect.poll(() => value.textContent()).toBe('Value: Lot L-77');
      await picker.selectOption('ean');
      await expect.poll(() => value.textContent()).toBe('Value: 590123412345');
      await expect.poll(() => panel.getByRole('status', { name: 'Drawn value' }).textContent()).toBe('5901234123457');
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

    it("reads the Data tab's records by keyboard: headers, arrows, Page keys, Home and End, the current record in view", async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
        content: squareTag(0.2),
      });
      await openTemplate(page, id, 'Square tag');
      const panel = sidePanel(page);
      await panel.getByRole('tab', { name: 'Data' }).click();
      const rows = Array.from({ length: 300 }, (_, row) => `SKU-${row + 1},Shelf ${(row % 12) + 1},${row * 3}`);
      await panel.getByLabel('Load a sheet (Excel, OpenDocument or CSV)').setInputFiles({
        name: 'stock.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['sku,shelf,count', ...rows].join('\n')),
      });
      const table = panel.getByRole('grid', { name: 'Records of stock.csv' });
      await table.waitFor();
      expect(await table.getAttribute('aria-rowcount')).toBe('301');
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['#', 'sku', 'shelf', 'count']);
      const status = panel.getByRole('group', { name: 'Records' }).getByRole('status');
      const current = async () => {
        const rowId = await table.getAttribute('aria-activedescendant');
        return table.evaluate((grid, wanted) => {
          const row = grid.querySelector<HTMLElement>(`[id="${wanted}"]`);
          const scroller = grid.parentElement;
          const header = grid.querySelector('thead')?.getBoundingClientRect();
          if (!row || !scroller || !header) return null;
          const box = row.getBoundingClientRect();
          const view = scroller.getBoundingClientRect();
          return {
            number: row.querySelector('th')?.textContent,
            selected: row.getAttribute('aria-selected'),
            // Whole, below the sticky headers and inside the table's box.
            inView: box.top >= header.bottom - 0.5 && box.bottom <= view.bottom + 0.5,
            ring: getComputedStyle(row).outlineStyle,
          };
        }, rowId);
      };

      await table.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => status.textContent()).toBe('Record 2 of 300');
      expect(await current()).toEqual({ number: '2', selected: 'true', inView: true, ring: 'solid' });
      await page.keyboard.press('PageDown');
      await expect.poll(() => status.textContent()).not.toBe('Record 2 of 300');
      const paged = Number(/Record (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
      expect(paged).toBeGreaterThan(4);
      expect(await current()).toMatchObject({ number: String(paged), inView: true });
      await page.keyboard.press('End');
      await expect.poll(() => status.textContent()).toBe('Record 300 of 300');
      // Past the 200 rows drawn at once: the table moved along with it.
      expect(await current()).toEqual({ number: '300', selected: 'true', inView: true, ring: 'solid' });
      await page.keyboard.press('PageUp');
      await expect.poll(() => status.textContent()).toBe(`Record ${300 - (paged - 2)} of 300`);
      expect(await current()).toMatchObject({ inView: true });
      await page.keyboard.press('Home');
      await expect.poll(() => status.textContent()).toBe('Record 1 of 300');
      expect(await current()).toEqual({ number: '1', selected: 'true', inView: true, ring: 'solid' });
      await page.keyboard.press('ArrowUp');
      expect(await status.textContent()).toBe('Record 1 of 300');
      // The keys move the table's record, not the page or the panel.
      const seen = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(seen.scrollWidth).toBeLessThanOrEqual(seen.clientWidth);
      await panel.getByRole('button', { name: 'Close sheet' }).click();
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
      await expect.poll(() => dialog.locator('output').textContent()).toMatch(/^ — [\d,]+ pixels differ\.$/);
      const box = await overlay.boundingBox();
      expect(box && box.y >= 0 && box.y < viewport.height && box.x >= 0, JSON.stringify(box)).toBe(true);
      // Nothing is drawn above it but the dialog's title, description and tabs.
      expect(await dialog.getByRole('figure', { name: 'Version 1', exact: true }).isVisible()).toBe(false);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    });
  });
}
