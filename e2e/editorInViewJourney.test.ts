// The editor screen as a person sees it at 1280x800 and at 1024x700: the toolbar in one row with every tool reachable,
// the canvas staying where it is when something is selected, new elements placed where there is room, text keeping its
// shape while it is resized, and a Preview tab with one resolution control and the HTML page scaled to fit.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoomToFit } from '../test/support/chromium/canvasView';
import { editorApi, REPO_ROOT, type SignedInEditor } from '../test/support/chromium/editorServer';
import { openSignedInEditor } from '../test/support/chromium/editorSession';
import { decodePng } from '../test/support/chromium/pixels';
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

/** A 4 x 3 in label with a title across its middle and a line under it: where a new element used to land. */
const MIDDLE_TAKEN = {
  formatVersion: 1,
  meta: { name: 'Middle taken' },
  dimensions: { width: '4in', height: '3in' },
  elements: [
    {
      id: 'title',
      type: 'text',
      position: { mode: 'absolute', x: '0.5in', y: '1.2in' },
      width: '3in',
      height: '0.5in',
      content: { text: 'Title' },
    },
    { id: 'rule', type: 'line', position: { mode: 'absolute', x: '0.5in', y: '1.8in' }, width: '3in', height: '0in' },
  ],
};

/** A 3 x 2 in label with one line of large text, to be widened by its handle. */
const ONE_TEXT = {
  formatVersion: 1,
  meta: { name: 'Resize tag' },
  dimensions: { width: '3in', height: '2in' },
  elements: [
    {
      id: 'name',
      type: 'text',
      position: { mode: 'absolute', x: '0.5in', y: '0.8in' },
      width: '1.5in',
      height: '0.4in',
      content: { text: 'Widen me' },
      style: { fontSize: '20pt' },
    },
  ],
};

/** The box around the black pixels of a part of the page (the selection frame is blue, its handles white). */
async function blackInk(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const raster = decodePng(await page.screenshot({ clip }));
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < raster.height; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      const i = (y * raster.width + x) * 4;
      if ([0, 1, 2].every((channel) => (raster.rgba[i + channel] ?? 255) < 90)) {
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      }
    }
  }
  return { width: right - left + 1, height: bottom - top + 1 };
}

