// An operator's day in a real browser against a real `labelsmith serve` and the fake ZPL printer: declare the lot number as a
// prompted field in the Data tab's form, load an Excel sheet with a title row and choose its header row, map two columns, step
// the preview, print records 2 to 4 with a prompted lot number, cancel a job, reprint label 3 with its serial, open another
// template (the sheet stays with the pallet tag), then publish a second version, compare it with the first and restore the first.
import { utils, write } from '@e965/xlsx';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeZplPrinter, type FakeZplPrinter } from '../test/support/printing/fakeZplPrinter';
import { printedLabels } from '../test/support/printing/printingTestSupport';
import { editorApi, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';
import { openPrintDialog, printedLine } from '../test/support/chromium/printDialog';
import { openCompare, publishVersion, restoreVersion, sidePanel } from '../test/support/chromium/versionSteps';

const printerFont = { fontFamily: 'Printer 0', fontSize: '10pt' };
const text = (id: string, y: number, expression: string) => ({
  id,
  type: 'text',
  position: { mode: 'absolute', x: '0.1in', y: `${y}in` },
  width: '1.8in',
  height: '0.25in',
  content: { expression },
  // The printer's font 0: the values reach the printer as field data (^FD), which the test reads back.
  style: printerFont,
});

/** A pallet tag: customer and lot, article, and a serial from a counter; the journey declares "lot" as asked at print time. */
const PALLET_TAG = {
  formatVersion: 1,
  meta: { name: 'Pallet tag' },
  dimensions: { width: '2in', height: '1in' },
  elements: [
    text('name', 0.05, "data.name + ' ' + data.lot"),
    text('sku', 0.35, "'ART ' + data.sku"),
    text('serial', 0.65, '\'SN \' + counter("pallet", {start: 501})'),
  ],
};

/**
 * The purchasing workbook: on its first sheet a title above the header row, headers that are not the template's field
 * names, and record 5 without a customer; last week's wave on a second sheet.
 */
function purchasingSheet(): Buffer {
  const book = utils.book_new();
  const rows = [
    ['Wave 47 from purchasing'],
    ['Customer', 'Article', 'Notes'],
    ['Ada', 1001, 'a'],
    ['Grace', 1002, 'b'],
    ['Edsger', 1003, 'c'],
    ['Barbara', 1004, 'd'],
    ['', 1005, 'e'],
  ];
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Wave');
  utils.book_append_sheet(
    book,
    utils.aoa_to_sheet([['Wave 46 from purchasing'], ['Customer', 'Article', 'Notes'], ['Alan', 999, 'z']]),
    'Archive',
  );
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

let editor: SignedInEditor;
let page: Page;
let printer: FakeZplPrinter;
let templateId: string;
const PRINTED = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  printer = await startFakeZplPrinter();
  editor = await startSignedInEditor();
  page = editor.page;
  await editorApi(editor.server, 'POST', '/api/printers', {
    name: 'Dock',
    connection: { kind: 'raw', host: '127.0.0.1', port: printer.port },
  });
  templateId = (await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: PALLET_TAG })).id;
  await editorApi(editor.server, 'PATCH', `/api/templates/${templateId}`, { status: 'published', note: 'first wave' });
});

afterAll(async () => {
  await editor?.close();
  await printer?.close();
});

/** The field data of every label the printer received, in order (status questions left out). */
function receivedFields(): string[] {
  const sent = printer.connections.map((connection) => connection.bytes.toString('utf8')).join('');
  return [...sent.matchAll(/\^FD(.*?)\^FS/g)].map((match) => match[1] ?? '');
}

function receivedLabels(): number {
  return printedLabels(printer.connections.map((connection) => connection.bytes.toString('utf8')).join(''));
}

function dataPanel(): Locator {
  return sidePanel(page);
}

async function openTemplate(): Promise<void> {
  await page.evaluate((id) => {
    window.location.hash = `#/templates/${encodeURIComponent(id)}`;
  }, templateId);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pallet tag');
}

