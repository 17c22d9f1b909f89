// A serial number set up with the inspector's counter control: the inspector, the preview and the printer agree on each label's value, before and after a print takes values.
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorApi } from '../test/support/chromium/editorServer';
import { chooseRecordsFile, openPrintDialog, printedLine } from '../test/support/chromium/printDialog';
import { openTemplate, printingEditorForFile } from '../test/support/chromium/printingEditor';

/** A 2x1 in tag whose one text, in the printer's font (its ^FD reaches the printer as written), becomes the serial. */
const TAG = {
  formatVersion: 1,
  meta: { name: 'Serial tag' },
  dimensions: { width: '2in', height: '1in' },
  elements: [
    {
      id: 'serial',
      type: 'text',
      position: { mode: 'absolute', x: '0.1in', y: '0.1in' },
      width: '1.8in',
      height: '0.4in',
      content: { text: 'serial' },
      style: { fontFamily: 'Printer 0', fontSize: '12pt' },
    },
  ],
};

const session = printingEditorForFile();
let templateId = '';

beforeAll(async () => {
  await editorApi(session.editor.server, 'POST', '/api/printers', {
    name: 'Dock',
    connection: { kind: 'raw', host: '127.0.0.1', port: session.printer.port },
  });
  templateId = (await editorApi<{ id: string }>(session.editor.server, 'POST', '/api/templates', { content: TAG })).id;
});

function sidePanel(): Locator {
  return session.page.getByRole('complementary', { name: 'Properties' });
}

/** Types into a number or text field of the inspector and applies it. */
async function setField(label: string, value: string): Promise<void> {
  const field = sidePanel().getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

describe('the counter control', () => {
  it('writes the serial, and the inspector, the preview and the printer show the same values', async () => {
    const { editor, page, printer } = session;
    await openTemplate(page, templateId, 'Serial tag');
    await sidePanel().getByLabel('Selected element').selectOption('serial');
    await sidePanel().getByRole('radio', { name: 'Counter' }).check();
    await setField('Counter name', 'parcel');
    await setField('Start', '1001');
    await setField('Prefix', 'SN-');
    const next = sidePanel().locator('.counter-fields [role="status"]');
    await expect.poll(() => next.textContent()).toMatch(/^Next label: SN-001001\./);
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).not.toBe('');
    await chooseRecordsFile(dialog, { name: 'boxes.csv', mimeType: 'text/csv', buffer: Buffer.from('box\n1\n2\n3\n') });
    await expect.poll(() => dialog.getByText('3 labels in all (3 per copy).').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(printedLine(dialog), { timeout: 30_000, interval: 250 }).toBe('Printed: 3 labels sent to Dock.');
    const received = printer.connections.map((connection) => connection.bytes.toString('utf8')).join('');
    expect(received.match(/\^FDSN-\d+\^FS/g)).toEqual(['^FDSN-001001^FS', '^FDSN-001002^FS', '^FDSN-001003^FS']);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The next label, as the inspector (and the canvas, from the same values) shows it and as the preview renders it.
    await expect
      .poll(() => next.textContent())
      .toMatch(/^Next label: SN-001004 \(the team has printed up to SN-001003\)\./);
    const saved = await editorApi<{ content: unknown }>(
      editor.server,
      'GET',
      `/api/templates/${encodeURIComponent(templateId)}`,
    );
    const preview = await fetch(`${editor.server.url}/api/preview`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${editor.server.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ template: saved.content, data: {}, format: 'zpl' }),
    });
    expect(await preview.text()).toContain('^FDSN-001004^FS');
  });
});
