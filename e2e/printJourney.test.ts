// Printing in a real browser against a real `labelsmith serve` and the fake ZPL printer: add the printer in Settings, watch
// its live status follow the printer's ~HS answer, print its test label, then print two CSV records from the editor's
// print dialog and check the printer received each label's ZPL exactly once; then set the printer's media handling in
// its form and check the next job carries it.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeZplPrinter } from '../test/support/printing/fakeZplPrinter';
import { printedLabels } from '../test/support/printing/printingTestSupport';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { editorApi, REPO_ROOT, type SignedInEditor } from '../test/support/chromium/editorServer';
import { decodePng, readCode128 } from '../test/support/chromium/pixels';
import { chooseRecordsFile, openPrintDialog, printedLine } from '../test/support/chromium/printDialog';
import { openTemplate, printingEditorForFile } from '../test/support/chromium/printingEditor';

/** UPDATE_SCREENSHOTS=1 writes docs/editor.md's printers picture into resources/docs/; normal runs leave the tree alone. */
const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
const DOCS_DIR = resolve(REPO_ROOT, 'resources/docs');
/** The page asks each printer every 4 s: a change shows within two rounds. */
const STATUS_WAIT = { timeout: 15_000, interval: 250 };

/** A 2x1 in parcel tag: the name as text, the SKU as a code128. */
const PARCEL_TAG = {
  formatVersion: 1,
  meta: { name: 'Parcel tag' },
  dimensions: { width: '2in', height: '1in' },
  elements: [
    {
      id: 'name',
      type: 'text',
      position: { mode: 'absolute', x: '0.1in', y: '0.08in' },
      width: '1.8in',
      height: '0.3in',
      content: { expression: 'data.name' },
      // The printer's font 0: the names reach the printer as field data (^FD), which the test reads back.
      style: { fontFamily: 'Printer 0', fontSize: '12pt' },
    },
    {
      id: 'sku',
      type: 'barcode',
      symbology: 'code128',
      position: { mode: 'absolute', x: '0.1in', y: '0.45in' },
      width: '1.8in',
      height: '0.45in',
      content: { expression: 'data.sku' },
    },
  ],
};

/** As European Excel saves CSV: semicolons, and headers that match the fields (name, sku) only by name, as the CLI maps them. */
const RECORDS_CSV = 'Name;SKU\r\nAda Lovelace;SKU-1001\r\nGrace Hopper;SKU-1002\r\n';

const session = printingEditorForFile();
let editor: SignedInEditor;
let page: Page;
let printer: FakeZplPrinter;

beforeAll(() => {
  ({ editor, page, printer } = session);
});

function printersSection(): Locator {
  return page.getByRole('region', { name: 'Printers' });
}

