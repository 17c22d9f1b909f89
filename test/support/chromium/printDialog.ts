// e2e support: the editor's print dialog opened from the canvas (Ctrl+P), a records file chosen in it, and its "Printed: …" line.
import type { Locator, Page } from 'playwright-core';

/** Opens the print dialog as an operator does, Ctrl+P on the canvas; the dialog. */
export async function openPrintDialog(page: Page): Promise<Locator> {
  await page.getByRole('application', { name: 'Label canvas' }).focus();
  await page.keyboard.press('Control+P');
  return page.getByRole('dialog', { name: 'Print' });
}

/** Prints the records of a file: the dialog's file choice, then the file. */
export async function chooseRecordsFile(
  dialog: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await dialog.getByRole('radio', { name: 'Records from a file (Excel, OpenDocument, CSV or JSON)' }).check();
  await dialog.getByLabel('Records file').setInputFiles(file);
}

/** The job's "Printed: …" line, for expect.poll to wait on (null until the job is done). */
export function printedLine(dialog: Locator): () => Promise<string | null> {
  return () =>
    dialog
      .getByRole('status')
      .filter({ hasText: /^Printed: / })
      .textContent();
}
