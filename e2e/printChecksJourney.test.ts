// The print dialog checks every record as the job will (a record whose barcode cannot be drawn is named before Print is enabled, and printing the others sends exactly them), and messages stay with the screen they are about.
import { beforeAll, describe, expect, it } from 'vitest';
import { editorApi } from '../test/support/chromium/editorServer';
import { chooseRecordsFile, openPrintDialog, printedLine } from '../test/support/chromium/printDialog';
import { openTemplate, printingEditorForFile } from '../test/support/chromium/printingEditor';

/** A 2x1 in tag: the name in the printer's font (its ^FD reaches the printer as written), the SKU as a code128. */
const TAG = {
  formatVersion: 1,
  meta: { name: 'Checked tag' },
  dimensions: { width: '2in', height: '1in' },
  elements: [
    {
      id: 'name',
      type: 'text',
      position: { mode: 'absolute', x: '0.1in', y: '0.08in' },
      width: '1.8in',
      height: '0.3in',
      content: { expression: 'data.name' },
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
/** Record 2 has no SKU: a code128 of nothing cannot be drawn, and the job would refuse it. */
const RECORDS_CSV = 'name,sku\nAlpha,A-1\nBravo,\nCharlie,C-3\nDelta,D-4\n';

const session = printingEditorForFile();

beforeAll(async () => {
  await editorApi(session.editor.server, 'POST', '/api/printers', {
    name: 'Dock',
    connection: { kind: 'raw', host: '127.0.0.1', port: session.printer.port },
  });
});

describe('the print dialog checks every record', () => {
  it('names the record the job would refuse, keeps Print off until it is skipped, then sends exactly the chosen others', async () => {
    const { editor, page, printer } = session;
    const template = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: TAG });
    await openTemplate(page, template.id, 'Checked tag');
    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('');
    await chooseRecordsFile(dialog, { name: 'tags.csv', mimeType: 'text/csv', buffer: Buffer.from(RECORDS_CSV) });
    // Records 1, 2 and 4 of the file: a list of ranges.
    await dialog.getByLabel('Record range').fill('1-2,4');
    const refused = dialog.getByRole('alert').filter({ hasText: 'cannot be printed' });
    await expect
      .poll(() => refused.textContent())
      .toMatch(/^1 record cannot be printed, as the job would refuse it:record 2: barcode "sku"/);
    const print = dialog.getByRole('button', { name: 'Print', exact: true });
    expect(await print.isDisabled()).toBe(true);

    await refused.getByRole('checkbox', { name: 'Print the other 2 records, without these' }).check();
    await expect.poll(() => dialog.getByText('2 labels in all (2 per copy).').isVisible()).toBe(true);
    expect(await print.isDisabled()).toBe(false);
    await print.click();
    await expect.poll(printedLine(dialog), { timeout: 30_000, interval: 250 }).toBe('Printed: 2 labels sent to Dock.');
    const received = printer.connections.map((connection) => connection.bytes.toString('utf8')).join('');
    // Exactly records 1 and 4, once each; not the refused record 2, nor record 3 outside the range.
    expect(['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) => received.split(`^FD${name}^FS`).length - 1)).toEqual([
      1, 0, 0, 1,
    ]);
  });
});

describe('a job stuck on a printer', () => {
  it('is cancelled from the print dialog that sent it: the line says so and nothing reaches the printer', async () => {
    const { editor, page, printer } = session;
    const template = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', {
      content: { ...TAG, meta: { name: 'Stuck tag' } },
    });
    await openTemplate(page, template.id, 'Stuck tag');
    printer.setState('paperOut');
    const sentBefore = printer.connections.filter((connection) =>
      connection.bytes.toString('utf8').includes('^XA'),
    ).length;
    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('');
    await chooseRecordsFile(dialog, {
      name: 'one.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,sku\nEcho,E-5\n'),
    });
    await expect.poll(() => dialog.getByText('1 label in all (1 per copy).').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('status').filter({ hasText: /Dock/ }).textContent(), { timeout: 30_000 })
      .toMatch(/reports paper out/);
    await dialog.getByRole('button', { name: 'Cancel this job' }).click();
    await expect
      .poll(() =>
        dialog
          .getByRole('alert')
          .filter({ hasText: /^Cancelled/ })
          .textContent(),
      )
      .toBe('Cancelled: the label was not sent to Dock.');
    // Print is offered again: the dialog no longer waits on the job.
    expect(await dialog.getByRole('button', { name: 'Print', exact: true }).isDisabled()).toBe(false);
    printer.setState('ready');
    const sent = printer.connections.filter((connection) => connection.bytes.toString('utf8').includes('^XA')).length;
    expect(sent).toBe(sentBefore);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

describe('messages belong to their screen', () => {
  it('shows a ZPL import’s warning on the template it made, and not on the next template opened', async () => {
    const { editor, page } = session;
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    await page.getByRole('button', { name: 'Import ZPL…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import ZPL as template' });
    // ^QQ is no command: the import carries the rest and warns.
    await dialog.getByLabel('ZPL', { exact: true }).fill('^XA^FO20,20^A0N,30,30^FDImported^FS^QQ^XZ');
    await dialog.getByLabel('Template name').fill('With a warning');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('With a warning');
    const alert = page.locator('.notice-bar [role="alert"]');
    await expect.poll(() => alert.textContent()).toMatch(/^Imported “With a warning” with 1 warning: .*\^QQ/);
    const other = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: TAG });
    await openTemplate(page, other.id, 'Checked tag');
    expect(await alert.textContent()).toBe('');
  });
});
