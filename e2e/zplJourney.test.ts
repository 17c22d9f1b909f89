// The ZPL page in a real browser against a real `labelsmith serve` and the fake ZPL printer: paste a carrier label, see it
// drawn (its barcode scans from the drawing), follow a warning to its command, print the ZPL as it is, import it as a
// template, edit a text field in the designer, save, print the template, and find the edited text in what the printer got;
// then a label an old system prints to a virtual printer, found in the print history and opened on the ZPL page.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeZplPrinter, type FakeZplPrinter } from '../test/support/printing/fakeZplPrinter';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { editorApi, REPO_ROOT, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';
import { decodePng, inkShare, readCode128, type Raster } from '../test/support/chromium/pixels';
import { runNodeScript } from '../test/support/cli/runProcess';
import { connectOldSystem, waitForPort } from '../test/support/printing/oldSystemClient';
import { freePort } from '../test/support/server/freePort';

/** UPDATE_SCREENSHOTS=1 writes docs/zpl.md's ZPL page picture into resources/docs/; normal runs leave the tree alone. */
const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
const DOCS_DIR = resolve(REPO_ROOT, 'resources/docs');
/** Printing waits on the queue and the printer: a few seconds at most here. */
const PRINT_WAIT = { timeout: 30_000, interval: 250 };

const TRACKING = '1Z999AA10123456784';
/**
 * A 4x6 in parcel label in a carrier's style, written for this test: a frame, the sender, the recipient (one ^FN
 * field), a rule, a Code 128 tracking number with its interpretation line, and ^QQ, a command no printer knows.
 */
const CARRIER_LABEL = [
  '^XA',
  '^CI28',
  '^PW812',
  '^LL1218',
  '^FO20,20^GB772,1178,4^FS',
  '^FO50,50^A0N,56,56^FDNORTHWIND PARCEL^FS',
  '^FO50,130^A0N,28,28^FDFrom: Dock 7, 1 Harbour Road, Leith^FS',
  '^FO20,180^GB772,0,4^FS',
  '^FO50,210^A0N,30,30^FDSHIP TO:^FS',
  '^FO50,250^A0N,48,48^FDADA LOVELACE^FS',
  '^FO50,310^A0N,36,36^FN1^FD12 Analytical Way^FS',
  '^FO50,356^A0N,36,36^FDLONDON NW1 6XE^FS',
  '^QQ1',
  '^FO20,430^GB772,0,4^FS',
  `^BY3^FO70,480^BCN,220,Y,N,N^FD${TRACKING}^FS`,
  '^FO50,800^A0N,32,32^FDWEIGHT 2.4 KG   PARCEL 1 OF 1^FS',
  '^XZ',
].join('\n');

/** The same label without ^QQ: only label-drawing commands, as raw ZPL must be to reach a printer. */
const PRINTABLE_LABEL = CARRIER_LABEL.replace('^QQ1\n', '');

let editor: SignedInEditor;
let page: Page;
let printer: FakeZplPrinter;
let templateId = '';

beforeAll(async () => {
  printer = await startFakeZplPrinter();
  editor = await startSignedInEditor();
  page = editor.page;
  const input = {
    name: 'Dock 1',
    connection: { kind: 'raw', host: '127.0.0.1', port: printer.port },
    dpi: 203,
    media: null,
    darkness: null,
    speed: null,
    timeZone: null,
  };
  await editorApi<EditorPrinter>(editor.server, 'POST', '/api/printers', input);
});

afterAll(async () => {
  await editor?.close();
  await printer?.close();
});

/** What the printer received on its connections, apart from status questions. */
function receivedJobs(): string[] {
  return printer.connections
    .map((connection) => connection.bytes.toString('utf8'))
    .filter((text) => text.replaceAll('~HS', '') !== '');
}

function zplPage(): Locator {
  return page.getByRole('main', { name: 'ZPL' });
}