interface InchBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: InchBox, b: InchBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function openTemplate(page: Page, id: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = `#/templates/${encodeURIComponent(target)}`;
  }, id);
  await page.getByRole('application', { name: 'Label canvas' }).waitFor();
  await page.waitForLoadState('networkidle');
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
]) {
  describe(`the editor at ${viewport.width}x${viewport.height}`, () => {
    let editor: SignedInEditor;
    let page: Page;
    let templateId = '';

    beforeAll(async () => {
      editor = await openSignedInEditor({
        cliPath: resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs'),
        envFor: testDatabaseEnv,
        viewport,
      });
      page = editor.page;
      templateId =
        (await editorApi<{ templates: { id: string }[] }>(editor.server, 'GET', '/api/templates')).templates[0]?.id ??
        '';
      await openTemplate(page, templateId);
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

    it("gives the canvas's warnings in the template's unit", async () => {
      // The sample asset tag is in inches; its barcodes' warnings give the clear space and X-dimension they need.
      await openTemplate(page, templateId);
      await page.getByRole('button', { name: /^Warnings \(\d+\)$/ }).click();
      const text = (await page.getByRole('list', { name: 'Design warnings' }).textContent()) ?? '';
      expect(text).toMatch(/\d\.\d+ in\b/);
      expect(text).not.toMatch(/\d mm\b/);
      await page.getByRole('button', { name: 'Hide warnings' }).click();
    });

    it('places each new element where there is room, clear of the title and the line in the middle', async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
        content: MIDDLE_TAKEN,
      });
      await openTemplate(page, id);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Middle taken');
      const field = (label: string) => page.getByLabel(label, { exact: true });
      const taken: InchBox[] = [
        { x: 0.5, y: 1.2, width: 3, height: 0.5 },
        { x: 0.5, y: 1.8, width: 3, height: 0 },
      ];
      for (const name of ['Add text', 'Add barcode', 'Add rectangle']) {
        await page.getByRole('button', { name, exact: true }).click();
        await expect.poll(() => field('Element id').count()).toBe(1);
        const [x, y, width, height] = await Promise.all(
          ['X', 'Y', 'Width', 'Height'].map(async (label) => Number(await field(label).inputValue())),
        );
        const added = { x: x ?? NaN, y: y ?? NaN, width: width ?? NaN, height: height ?? NaN };
        // A line has no height: the room kept around it is what counts.
        for (const box of taken)
          expect(overlaps(added, { ...box, height: Math.max(box.height, 0.01) }), name).toBe(false);
        expect(added.x >= 0 && added.y >= 0 && added.x + added.width <= 4 && added.y + added.height <= 3, name).toBe(
          true,
        );
        taken.push(added);
      }
    });

    it('keeps the text its own shape while a resize handle is dragged, and lays it out at the new width after', async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: ONE_TEXT });
      await openTemplate(page, id);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Resize tag');
      const view = await zoomToFit(page, { width: 3 * 72, height: 2 * 72 });
      await page.getByLabel('Selected element', { exact: true }).selectOption('name');
      const topLeft = view.onPage(0, 0);
      const bottomRight = view.onPage(3, 2);
      const label = { x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y };
      const before = await blackInk(page, label);
      expect(before.width).toBeGreaterThan(40);

      const handle = view.onPage(2, 1);
      await page.mouse.move(handle.x, handle.y);
      await page.mouse.down();
      await page.mouse.move(handle.x + 60, handle.y, { steps: 4 });
      await page.mouse.move(handle.x + 120, handle.y, { steps: 4 });
      // Mid-drag the frame is 120 px wider; the glyphs, scaled with it, looked stretched by as much.
      const during = await blackInk(page, label);
      expect(Math.abs(during.width - before.width), JSON.stringify({ before, during })).toBeLessThanOrEqual(2);
      expect(Math.abs(during.height - before.height)).toBeLessThanOrEqual(2);
      await page.mouse.up();
      await expect
        .poll(async () => Number(await page.getByLabel('Width', { exact: true }).inputValue()))
        .toBeGreaterThan(1.6);
      const after = await blackInk(page, label);
      expect(Math.abs(after.width - before.width)).toBeLessThanOrEqual(2);
    });

    it('has one resolution control in the Preview tab, which the PNG takes, and shows the HTML page whole', async () => {
      const { id } = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: ONE_TEXT });
      await openTemplate(page, id);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Resize tag');
      const panel = page.getByRole('complementary', { name: 'Properties' });
      await panel.getByRole('tab', { name: 'Preview' }).click();
      await panel.getByRole('radio', { name: 'PNG' }).check();
      const resolution = panel.getByRole('combobox', { name: 'Resolution' });
      expect(await resolution.count()).toBe(1);
      await resolution.selectOption('300');
      const png = panel.getByRole('img', { name: 'Label preview (PNG)' });
      await expect
        .poll(() => png.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
          timeout: 15_000,
        })
        .toBe(3 * 300);

      await panel.getByRole('radio', { name: 'HTML' }).check();
      expect(await resolution.count()).toBe(1);
      const frame = panel.locator('iframe[title="Label preview (HTML)"]');
      await frame.waitFor();
      const holder = await boxOf(page, '.preview-frame-holder');
      const shown = await frame.boundingBox();
      // Scaled to the panel's width, the label's proportions kept, all of it in the window's width.
      expect(shown && Math.abs(shown.width - holder.width) <= 1, JSON.stringify({ shown, holder })).toBe(true);
      expect(shown && Math.abs(shown.height / shown.width - 2 / 3) < 0.01).toBe(true);
      expect(shown && shown.x + shown.width <= viewport.width).toBe(true);
      const inside = await frame
        .contentFrame()
        .locator('html')
        .evaluate((root) => ({
          scrollWidth: root.scrollWidth,
          clientWidth: root.clientWidth,
          scrollHeight: root.scrollHeight,
          clientHeight: root.clientHeight,
        }));
      expect(inside.scrollWidth, JSON.stringify(inside)).toBeLessThanOrEqual(inside.clientWidth);
      expect(inside.scrollHeight, JSON.stringify(inside)).toBeLessThanOrEqual(inside.clientHeight);
      await panel.getByRole('tab', { name: 'Inspector' }).click();
    });
  });
}
