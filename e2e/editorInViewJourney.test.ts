// The editor screen as a person sees it at 1280x800 and at 1024x700: the toolbar in one row with every tool reachable,
// and the canvas staying where it is when something is selected.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi, REPO_ROOT, type SignedInEditor } from '../test/support/chromium/editorServer';
import { openSignedInEditor } from '../test/support/chromium/editorSession';
import { testDatabaseEnv } from '../test/support/store/storeTestSupport';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

/** The tops of the toolbar's shown controls (those in its row, not in the closed "More" panel). */
async function toolbarRowTops(page: Page): Promise<number[]> {
  return page
    .getByRole('toolbar', { name: 'Editing tools' })
    .evaluate((toolbar) =>
      [...toolbar.querySelectorAll('button')]
        .filter((button) => button.getClientRects().length > 0)
        .map((button) => Math.round(button.getBoundingClientRect().top)),
    );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
]) {
  describe(`the editor at ${viewport.width}x${viewport.height}`, () => {
    let editor: SignedInEditor;
    let page: Page;

    beforeAll(async () => {
      editor = await openSignedInEditor({
        cliPath: resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs'),
        envFor: testDatabaseEnv,
        viewport,
      });
      page = editor.page;
      const templateId =
        (await editorApi<{ templates: { id: string }[] }>(editor.server, 'GET', '/api/templates')).templates[0]?.id ??
        '';
      await page.evaluate((target) => {
        window.location.hash = `#/templates/${encodeURIComponent(target)}`;
      }, templateId);
      await page.getByRole('application', { name: 'Label canvas' }).waitFor();
      await page.waitForLoadState('networkidle');
    });

    afterAll(async () => {
      await editor?.close();
    });

    it('keeps the toolbar in one row and the canvas in place when an element is selected', async () => {
      const toolbarBefore = await boxOf(page, '.editor-toolbar');
      const canvasBefore = await boxOf(page, '.canvas-host');
      const tops = await toolbarRowTops(page);
      expect(new Set(tops).size, `control tops ${tops.join(', ')}`).toBe(1);
      // Shown (in the row or in "More") and disabled until something is selected: selecting adds nothing to the row.
      expect(await page.getByRole('button', { name: 'Align left', includeHidden: true }).isDisabled()).toBe(true);

      const picker = page.getByLabel('Selected element', { exact: true });
      await picker.selectOption({ index: 2 });
      await expect.poll(() => page.getByLabel('Element id', { exact: true }).count()).toBe(1);

      expect(await boxOf(page, '.editor-toolbar')).toEqual(toolbarBefore);
      expect(await boxOf(page, '.canvas-host')).toEqual(canvasBefore);
      expect(new Set(await toolbarRowTops(page)).size).toBe(1);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

      // Every arrange tool is reachable: in the row, or in "More" when the row is full.
      const more = page.getByRole('button', { name: 'More ▾' });
      if (viewport.width === 1280) expect(await more.count()).toBe(0);
      if (viewport.width === 1024) {
        await more.click();
        expect(await more.getAttribute('aria-expanded')).toBe('true');
      }
      for (const name of ['Align left', 'Align bottom', 'Bring to front', 'Send to back', 'Distribute vertically']) {
        const tool = page.getByRole('button', { name, exact: true });
        const box = await tool.boundingBox();
        expect(
          box && box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height,
          name,
        ).toBe(true);
      }
      expect(await page.getByRole('button', { name: 'Align left' }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Distribute vertically' }).isDisabled()).toBe(true);
      // The selected element goes to the back from the toolbar (or its "More" panel), as a click there should.
      const selected = await page.getByLabel('Element id', { exact: true }).inputValue();
      await page.getByRole('button', { name: 'Send to back', exact: true }).click();
      await expect.poll(() => picker.locator('option').nth(1).textContent()).toContain(selected);
      if (viewport.width === 1024) {
        await page.keyboard.press('Escape');
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        // Escape closed the panel and left the selection alone.
        expect(await page.getByLabel('Element id', { exact: true }).inputValue()).toBe(selected);
      }
      expect(await boxOf(page, '.canvas-host')).toEqual(canvasBefore);
    });
  });
}