/** The drawn label as the page shows it: the PNG the server answered, decoded from the image's data URL. */
async function drawnLabel(name: string): Promise<Raster> {
  const image = zplPage().getByRole('img', { name });
  await image.waitFor();
  const source = (await image.getAttribute('src')) ?? '';
  expect(source).toMatch(/^data:image\/png;base64,/);
  return decodePng(Buffer.from(source.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

function sidePanel(): Locator {
  return page.getByRole('complementary', { name: 'Properties' });
}

describe.sequential('ZPL journey', () => {
  it('draws a pasted carrier label as it is typed, its barcode readable from the drawing', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ZPL' }).click();
    await page.waitForURL(/#\/zpl$/);
    await zplPage().getByLabel('ZPL', { exact: true }).fill(CARRIER_LABEL);

    await expect
      .poll(() => zplPage().getByRole('status').filter({ hasText: /label/ }).first().textContent())
      .toBe('1 label.');
    const label = await drawnLabel('Label 1 of 1');
    // 4 x 6 in at 8 dpmm (203 dpi): one dot a pixel.
    expect([label.width, label.height]).toEqual([812, 1218]);
    // The frame, the name and the barcode are inked; the space below the last line is paper.
    expect(inkShare(label, { x: 20, y: 20, width: 772, height: 4 })).toBeGreaterThan(0.9);
    expect(inkShare(label, { x: 50, y: 250, width: 330, height: 40 })).toBeGreaterThan(0.15);
    expect(inkShare(label, { x: 100, y: 900, width: 600, height: 250 })).toBe(0);
    expect((await readCode128(label)).map((code) => code.text)).toEqual([TRACKING]);

    // Another density redraws the label with that many dots.
    await zplPage().getByLabel('Print density').selectOption('12');
    await expect.poll(async () => (await drawnLabel('Label 1 of 1')).width).toBe(1200);
    await zplPage().getByLabel('Print density').selectOption('8');
    await expect.poll(async () => (await drawnLabel('Label 1 of 1')).width).toBe(812);
  });

  it('lists the unknown command with its position, and selects it in the text when chosen', async () => {
    const warnings = zplPage().getByRole('list', { name: 'Warnings' });
    const unknown = warnings.getByRole('button').filter({ hasText: '^QQ' });
    await expect.poll(() => unknown.count()).toBe(1);
    const position = CARRIER_LABEL.indexOf('^QQ');
    expect(await unknown.textContent()).toBe(`^QQ at ${position}`);
    await unknown.click();
    const selected = await zplPage()
      .getByLabel('ZPL', { exact: true })
      .evaluate((textarea: HTMLTextAreaElement) => ({
        start: textarea.selectionStart,
        text: textarea.value.slice(textarea.selectionStart, textarea.selectionEnd),
        focused: textarea === document.activeElement,
      }));
    expect(selected).toEqual({ start: position, text: '^QQ', focused: true });
    if (UPDATE_SCREENSHOTS) {
      mkdirSync(DOCS_DIR, { recursive: true });
      await page.screenshot({ path: resolve(DOCS_DIR, 'zpl-viewer.png'), type: 'png' });
    }
  });

  it('refuses to print a command off the raw-ZPL allow-list, naming it; without it, prints the ZPL exactly as pasted', async () => {
    const before = receivedJobs().length;
    await zplPage().getByRole('button', { name: 'Print…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Print ZPL' });
    await expect
      .poll(() => dialog.getByLabel('Printer', { exact: true }).locator('option:checked').textContent())
      .toBe('Dock 1 (Network (ZPL over TCP), 203 dpi)');
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), PRINT_WAIT)
      .toContain(`^QQ at byte ${CARRIER_LABEL.indexOf('^QQ')} is not a label-drawing command`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(receivedJobs().length).toBe(before);

    await zplPage().getByLabel('ZPL', { exact: true }).fill(PRINTABLE_LABEL);
    await zplPage().getByRole('button', { name: 'Print…' }).click();
    dialog = page.getByRole('dialog', { name: 'Print ZPL' });
    await expect
      .poll(() => dialog.getByLabel('Printer', { exact: true }).locator('option:checked').textContent())
      .toBe('Dock 1 (Network (ZPL over TCP), 203 dpi)');
    await dialog.getByLabel('Copies').fill('2');
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(
        () =>
          dialog
            .getByRole('status')
            .filter({ hasText: /^Printed: / })
            .textContent(),
        PRINT_WAIT,
      )
      .toBe('Printed: 2 labels sent to Dock 1.');
    const sent = receivedJobs().slice(before).join('');
    // Two copies of the label, byte for byte: raw ZPL is never rewritten.
    expect(sent.split(PRINTABLE_LABEL).length - 1).toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await zplPage().getByLabel('ZPL', { exact: true }).fill(CARRIER_LABEL);
  });

  it('imports the label as a template and opens it in the designer', async () => {
    await zplPage().getByRole('button', { name: 'Import as template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import ZPL as template' });
    await dialog.getByLabel('Template name').fill('Northwind parcel');
    await dialog.getByRole('button', { name: 'Import' }).click();

    await page.waitForURL(/#\/templates\/[^/]+$/);
    templateId = decodeURIComponent(/#\/templates\/([^/]+)$/.exec(page.url())?.[1] ?? '');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Northwind parcel');
    await page.getByRole('application', { name: 'Label canvas' }).locator('canvas').first().waitFor();
    const stored = await editorApi<{ content: { dimensions: unknown; elements: { type: string }[] } }>(
      editor.server,
      'GET',
      `/api/templates/${encodeURIComponent(templateId)}`,
    );
    expect(stored.content.elements.map((element) => element.type)).toEqual(expect.arrayContaining(['text', 'barcode']));
    // The ^FN field became a data binding.
    expect(JSON.stringify(stored.content.elements)).toContain('data.field1');
  });

  it('edits a text field in the inspector, saves, prints, and the printer gets the edited text', async () => {
    const stored = await editorApi<{
      content: { elements: { id: string; type: string; content?: { text?: string } }[] };
    }>(editor.server, 'GET', `/api/templates/${encodeURIComponent(templateId)}`);
    const name = stored.content.elements.find(
      (element) => element.type === 'text' && element.content?.text === 'ADA LOVELACE',
    );
    expect(name).toBeDefined();
    await sidePanel()
      .getByLabel('Selected element')
      .selectOption(name?.id ?? '');
    const content = sidePanel().getByLabel('Content text', { exact: true });
    expect(await content.inputValue()).toBe('ADA LOVELACE');
    await content.fill('GRACE HOPPER');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
    const saved = await editorApi<{ content: { elements: { id: string; content?: { text?: string } }[] } }>(
      editor.server,
      'GET',
      `/api/templates/${encodeURIComponent(templateId)}`,
    );
    expect(saved.content.elements.find((element) => element.id === name?.id)?.content?.text).toBe('GRACE HOPPER');

    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('');
    const before = receivedJobs().length;
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(
        () =>
          dialog
            .getByRole('status')
            .filter({ hasText: /^Printed: / })
            .textContent(),
        PRINT_WAIT,
      )
      .toBe('Printed: 1 label sent to Dock 1.');
    const sent = receivedJobs().slice(before).join('');
    expect(sent).toContain('GRACE HOPPER');
    expect(sent).not.toContain('ADA LOVELACE');
    expect(sent).toContain(TRACKING);
  });

  it('imports a ZPL file from the gallery with "Import ZPL…"', async () => {
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    await page.getByRole('button', { name: 'Import ZPL…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import ZPL as template' });
    await dialog
      .getByLabel('Open a ZPL file')
      .setInputFiles({ name: 'parcel.zpl', mimeType: 'text/plain', buffer: Buffer.from(CARRIER_LABEL) });
    await expect.poll(() => dialog.getByLabel('ZPL', { exact: true }).inputValue()).toBe(CARRIER_LABEL);
    await dialog.getByLabel('Template name').fill('Parcel from a file');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/#\/templates\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Parcel from a file');
    const listed = await editorApi<{ templates: { name: string }[] }>(editor.server, 'GET', '/api/templates');
    // Beside the samples a new workspace starts with.
    expect(listed.templates.map((template) => template.name).sort()).toEqual([
      'Asset tag 2x1.25',
      'Northwind parcel',
      'Parcel from a file',
      'Shipping label 4x6',
    ]);
  });

  it('shows a label an old system printed to a virtual printer in Dock 1’s history, and opens its ZPL on the ZPL page', async () => {
    const cli = resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs');
    const dataDir = ['--data-dir', editor.server.dataDir];
    const run = async (args: string[]) => {
      const ran = await runNodeScript(cli, [...args, ...dataDir]);
      expect(ran.code, ran.stderr).toBe(0);
      return JSON.parse(ran.stdout) as Record<string, unknown>;
    };
    const { teams } = (await run(['team', 'list'])) as { teams: { id: string }[] };
    const team = teams[0]?.id ?? '';
    const port = await freePort();
    await run(
      ['printer', 'add', '--team', team, '--name', 'old-wms', '--kind', 'virtual'].concat([
        '--listen',
        `127.0.0.1:${port}`,
        '--route',
        'Dock 1',
      ]),
    );
    // The running server picks up the new virtual printer within a few seconds.
    await waitForPort(port, 20_000);
    const before = receivedJobs().length;
    const oldSystem = await connectOldSystem(port);
    oldSystem.send(PRINTABLE_LABEL);
    await oldSystem.end();
    await expect.poll(() => receivedJobs().slice(before).join(''), PRINT_WAIT).toContain(PRINTABLE_LABEL);

    await page.evaluate(() => {
      window.location.hash = '#/printers';
    });
    await expect.poll(() => page.getByRole('rowheader', { name: 'old-wms' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Print history of Dock 1' }).click();
    const history = page.getByRole('dialog', { name: 'Print history: Dock 1' });
    const row = history.getByRole('row').filter({ hasText: 'Received by virtual printer “old-wms” from 127.0.0.1' });
    await expect.poll(() => row.count(), PRINT_WAIT).toBe(1);
    await row.getByRole('link', { name: 'Open ZPL' }).click();
    await page.waitForURL(/#\/zpl\/jobs\/[^/]+$/);
    await expect.poll(() => zplPage().getByLabel('ZPL', { exact: true }).inputValue()).toBe(PRINTABLE_LABEL);
    const drawn = await drawnLabel('Label 1 of 1');
    expect((await readCode128(drawn)).map((code) => code.text)).toEqual([TRACKING]);
  });
});
