// Every main screen within the window at 1280x800 and at 1024x700: no page wider than the window, the printers table's and print history's buttons on screen and clickable.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi, REPO_ROOT, type SignedInEditor } from '../test/support/chromium/editorServer';
import { openSignedInEditor } from '../test/support/chromium/editorSession';
import { startFakeZplPrinter, type FakeZplPrinter } from '../test/support/printing/fakeZplPrinter';
import { testDatabaseEnv } from '../test/support/store/storeTestSupport';

/** A printer whose every field is set: the longest row the printers table has to fit. */
const BUSY_PRINTER = {
  name: 'Dock printer with a long name',
  dpi: 300,
  media: { width: '101.6mm', height: '152.4mm' },
  darkness: 20,
  speed: 4,
  timeZone: 'America/Argentina/Buenos_Aires',
  mediaType: 'thermal-transfer',
  printMode: 'peel-off',
  mediaSensing: 'mark',
  topOffset: '1mm',
  leftOffset: '-0.5mm',
};

/** What sticks out past the window's right edge: the page's overflow and the elements beyond it, named for the message. */
async function overflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; beyond: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const beyond = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > root.clientWidth + 1;
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, beyond };
  });
}

/** Inside the window, and the topmost element at its centre (nothing covers it): a person can see and click it. */
async function clickable(page: Page, name: string): Promise<boolean> {
  const button = page.getByRole('button', { name, exact: true });
  const box = await button.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  const onTop = await button.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  return inside && onTop;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
]) {
  describe(`at ${viewport.width}x${viewport.height}`, () => {
    let editor: SignedInEditor;
    let printer: FakeZplPrinter;
    let page: Page;
    let templateId = '';
    let printerId = '';

    beforeAll(async () => {
      printer = await startFakeZplPrinter();
      editor = await openSignedInEditor({
        cliPath: resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs'),
        envFor: testDatabaseEnv,
        viewport,
      });
      page = editor.page;
      printerId = (
        await editorApi<{ id: string }>(editor.server, 'POST', '/api/printers', {
          ...BUSY_PRINTER,
          connection: { kind: 'raw', host: '127.0.0.1', port: printer.port },
        })
      ).id;
      templateId =
        (await editorApi<{ templates: { id: string }[] }>(editor.server, 'GET', '/api/templates')).templates[0]?.id ??
        '';
    });

    afterAll(async () => {
      await editor?.close();
      await printer?.close();
    });

    it('shows the gallery, the ZPL page, settings and the editor without a horizontal scroll', async () => {
      for (const hash of ['#/', '#/zpl', '#/settings', `#/templates/${encodeURIComponent(templateId)}`]) {
        await page.evaluate((target) => {
          window.location.hash = target;
        }, hash);
        await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
        await page.waitForLoadState('networkidle');
        const seen = await overflow(page);
        expect(seen.scrollWidth, `${hash}: ${seen.beyond.join(', ')}`).toBeLessThanOrEqual(seen.clientWidth);
      }
    });

    it("shows the canvas's warnings whole: every message starts inside the panel", async () => {
      const crowded = {
        formatVersion: 1,
        meta: { name: 'Crowded tag' },
        dimensions: { width: '2in', height: '1in' },
        elements: [
          {
            id: 'a-name-long-enough-to-matter',
            type: 'text',
            position: { mode: 'absolute', x: '0.05in', y: '0.05in' },
            width: '0.6in',
            height: '0.15in',
            content: { text: 'A line far too long for the little box it was given here' },
          },
          {
            id: 'narrow-code',
            type: 'barcode',
            symbology: 'code128',
            position: { mode: 'absolute', x: '0.05in', y: '0.4in' },
            width: '0.5in',
            height: '0.4in',
            content: { text: 'ABCDEFGHIJKLMNOP' },
          },
        ],
      };
      const id = (await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: crowded })).id;
      await page.evaluate((target) => {
        window.location.hash = `#/templates/${encodeURIComponent(target)}`;
      }, id);
      await page.getByRole('button', { name: /^Warnings \(\d+\)$/ }).click();
      const panel = page.locator('.canvas-warnings');
      const panelBox = await panel.boundingBox();
      const items = page.getByRole('list', { name: 'Design warnings' }).getByRole('listitem');
      expect(await items.count()).toBeGreaterThan(1);
      for (const box of await items.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as { left: number; right: number }),
      )) {
        expect(
          panelBox && box.left >= panelBox.x - 1 && box.right <= panelBox.x + panelBox.width + 1,
          JSON.stringify({ box, panelBox }),
        ).toBe(true);
      }
      await page.getByRole('button', { name: 'Hide warnings' }).click();
    });

    it('shows every printer with its status and all its buttons on the Printers page, and its print history with Close', async () => {
      await page.evaluate(() => {
        window.location.hash = '#/printers';
      });
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: /Dock printer with a long name/ }) });
      await expect.poll(() => row.locator('.badge').textContent(), { timeout: 15_000 }).toBe('Ready');
      const seen = await overflow(page);
      expect(seen.scrollWidth, seen.beyond.join(', ')).toBeLessThanOrEqual(seen.clientWidth);
      for (const name of ['Print test label on', 'Print history of', 'Edit', 'Remove']) {
        expect(await clickable(page, `${name} ${BUSY_PRINTER.name}`), name).toBe(true);
      }
      await page.getByRole('button', { name: `Print test label on ${BUSY_PRINTER.name}` }).click();
      await expect
        .poll(() => row.getByRole('status').textContent())
        .toMatch(/^Test label sent to “Dock printer with a long name”/);

      // A job that waits for paper, then prints: the history follows it without a Refresh.
      printer.setState('paperOut');
      const template = {
        formatVersion: 1,
        meta: { name: 'History tag' },
        dimensions: { width: '2in', height: '1in' },
        elements: [],
      };
      await editorApi(editor.server, 'POST', '/api/print', { template, records: [{}], printerId, copies: 1 });
      await page.getByRole('button', { name: `Print history of ${BUSY_PRINTER.name}` }).click();
      const history = page.getByRole('dialog', { name: `Print history: ${BUSY_PRINTER.name}` });
      await history.waitFor();
      const job = history.getByRole('row').nth(1);
      await expect
        .poll(() => job.textContent(), { timeout: 15_000 })
        .toMatch(/Retrying after: printer .* reports paper out/);
      expect(await job.textContent()).toContain('A label sent as it was');
      printer.setState('ready');
      await expect.poll(() => job.textContent(), { timeout: 30_000 }).toMatch(/Printed: 1 label sent/);
      const dialogBox = await history.boundingBox();
      expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= viewport.width).toBe(true);
      expect(await clickable(page, 'Reprint…'), 'Reprint').toBe(true);
      expect(await clickable(page, 'Close'), 'Close').toBe(true);
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => history.count()).toBe(0);
      // Opened again, a click beside it closes it.
      await page.getByRole('button', { name: `Print history of ${BUSY_PRINTER.name}` }).click();
      await history.waitFor();
      await page.mouse.click(5, viewport.height - 5);
      await expect.poll(() => history.count()).toBe(0);
    });
  });
}