describe.sequential('operator day journey', () => {
  it('declares the lot number as a prompted field in the Data tab; what is wrong with a prompt is said beside its field', async () => {
    await openTemplate();
    await dataPanel().getByRole('tab', { name: 'Data' }).click();
    const section = dataPanel().getByRole('region', { name: 'Asked at print time' });
    await section.getByRole('button', { name: 'Add prompted field' }).click();
    const lot = section.getByRole('group', { name: 'Prompted field 1' });
    // Named after the first field the label shows; the designer renames it.
    expect(await lot.getByLabel('Name').inputValue()).toBe('name');
    await lot.getByLabel('Name').fill('lot');
    await lot.getByLabel('Label').fill('Lot number');
    await lot.getByLabel('Default').fill('L-0');

    await section.getByRole('button', { name: 'Add prompted field' }).click();
    const second = section.getByRole('group', { name: 'Prompted field 2' });
    await second.getByLabel('Name').fill('lot');
    await expect.poll(() => second.getByText('duplicate prompt "lot"').count()).toBe(1);
    await second.getByLabel('Name').fill('lot number');
    await expect.poll(() => second.getByText('must be a field name such as "lot" or "origin.site"').count()).toBe(1);
    expect(await second.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await second.getByLabel('Type').selectOption('number');
    await second.getByLabel('Default').fill('many');
    await expect.poll(() => second.getByText('must be a number, got "many"').count()).toBe(1);
    await second.getByLabel('Label').fill('');
    await expect.poll(() => second.getByText('must not be empty').count()).toBe(1);
    await section.getByRole('button', { name: 'Remove prompted field 2' }).click();
    expect(await second.count()).toBe(0);
    expect(await lot.locator('.error-text').count()).toBe(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count()).toBe(1);
    const stored = await editorApi<{ content: { prompts?: unknown } }>(
      editor.server,
      'GET',
      `/api/templates/${templateId}`,
    );
    expect(stored.content.prompts).toEqual([{ name: 'lot', label: 'Lot number', type: 'text', default: 'L-0' }]);
  });

  it('loads the purchasing workbook in the Data tab, reads its header from row 2, offers its other sheet: a table of its records, and fields it does not fill named by record', async () => {
    await dataPanel().getByLabel('Load a sheet (Excel, OpenDocument or CSV)').setInputFiles({
      name: 'wave.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: purchasingSheet(),
    });
    // Read with the title as the header row, the sheet has one column and six records; row 2 names the columns.
    await expect.poll(() => dataPanel().getByText('6 records from wave.xlsx, sheet “Wave”').count()).toBe(1);
    const table = dataPanel().getByRole('grid', { name: 'Records of wave.xlsx' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['#', 'Wave 47 from purchasing']);
    await dataPanel().getByLabel('Header row').fill('2');
    await expect.poll(() => dataPanel().getByText('5 records from wave.xlsx, sheet “Wave”').count()).toBe(1);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['#', 'Customer', 'Article', 'Notes']);
    expect(await table.getByRole('row').nth(2).getByRole('gridcell').allTextContents()).toEqual(['Grace', '1002', 'b']);
    // The other sheet is read with the same header row; back to this week's.
    const sheetChoice = dataPanel().getByRole('combobox', { name: 'Sheet', exact: true });
    expect(await sheetChoice.locator('option').allTextContents()).toEqual(['Wave', 'Archive']);
    await sheetChoice.selectOption('Archive');
    await expect.poll(() => dataPanel().getByText('1 record from wave.xlsx, sheet “Archive”').count()).toBe(1);
    expect(await table.getByRole('row').nth(1).getByRole('gridcell').allTextContents()).toEqual(['Alan', '999', 'z']);
    await sheetChoice.selectOption('Wave');
    await expect.poll(() => dataPanel().getByText('5 records from wave.xlsx, sheet “Wave”').count()).toBe(1);
    // Nothing maps yet: each record leaves name and sku empty (lot is prompted, not mapped).
    const empty = dataPanel().getByRole('list', { name: 'Empty fields' });
    expect(await empty.getByRole('listitem').first().textContent()).toBe('Record 1: field “name” is not filled');
    expect(await dataPanel().getByLabel('Column for lot').count()).toBe(0);
  });

  it('maps two columns; the mapping is saved with the template and only record 5 still lacks a customer', async () => {
    await dataPanel().getByLabel('Column for name').selectOption('Customer');
    await dataPanel().getByLabel('Column for sku').selectOption('Article');
    const empty = dataPanel().getByRole('list', { name: 'Empty fields' });
    await expect
      .poll(() => empty.getByRole('listitem').allTextContents())
      .toEqual(['Record 5: field “name” is not filled']);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count()).toBe(1);
    const stored = await editorApi<{ content: { meta: { columnMap?: Record<string, string> } } }>(
      editor.server,
      'GET',
      `/api/templates/${templateId}`,
    );
    expect(stored.content.meta.columnMap).toEqual({ name: 'Customer', sku: 'Article' });
  });

  it('steps the preview record by record', async () => {
    const status = dataPanel().getByRole('group', { name: 'Records' }).getByRole('status');
    expect(await status.textContent()).toBe('Record 1 of 5');
    await dataPanel().getByRole('button', { name: 'Next record' }).click();
    await dataPanel().getByRole('button', { name: 'Next record' }).click();
    expect(await status.textContent()).toBe('Record 3 of 5');
    await dataPanel().getByRole('button', { name: 'Previous record' }).click();
    expect(await status.textContent()).toBe('Record 2 of 5');
    const rows = dataPanel().getByRole('grid', { name: 'Records of wave.xlsx' }).getByRole('row');
    expect(await rows.nth(2).getAttribute('aria-selected')).toBe('true');
    // The Preview tab renders the record the canvas shows.
    await dataPanel().getByRole('tab', { name: 'Preview' }).click();
    await expect.poll(() => dataPanel().getByText('Rendered with record 2.').count(), PRINTED).toBe(1);
    await dataPanel().getByRole('tab', { name: 'Data' }).click();
  });

  it('prints records 2 to 4 with a prompted lot number: three labels with their serials; warnings name record 5 first', async () => {
    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('');
    expect(
      await dialog.getByRole('radio', { name: 'Records of the sheet in the Data tab (wave.xlsx, 5)' }).isChecked(),
    ).toBe(true);
    await dialog.getByLabel('Record range').fill('4-5');
    const warnings = dialog.getByRole('list', { name: 'Warnings before printing' });
    await expect.poll(() => warnings.textContent()).toContain('Record 5: field "name" is not filled');

    await dialog.getByLabel('Record range').fill('2-4');
    await dialog.getByLabel('Lot number').fill('L-77');
    await expect.poll(() => dialog.getByText('3 labels in all (3 per copy).').isVisible()).toBe(true);
    expect(await warnings.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(printedLine(dialog), PRINTED).toBe('Printed: 3 labels sent to Dock.');
    expect(receivedLabels()).toBe(3);
    expect(receivedFields()).toEqual([
      'Grace L-77',
      'ART 1002',
      'SN 501',
      'Edsger L-77',
      'ART 1003',
      'SN 502',
      'Barbara L-77',
      'ART 1004',
      'SN 503',
    ]);
  });

  it('cancels a job that waits on a printer out of paper: nothing reaches the printer', async () => {
    const dialog = page.getByRole('dialog', { name: 'Print' });
    printer.setState('paperOut');
    await dialog.getByLabel('Record range').fill('1');
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('status').filter({ hasText: /Dock/ }).textContent(), PRINTED)
      .toMatch(/Retrying after: printer "Dock" reports paper out\.$/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // From the designer through Settings to the Printers page, as the main navigation goes.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Printers' }).click();
    await page.getByRole('button', { name: 'Print history of Dock' }).click();
    const history = page.getByRole('dialog', { name: 'Print history: Dock' });
    const jobs = history.getByRole('table', { name: 'Print jobs of Dock' }).getByRole('row');
    await expect.poll(() => jobs.count()).toBe(3);
    await jobs.nth(1).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => jobs.nth(1).textContent()).toMatch(/cancelled/i);
    printer.setState('ready');
    expect(receivedLabels()).toBe(3);
  });

  it('reprints label 3 of the first job with its serial; the counter does not move', async () => {
    const history = page.getByRole('dialog', { name: 'Print history: Dock' });
    const jobs = history.getByRole('table', { name: 'Print jobs of Dock' }).getByRole('row');
    await jobs.nth(2).getByRole('button', { name: 'Reprint…' }).click();
    const reprint = page.getByRole('dialog', { name: 'Reprint labels' });
    await reprint.getByLabel('Labels (empty: all)').fill('3');
    await expect.poll(() => reprint.getByRole('status').textContent()).toBe('1 label will print.');
    await reprint.getByRole('button', { name: 'Reprint' }).click();
    await expect.poll(() => receivedLabels(), PRINTED).toBe(4);
    expect(receivedFields().slice(9)).toEqual(['Barbara L-77', 'ART 1004', 'SN 503']);
    await page.keyboard.press('Escape');
    await expect.poll(() => history.count()).toBe(0);
  });

  it('keeps the sheet with the pallet tag: another template opens without it and cannot print its records, and the pallet tag gets it back', async () => {
    const carton = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
      content: { ...PALLET_TAG, meta: { name: 'Carton tag' } },
    });
    await page.evaluate((id) => {
      window.location.hash = `#/templates/${encodeURIComponent(id)}`;
    }, carton.id);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Carton tag');
    await dataPanel().getByRole('tab', { name: 'Data' }).click();
    await expect.poll(() => dataPanel().getByLabel('Load a sheet (Excel, OpenDocument or CSV)').count()).toBe(1);
    expect(await dataPanel().getByRole('grid', { name: 'Records of wave.xlsx' }).count()).toBe(0);
    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('');
    expect(await dialog.getByRole('radio', { name: /Records of the sheet in the Data tab/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await openTemplate();
    await dataPanel().getByRole('tab', { name: 'Data' }).click();
    await expect
      .poll(() => dataPanel().getByRole('group', { name: 'Records' }).getByRole('status').textContent())
      .toBe('Record 2 of 5');
  });

  it('publishes the mapped draft with its prompt as version 2, compares it with version 1, and restores version 1', async () => {
    await openTemplate();
    await publishVersion(page, 2, 'columns mapped');
    const compare = await openCompare(page, 1, 2);
    await compare.getByRole('button', { name: 'Close' }).click();
    await restoreVersion(page, 1, 3);
    const stored = await editorApi<{
      content: { meta: { columnMap?: unknown }; prompts?: unknown };
      latestVersion: number;
    }>(editor.server, 'GET', `/api/templates/${templateId}`);
    expect(stored.latestVersion).toBe(3);
    expect(stored.content.meta.columnMap).toBeUndefined();
    expect(stored.content.prompts).toBeUndefined();
  });
});
