// Labelsmith as the print server, set up from the Printers page in a real browser: a virtual printer added in its form
// (which fits at 1024x700 and 1280x800) takes an old system's label on its port and the fake printer gets it; a hot
// folder added in its form prints a CSV dropped in it and moves the file to done/; a folder that is not there is
// refused on the form with the server's reason.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { editorApi } from '../test/support/chromium/editorServer';
import { printingEditorForFile } from '../test/support/chromium/printingEditor';
import { carrierLabel, connectOldSystem, waitForPort } from '../test/support/printing/oldSystemClient';
import { TAG } from '../test/support/printing/printingTestSupport';
import { received } from '../test/support/printing/virtualPrinterTestSupport';
import { freePort } from '../test/support/server/freePort';

const session = printingEditorForFile();
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
];

/** Inside the window, and the topmost element at its centre: a person sees and clicks it without scrolling the page. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  const onTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  return inside && onTop;
}

/** Opens the form with `open`, checks it fits each window size (its submit button reachable within the dialog), leaves it open at 1280x800. */
async function formFits(page: Page, open: string, title: string, submit: string): Promise<Locator> {
  await page.getByRole('button', { name: open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(
      true,
    );
    const button = dialog.getByRole('button', { name: submit, exact: true });
    await button.scrollIntoViewIfNeeded();
    expect(await inView(page, button), `${submit} at ${viewport.width}x${viewport.height}`).toBe(true);
  }
  return dialog;
}

describe.sequential('print server journey', () => {
  it('adds a virtual printer in its form, and an old system’s label sent to its port reaches the printer', async () => {
    const { page, editor, printer } = session;
    await editorApi(editor.server, 'POST', '/api/printers', {
      name: 'Dock 1',
      connection: { kind: 'raw', host: printer.host, port: printer.port },
    });
    await editorApi(editor.server, 'POST', '/api/templates', { content: TAG, slug: 'tag' });
    await page.evaluate(() => {
      window.location.hash = '#/printers';
    });
    await expect.poll(() => page.getByRole('row', { name: /Dock 1/ }).count()).toBe(1);

    const dialog = await formFits(page, 'Add virtual printer', 'Add virtual printer', 'Add virtual printer');
    const port = await freePort();
    await dialog.getByLabel('Name').fill('Old WMS');
    await dialog.getByLabel('Port').fill(String(port));
    await dialog.getByRole('checkbox', { name: 'Dock 1' }).check();
    await dialog.getByRole('button', { name: 'Add virtual printer', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page.getByRole('row', { name: /Old WMS/ });
    await expect.poll(() => row.textContent()).toContain(`127.0.0.1:${port}`);

    // The server picks it up within its rescan; then an old WMS prints to it as to a Zebra printer.
    await waitForPort(port);
    const wms = await connectOldSystem(port);
    wms.send(carrierLabel('1Z999AA10000000301'));
    await wms.end();
    await expect.poll(() => received(printer), { timeout: 20_000 }).toContain('1Z999AA10000000301');
  });

  it('adds a hot folder in its form, refusing a folder that is not there, and a CSV dropped in it prints and moves to done/', async () => {
    const { page, printer } = session;
    const folder = await mkdtemp(join(tmpdir(), 'labelsmith-journey-hot-folder-'));
    folders.push(folder);
    const dialog = await formFits(page, 'Add hot folder', 'Add hot folder', 'Add hot folder');
    await dialog.getByLabel('Folder').fill(join(folder, 'missing'));
    await dialog.getByLabel('Template for data files').selectOption('tag');
    await dialog.getByRole('button', { name: 'Add hot folder', exact: true }).click();
    await expect.poll(() => dialog.textContent()).toContain('is not a folder on the machine running Labelsmith');
    expect(await dialog.getByRole('alert').textContent()).toContain('Check the marked fields');

    await dialog.getByLabel('Folder').fill(folder);
    await dialog.getByRole('button', { name: 'Add hot folder', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(folder) }).textContent()).toContain('Dock 1');

    await writeFile(join(folder, 'wave-1.csv'), 'title\nHot folder row A\nHot folder row B\n');
    await expect.poll(() => readdir(join(folder, 'done')).catch(() => []), { timeout: 30_000 }).toEqual(['wave-1.csv']);
    await expect.poll(() => received(printer), { timeout: 20_000 }).toContain('Hot folder row B');
    expect(await readdir(folder)).toEqual(expect.arrayContaining(['done', 'failed']));
    expect(await readdir(join(folder, 'failed'))).toEqual([]);
  });
});
