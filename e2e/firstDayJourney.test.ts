// A new operator's first day in a real browser against a real `labelsmith serve`: the gallery holds the sample templates
// with their sample data, "4x6" finds that size under several vendors, and an Avery 5160 label whose text was typed on the
// canvas prints 30-up from position 7 to a PDF queue (a fake lp keeps what it is sent), read back from the PDF.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeLp, type FakeLp } from '../test/support/printing/fakeLp';
import { WORKSPACE_SAMPLES } from '@main/server/routes/editor/workspaceTeam';
import { loadSample } from '@main/samples/sampleTemplates';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { pdfInfo, pdfWords } from '../test/support/engine/pdfTestSupport';
import { zoomToFit } from '../test/support/chromium/canvasView';
import { editorApi, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';
import { chooseRecordsFile, openPrintDialog, printedLine } from '../test/support/chromium/printDialog';
import { sidePanel as sidePanelOf } from '../test/support/chromium/versionSteps';

/** Avery 5160 on US Letter: 2.625 x 1 in labels, 3 across and 10 down, from 0.1875 in left and 0.5 in top, 0.125 in apart across. */
const AVERY_5160 = {
  width: 2.625 * 72,
  height: 72,
  columns: 3,
  rows: 10,
  left: 0.1875 * 72,
  top: 0.5 * 72,
  pitchX: (2.625 + 0.125) * 72,
  pitchY: 72,
};
const START_AT = 7;
/** The labels from position 7 to the sheet's end. */
const RECORDS = AVERY_5160.columns * AVERY_5160.rows - START_AT + 1;
const TYPED_TEXT = 'Fragile';

let editor: SignedInEditor;
let page: Page;
let lp: FakeLp;
let templateName = '';

beforeAll(async () => {
  lp = fakeLp();
  // The server is a child process: it inherits the variable that points system queues at the fake lp.
  process.env.LABELSMITH_LP = lp.path;
  editor = await startSignedInEditor();
  page = editor.page;
});

afterAll(async () => {
  await editor?.close();
  delete process.env.LABELSMITH_LP;
  lp?.remove();
});

function sidePanel(): Locator {
  return sidePanelOf(page);
}

function cards(): Locator {
  return page.getByRole('list', { name: 'Templates' }).getByRole('article');
}

async function openNewLabelDialog(): Promise<Locator> {
  await page.getByRole('button', { name: 'New label' }).click();
  return page.getByRole('dialog', { name: 'New label' });
}

/** Which cell of the sheet (1 = top left, across then down) a point of the page is in; 0 when it is in none. */
function sheetPosition(x: number, y: number): number {
  const column = Math.floor((x - AVERY_5160.left) / AVERY_5160.pitchX);
  const row = Math.floor((y - AVERY_5160.top) / AVERY_5160.pitchY);
  const inCell =
    x - AVERY_5160.left - column * AVERY_5160.pitchX < AVERY_5160.width &&
    y - AVERY_5160.top - row * AVERY_5160.pitchY < AVERY_5160.height;
  const onSheet = column >= 0 && column < AVERY_5160.columns && row >= 0 && row < AVERY_5160.rows;
  return inCell && onSheet ? row * AVERY_5160.columns + column + 1 : 0;
}

// One journey: each step builds on the one before, so they run in order and stop at the first failure.
describe.sequential('first day journey', () => {
  it('opens a new workspace on the sample templates, each with its sample data', async () => {
    await expect.poll(() => page.getByRole('heading', { name: 'Templates' }).isVisible()).toBe(true);
    const samples = WORKSPACE_SAMPLES.map((name) => loadSample(name));
    const names = samples.map((sample) => (sample.template as { meta: { name: string } }).meta.name);
    await expect.poll(async () => (await cards().locator('h2').allTextContents()).sort()).toEqual([...names].sort());
    for (const [index, sample] of samples.entries()) {
      await cards().getByRole('link', { name: names[index], exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(names[index]);
      await sidePanel().getByRole('tab', { name: 'Data' }).click();
      await expect
        .poll(async () => JSON.parse((await sidePanel().getByLabel('Sample data').inputValue()) || 'null') as unknown)
        .toEqual(sample.data);
      await page.evaluate(() => {
        window.location.hash = '#/';
      });
      await expect.poll(() => cards().count()).toBe(samples.length);
    }
  });

  it('finds a 4x6 under more than one vendor, whatever unit the vendor sells it in', async () => {
    const dialog = await openNewLabelDialog();
    await dialog.getByLabel('Filter stocks').fill('4x6');
    const vendors = dialog.getByRole('group');
    await expect.poll(async () => (await vendors.allTextContents()).join(' ')).toMatch(/DK-11241/);
    const legends = await dialog.locator('fieldset.stock-group > legend').allTextContents();
    expect(legends).toEqual(expect.arrayContaining(['Zebra', 'Brother', 'Dymo']));
    // Every stock listed is 4 x 6 in, or its metric size (Brother's 102 x 152 mm), turned either way.
    const sizes = await dialog.locator('.stock-option .muted').allTextContents();
    expect(sizes.length).toBeGreaterThanOrEqual(legends.length);
    for (const size of sizes) expect(size).toMatch(/^(4 × 6 in|6 × 4 in|10[1-3] × 15[0-3] mm|15[0-3] × 10[1-3] mm)$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('makes an Avery 5160 template from the stock list and types its text on the canvas', async () => {
    const dialog = await openNewLabelDialog();
    await dialog.getByLabel('Filter stocks').fill('avery 5160');
    await dialog.getByRole('radio', { name: /^5160 / }).check();
    templateName = (await dialog.getByLabel('Template name').getAttribute('placeholder')) ?? '';
    expect(templateName).toMatch(/5160/);
    await dialog.getByRole('button', { name: 'Create label' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(templateName);

    const view = await zoomToFit(page, AVERY_5160);
    await page.getByRole('button', { name: 'Add text' }).click();
    const field = (label: string) => sidePanel().getByLabel(label, { exact: true });
    const id = await field('Element id').inputValue();
    const [x, y, width, height] = await Promise.all(
      ['X', 'Y', 'Width', 'Height'].map(async (label) => Number(await field(label).inputValue())),
    );
    const middle = view.onPage((x ?? 0) + (width ?? 0) / 2, (y ?? 0) + (height ?? 0) / 2);
    await page.mouse.dblclick(middle.x, middle.y);
    const typing = page.getByRole('textbox', { name: `Text of “${id}”` });
    await expect.poll(() => typing.isVisible()).toBe(true);
    await typing.fill(TYPED_TEXT);
    await typing.press('Enter');
    await expect.poll(() => typing.count()).toBe(0);
    await expect.poll(() => field('Content text').inputValue()).toBe(TYPED_TEXT);
  });

  it('prints it 30-up from label 7 to a PDF queue: positions 1 to 6 stay empty, 7 to 30 carry the typed text', async () => {
    const office = await editorApi<EditorPrinter>(editor.server, 'POST', '/api/printers', {
      name: 'Office',
      connection: { kind: 'system', queue: 'Office_Laser', rawQueue: false },
    });
    expect(office.connection).toEqual({ kind: 'system', queue: 'Office_Laser', rawQueue: false });
    const dialog = await openPrintDialog(page);
    await expect.poll(() => dialog.getByLabel('Printer', { exact: true }).inputValue()).toBe(office.id);
    const csv = ['n', ...Array.from({ length: RECORDS }, (_, index) => String(index + 1))].join('\r\n');
    await chooseRecordsFile(dialog, { name: 'parcels.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => dialog.getByText(`${RECORDS} labels in all (${RECORDS} per copy).`).isVisible()).toBe(true);
    await dialog.getByLabel('Start at label (1–30)').fill(String(START_AT));
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect
      .poll(printedLine(dialog), { timeout: 30_000, interval: 250 })
      .toBe(`Printed: ${RECORDS} labels sent to Office.`);

    expect(lp.args()).toEqual([['-d', 'Office_Laser']]);
    const [pdf = Buffer.alloc(0)] = lp.jobs();
    expect(await pdfInfo(pdf)).toMatch(/Pages:\s+1\n[\s\S]*Page size:\s+612 x 792 pts \(letter\)/);
    const words = await pdfWords(pdf);
    // The text typed on the canvas, and nothing else (not the text a new text element starts with).
    expect(new Set(words.map((word) => word.text))).toEqual(new Set([TYPED_TEXT]));
    const positions = words.map((word) => sheetPosition(word.x, word.y));
    expect(positions).toEqual(Array.from({ length: RECORDS }, (_, index) => START_AT + index));
  });
});