function printerRow(name: string): Locator {
  return printersSection()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

function statusBadge(name: string): Promise<string | null> {
  return printerRow(name).locator('.badge').textContent();
}

/** What the printer received on its connections, apart from status questions. */
function receivedJobs(): string[] {
  return printer.connections
    .map((connection) => connection.bytes.toString('utf8'))
    .filter((text) => text.replaceAll('~HS', '') !== '');
}

/** docs/editor.md's picture: the printers section at the top of the window, the network printer out of paper. */
async function screenshotPrintersPage(): Promise<void> {
  printer.setState('paperOut');
  await expect.poll(() => statusBadge('Dock 1'), STATUS_WAIT).toBe('Paper out');
  await printersSection().evaluate((section) => section.scrollIntoView({ block: 'start' }));
  mkdirSync(DOCS_DIR, { recursive: true });
  await page.screenshot({ path: resolve(DOCS_DIR, 'printers.png'), type: 'png' });
  printer.setState('ready');
  await expect.poll(() => statusBadge('Dock 1'), STATUS_WAIT).toBe('Ready');
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe.sequential('print journey', () => {
  it('adds a raw printer pointing at the fake printer in Settings, and shows it ready', async () => {
    await page.getByRole('link', { name: 'Printers', exact: true }).click();
    await printersSection().getByRole('button', { name: 'Add printer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add printer' });
    await dialog.getByLabel('Printer name').fill('Dock 1');
    expect(await dialog.getByRole('radio', { name: 'Network (ZPL over TCP)' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Text in the template’s fonts').locator('option:checked').textContent()).toBe(
      'Drawn as graphics (every printer)',
    );
    await dialog.getByLabel('Host').fill('127.0.0.1');
    await dialog.getByLabel('Port').fill(String(printer.port));
    await dialog.getByRole('button', { name: 'Add printer' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const row = printerRow('Dock 1');
    await expect.poll(() => row.count()).toBe(1);
    // The kind and address under the name, the media's size first in its cell.
    expect(await row.getByRole('rowheader').textContent()).toBe(
      `Dock 1Network (ZPL over TCP) · 127.0.0.1:${printer.port}`,
    );
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['203 dpi', expect.stringMatching(/^Printer’s own/)]),
    );
    const stored = await editorApi<{ printers: EditorPrinter[] }>(editor.server, 'GET', '/api/printers');
    expect(stored.printers).toEqual([
      expect.objectContaining({
        name: 'Dock 1',
        connection: { kind: 'raw', host: '127.0.0.1', port: printer.port },
        dpi: 203,
        fonts: 'graphic',
      }),
    ]);
    await expect.poll(() => statusBadge('Dock 1'), STATUS_WAIT).toBe('Ready');
  });

  it('shows the live status turn to "Paper out" when the printer says so, and back', async () => {
    printer.setState('paperOut');
    await expect.poll(() => statusBadge('Dock 1'), STATUS_WAIT).toBe('Paper out');
    expect(await printerRow('Dock 1').locator('.badge').getAttribute('class')).toContain('badge-error');
    printer.setState('ready');
    await expect.poll(() => statusBadge('Dock 1'), STATUS_WAIT).toBe('Ready');
  });

  it('prints the test label on the printer', async () => {
    await printerRow('Dock 1').getByRole('button', { name: 'Print test label on Dock 1' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Test label sent to “Dock 1”' }).count())
      .toBe(1);
    const jobs = receivedJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toContain('^FH_^FDDock 1^FS');
    expect(jobs[0]).toContain('LS-TEST-203');
  });

  it('adds a system queue and edits its media size', async () => {
    await printersSection().getByRole('button', { name: 'Add printer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add printer' });
    await dialog.getByLabel('Printer name').fill('Office');
    await dialog.getByRole('radio', { name: 'System queue (CUPS/lp)' }).check();
    await dialog.getByLabel('Queue name').fill('Office_Laser');
    await dialog.getByLabel('Media width').fill('4in');
    await dialog.getByLabel('Media height').fill('6in');
    await dialog.getByRole('button', { name: 'Add printer' }).click();
    await expect.poll(() => printerRow('Office').count()).toBe(1);
    expect(await printerRow('Office').textContent()).toMatch(/Office_Laser \(PDF\).*4in × 6in/);
    // CUPS knows a system queue's state; the page says there is none to show rather than guessing.
    await expect.poll(() => statusBadge('Office'), STATUS_WAIT).toBe('No status');

    await printerRow('Office').getByRole('button', { name: 'Edit Office' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit printer Office' });
    expect(await edit.getByLabel('Queue name').inputValue()).toBe('Office_Laser');
    await edit.getByLabel('Media width').fill('100mm');
    await edit.getByLabel('Media height').fill('150mm');
    await edit.getByLabel('Time zone').fill('Europe/Berlin');
    await edit.getByRole('button', { name: 'Save printer' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(() => printerRow('Office').getByRole('cell', { name: '100mm × 150mm' }).count()).toBe(1);
    expect(await printerRow('Office').getByRole('cell', { name: 'Europe/Berlin' }).count()).toBe(1);
    const stored = await editorApi<{ printers: EditorPrinter[] }>(editor.server, 'GET', '/api/printers');
    expect(stored.printers.find((listed) => listed.name === 'Office')).toMatchObject({
      connection: { kind: 'system', queue: 'Office_Laser', rawQueue: false },
      media: { width: '100mm', height: '150mm' },
      timeZone: 'Europe/Berlin',
    });
  });

  it('adds a device printer, reports it unreachable, and removes it after asking', async () => {
    await printersSection().getByRole('button', { name: 'Add printer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add printer' });
    await dialog.getByLabel('Printer name').fill('USB');
    await dialog.getByRole('radio', { name: 'Device file' }).check();
    await dialog.getByLabel('Device path').fill('usb/lp0');
    await dialog.getByRole('button', { name: 'Add printer' }).click();
    // The server's refusal lands on its field, and the dialog stays open.
    await expect.poll(() => dialog.getByLabel('Device path').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('must be an absolute path such as /dev/usb/lp0').isVisible()).toBe(true);
    await dialog.getByLabel('Device path').fill('/dev/usb/lp97');
    await dialog.getByRole('button', { name: 'Add printer' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => statusBadge('USB'), STATUS_WAIT).toBe('Unreachable');

    await printerRow('USB').getByRole('button', { name: 'Remove USB' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove printer?' });
    // The safe choice has the focus.
    await expect
      .poll(() =>
        confirm.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => printerRow('USB').count()).toBe(0);
    const stored = await editorApi<{ printers: EditorPrinter[] }>(editor.server, 'GET', '/api/printers');
    expect(stored.printers.map((listed) => listed.name)).toEqual(['Dock 1', 'Office']);
    if (UPDATE_SCREENSHOTS) await screenshotPrintersPage();
  });

  it('prints a template with two records of a semicolon CSV from the print dialog, columns mapped by name: each label reaches the printer once', async () => {
    const template = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: PARCEL_TAG });
    await openTemplate(page, template.id, 'Parcel tag');
    expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(true);
    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('');
    expect(await dialog.getByLabel('Printer', { exact: true }).locator('option:checked').textContent()).toBe(
      'Dock 1 (Network (ZPL over TCP), 203 dpi)',
    );
    // How the texts will reach it, said once for the job.
    await expect
      .poll(() => dialog.getByText('Texts in “Printer 0” print in the printer’s own font (^A0).').count())
      .toBe(1);

    await chooseRecordsFile(dialog, { name: 'parcels.csv', mimeType: 'text/csv', buffer: Buffer.from(RECORDS_CSV) });
    await expect.poll(() => dialog.getByText('2 records from parcels.csv').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('2 labels in all (2 per copy).').isVisible()).toBe(true);

    // The preview is the first record's label, rendered by the server at the printer's 203 dpi.
    const preview = dialog.getByRole('img', { name: 'Preview of the first label' });
    await preview.waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt="Preview of the first label"]');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    const dataUrl = await preview.evaluate((image: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/png');
    });
    const previewPng = decodePng(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect([previewPng.width, previewPng.height]).toEqual([406, 203]);
    expect((await readCode128(previewPng)).map((code) => code.text)).toEqual(['SKU-1001']);

    // Usable at 1280x800: the whole dialog, its Print button included, is on screen.
    const box = await dialog.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 800).toBe(true);

    const before = receivedJobs().length;
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(printedLine(dialog), { timeout: 30_000, interval: 250 })
      .toBe('Printed: 2 labels sent to Dock 1.');

    const sent = receivedJobs().slice(before).join('');
    expect(printedLabels(sent)).toBe(2);
    expect(occurrences(sent, '^FDAda Lovelace^FS')).toBe(1);
    expect(occurrences(sent, '^FDGrace Hopper^FS')).toBe(1);
    expect(occurrences(sent, '^BCN,67,N,N,N,A^FH_^FDSKU-1001^FS')).toBe(1);
    expect(occurrences(sent, '^BCN,67,N,N,N,A^FH_^FDSKU-1002^FS')).toBe(1);
    expect(sent.indexOf('Ada Lovelace')).toBeLessThan(sent.indexOf('Grace Hopper'));
  });

  it('says why a print waits while the printer is out of paper, and finishes once paper is back', async () => {
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await dialog.getByLabel('Copies').fill('2');
    await expect.poll(() => dialog.getByText('4 labels in all (2 per copy).').isVisible()).toBe(true);
    printer.setState('paperOut');
    const before = receivedJobs().length;
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    const progress = dialog.getByRole('status').filter({ hasText: /Dock 1/ });
    await expect
      .poll(() => progress.textContent(), STATUS_WAIT)
      .toMatch(/Retrying after: printer "Dock 1" reports paper out\.$/);
    // Nothing was sent while the printer said it had no paper.
    expect(receivedJobs().slice(before).join('')).not.toContain('^XA');

    printer.setState('ready');
    // The queue's next attempt comes after its backoff (2 s, then 4 s, ...).
    await expect
      .poll(printedLine(dialog), { timeout: 30_000, interval: 250 })
      .toBe('Printed: 4 labels sent to Dock 1.');
    const sent = receivedJobs().slice(before).join('');
    // Sent as one stored format (^DF) and four recalls where that is smaller: four labels print either way.
    expect(printedLabels(sent)).toBe(4);
    // Copies of the whole document, in order: Ada, Grace, Ada, Grace.
    const names = [...sent.matchAll(/\^FD(Ada Lovelace|Grace Hopper)\^FS/g)].map((match) => match[1]);
    expect(names).toEqual(['Ada Lovelace', 'Grace Hopper', 'Ada Lovelace', 'Grace Hopper']);
  });

  it("sets the printer's media handling in its form, shows it in the list and the print dialog, and the next job reaches the printer with it", async () => {
    await page.getByRole('dialog', { name: 'Print' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Printers' }).click();
    await printerRow('Dock 1').getByRole('button', { name: 'Edit Dock 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit printer Dock 1' });
    expect(await edit.getByLabel('Media type').locator('option:checked').textContent()).toBe('Printer’s own setting');
    await edit.getByLabel('Media type').selectOption({ label: 'Direct thermal (no ribbon)' });
    await edit.getByLabel('After each label').selectOption({ label: 'Peel off' });
    await edit.getByLabel('Media sensing').selectOption({ label: 'Black mark' });
    // An offset past ^LT's reach is refused on its field, and the dialog stays open.
    await edit.getByLabel('Label top offset').fill('20mm');
    await edit.getByRole('button', { name: 'Save printer' }).click();
    await expect.poll(() => edit.getByLabel('Label top offset').getAttribute('aria-invalid')).toBe('true');
    expect(
      await edit.getByText(/^20mm is 160 dots at 203 dpi; ZPL's \^LT moves the label at most 120 dots/).isVisible(),
    ).toBe(true);
    await edit.getByLabel('Label top offset').fill('1mm');
    await edit.getByLabel('Label left offset').fill('-0.5mm');
    await edit.getByRole('button', { name: 'Save printer' }).click();
    await expect.poll(() => edit.count()).toBe(0);

    const handling = 'Direct thermal (no ribbon), Peel off, Black mark, 1mm down, 0.5mm left';
    await expect.poll(() => printerRow('Dock 1').getByText(handling).count()).toBe(1);
    const stored = await editorApi<{ printers: EditorPrinter[] }>(editor.server, 'GET', '/api/printers');
    expect(stored.printers.find((listed) => listed.name === 'Dock 1')).toMatchObject({
      mediaType: 'direct-thermal',
      printMode: 'peel-off',
      mediaSensing: 'mark',
      topOffset: '1mm',
      leftOffset: '-0.5mm',
    });

    // Back through the Printers page and Settings to the designer.
    await page.goBack();
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Parcel tag');
    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByText(`Media: ${handling}`).count()).toBe(1);
    await chooseRecordsFile(dialog, { name: 'parcels.csv', mimeType: 'text/csv', buffer: Buffer.from(RECORDS_CSV) });
    await expect.poll(() => dialog.getByText('2 labels in all (2 per copy).').isVisible()).toBe(true);
    const before = receivedJobs().length;
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(printedLine(dialog), { timeout: 30_000, interval: 250 })
      .toBe('Printed: 2 labels sent to Dock 1.');
    // Each connection of the job: the settings format first (1 mm down is ^LT8, 0.5 mm left ^LS4 at 203 dpi), then labels.
    const jobs = receivedJobs().slice(before);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job.startsWith('^XA^MTD^MMP^MNM^LT8^LS4^XZ\n^XA')).toBe(true);
    expect(printedLabels(jobs.join(''))).toBe(2);
  });
});
