// The editor's journey in a real browser against a real `labelsmith serve`: design a 4x6 label with the mouse, export
// it, publish it and render it through the public API with a key made in Settings. Each step checks what it changed.
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';
import { decodePng, inkAgreement, inkMap, inkShare, readCode128, type Raster } from '../test/support/chromium/pixels';

/** UPDATE_SCREENSHOTS=1 writes the README's editor, gallery and settings pictures into resources/docs/; normal runs leave the tree alone. */
const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
const DOCS_DIR = resolve(REPO_ROOT, 'resources/docs');

const LABEL_POINTS = { width: 4 * 72, height: 6 * 72 };
/** fitToView's margin around the label, in stage pixels. */
const FIT_MARGIN = 24;
/** The PNG the preview renders by default: the canvas's resolution, 203 dpi without a printer. */
const PREVIEW_DPI = 203;

let editor: SignedInEditor;
let page: Page;

async function screenshotForDocs(name: string): Promise<void> {
  if (!UPDATE_SCREENSHOTS) return;
  mkdirSync(DOCS_DIR, { recursive: true });
  await page.screenshot({ path: resolve(DOCS_DIR, name), type: 'png' });
}

function sidePanel(): Locator {
  return page.getByRole('complementary', { name: 'Properties' });
}

function field(label: string): Locator {
  return sidePanel().getByLabel(label, { exact: true });
}

/**
 * The selected element's id, or '' when the inspector shows the label (nothing selected). Answers at once rather than
 * waiting for the field, so a poll on it fails with what it saw instead of hanging until the test times out.
 */
async function selectedElementId(): Promise<string> {
  const idField = field('Element id');
  return (await idField.count()) > 0 ? idField.inputValue() : '';
}

async function numberIn(label: string): Promise<number> {
  return Number(await field(label).inputValue());
}

interface ElementBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The selected element's geometry from the inspector, in inches (the 4x6 template's unit). */
async function inspectorBox(): Promise<ElementBox> {
  return {
    x: await numberIn('X'),
    y: await numberIn('Y'),
    width: await numberIn('Width'),
    height: await numberIn('Height'),
  };
}

interface StageView {
  /** The stage's top-left corner on the page. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Screen pixels per point and the label's top-left corner on the stage, as "Zoom to fit" sets them. */
  zoom: number;
  panX: number;
  panY: number;
}

/** Where the label is on screen after "Zoom to fit": the editor's own fitToView arithmetic over the stage's size. */
async function stageView(): Promise<StageView> {
  const box = await page.getByRole('application', { name: 'Label canvas' }).locator('canvas').first().boundingBox();
  if (!box) throw new Error('the canvas is not visible');
  const zoom = Math.min(
    (box.width - 2 * FIT_MARGIN) / LABEL_POINTS.width,
    (box.height - 2 * FIT_MARGIN) / LABEL_POINTS.height,
  );
  return {
    left: box.x,
    top: box.y,
    width: box.width,
    height: box.height,
    zoom,
    panX: (box.width - LABEL_POINTS.width * zoom) / 2,
    panY: (box.height - LABEL_POINTS.height * zoom) / 2,
  };
}

/** A point of the label in inches, on the page. */
function toPage(view: StageView, xIn: number, yIn: number): { x: number; y: number } {
  return { x: view.left + view.panX + xIn * 72 * view.zoom, y: view.top + view.panY + yIn * 72 * view.zoom };
}

/** Screen pixels as inches at the view's zoom. */
function pixelsToInches(view: StageView, pixels: number): number {
  return pixels / view.zoom / 72;
}

/** A mouse drag in small steps, as a hand does it (Konva starts a drag only after the pointer moves). */
async function drag(from: { x: number; y: number }, by: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by.x / 2, from.y + by.y / 2, { steps: 5 });
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 5 });
  await page.mouse.up();
}

function centre(box: ElementBox): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A rectangle in inches as pixels of a raster that shows the whole 4x6 label. */
function inRaster(raster: Raster, box: ElementBox): ElementBox {
  const sx = raster.width / 4;
  const sy = raster.height / 6;
  return { x: box.x * sx, y: box.y * sy, width: box.width * sx, height: box.height * sy };
}

let templateId = '';
let textBox: ElementBox;
let barcodeBox: ElementBox;
let previewPng: Raster;
let apiKey = '';

beforeAll(async () => {
  editor = await startSignedInEditor();
  page = editor.page;
});

afterAll(async () => {
  await editor?.close();
});

// One journey: each step builds on the one before, so they run in order and stop at the first failure.
describe.sequential('editor journey', () => {
  it('opens a new workspace on the sample templates, and finds a 4x6 under every vendor', async () => {
    await expect.poll(() => page.getByRole('heading', { name: 'Templates' }).isVisible()).toBe(true);
    const cards = page.getByRole('list', { name: 'Templates' }).getByRole('article');
    await expect
      .poll(async () => (await cards.allTextContents()).join(' '))
      .toMatch(/Shipping label 4x6[\s\S]*Asset tag 2x1\.25|Asset tag 2x1\.25[\s\S]*Shipping label 4x6/);
    await page.getByRole('button', { name: 'New label' }).click();
    const dialog = page.getByRole('dialog', { name: 'New label' });
    await dialog.getByLabel('Filter stocks').fill('4x6');
    // Zebra's 4 × 6 in, Dymo's 4XL and Brother's 102 × 152 mm: the same size, whatever the vendor's unit.
    await expect.poll(() => dialog.getByRole('radio', { name: /DK-11241/ }).count()).toBe(1);
    await expect.poll(() => dialog.getByRole('radio', { name: /1744907/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates a 4x6 in template from the stock preset', async () => {
    await page.getByRole('button', { name: 'New label' }).click();
    const dialog = page.getByRole('dialog', { name: 'New label' });
    await dialog.getByLabel('Template name').fill('Journey label');
    await dialog.getByLabel('Filter stocks').fill('4x6');
    await dialog.getByRole('radio', { name: '4 × 6 in' }).first().check();
    await dialog.getByRole('button', { name: 'Create label' }).click();

    await page.waitForURL(/#\/templates\/[^/]+$/);
    templateId = decodeURIComponent(/#\/templates\/([^/]+)$/.exec(page.url())?.[1] ?? '');
    expect(templateId).not.toBe('');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Journey label');
    await page.getByRole('application', { name: 'Label canvas' }).locator('canvas').first().waitFor();
    // Nothing selected: the inspector shows the label itself, 4 × 6 in.
    expect(await numberIn('Width')).toBe(4);
    expect(await numberIn('Height')).toBe(6);
    expect(await field('Unit').inputValue()).toBe('in');
  });

  it('adds a text bound to data.name and a code128 barcode bound to data.sku', async () => {
    const toolbar = page.getByRole('toolbar', { name: 'Editing tools' });
    // Exact offsets below: smart guides would pull a drag onto the label's centre lines.
    const snap = toolbar.getByRole('button', { name: 'Snap' });
    if ((await snap.getAttribute('aria-pressed')) === 'true') await snap.click();
    await expect.poll(() => snap.getAttribute('aria-pressed')).toBe('false');
    await toolbar.getByRole('button', { name: 'Zoom to fit' }).click();

    await toolbar.getByRole('button', { name: 'Add text' }).click();
    await expect.poll(selectedElementId).toMatch(/text/i);
    await sidePanel().getByRole('radio', { name: 'Expression' }).check();
    await field('Content expression').fill('data.name');
    await field('Content expression').press('Enter');
    expect(await field('Content expression').inputValue()).toBe('data.name');
    await field('Font size').fill('16');
    await field('Font size').press('Enter');
    expect(await numberIn('Font size')).toBe(16);
    textBox = await inspectorBox();

    await toolbar.getByRole('button', { name: 'Add barcode' }).click();
    await expect.poll(selectedElementId).toMatch(/barcode/i);
    await field('Symbology').selectOption('code128');
    await sidePanel().getByRole('radio', { name: 'Expression' }).check();
    await field('Content expression').fill('data.sku');
    await field('Content expression').press('Enter');
    expect(await field('Symbology').inputValue()).toBe('code128');
    expect(await field('Content expression').inputValue()).toBe('data.sku');
    barcodeBox = await inspectorBox();
  });

  it('moves and resizes elements with the mouse on the canvas', async () => {
    const view = await stageView();
    // The text is at the label's centre, the barcode (selected) just clear of it where there was room. Drag it 190 px down.
    const moveBarcode = { x: 0, y: 190 };
    const grabBarcode = toPage(view, centre(barcodeBox).x, centre(barcodeBox).y);
    await drag(grabBarcode, moveBarcode);
    await expect.poll(() => numberIn('Y')).toBeCloseTo(barcodeBox.y + pixelsToInches(view, moveBarcode.y), 1);
    const moved = await inspectorBox();
    expect(Math.abs(moved.y - (barcodeBox.y + pixelsToInches(view, moveBarcode.y)))).toBeLessThan(0.02);
    expect(moved.x).toBe(barcodeBox.x);
    expect(moved.width).toBe(barcodeBox.width);
    barcodeBox = moved;

    // The text is alone at the centre now: click selects it, then drag it up and left.
    const grabText = toPage(view, centre(textBox).x, centre(textBox).y);
    await page.mouse.click(grabText.x, grabText.y);
    await expect.poll(selectedElementId).toMatch(/text/i);
    const before = await inspectorBox();
    const moveText = { x: -60, y: -150 };
    await drag(grabText, moveText);
    await expect.poll(() => numberIn('X')).toBeCloseTo(before.x + pixelsToInches(view, moveText.x), 1);
    textBox = await inspectorBox();
    expect(Math.abs(textBox.x - (before.x + pixelsToInches(view, moveText.x)))).toBeLessThan(0.02);
    expect(Math.abs(textBox.y - (before.y + pixelsToInches(view, moveText.y)))).toBeLessThan(0.02);

    // The transformer's middle-right handle widens the text by 80 px.
    const handle = toPage(view, textBox.x + textBox.width, textBox.y + textBox.height / 2);
    const widen = 80;
    await drag(handle, { x: widen, y: 0 });
    await expect.poll(() => numberIn('Width')).not.toBe(textBox.width);
    const resized = await inspectorBox();
    expect(Math.abs(resized.width - (textBox.width + pixelsToInches(view, widen)))).toBeLessThan(0.03);
    expect(resized.x).toBeCloseTo(textBox.x, 2);
    expect(resized.height).toBeCloseTo(textBox.height, 2);

    // Undo takes the resize back, then the move; redo puts both back.
    const history = page.getByRole('toolbar', { name: 'Editing tools' });
    await history.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => numberIn('Width')).toBe(textBox.width);
    await history.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => numberIn('X')).toBe(before.x);
    expect(await numberIn('Y')).toBe(before.y);
    await history.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => numberIn('X')).toBe(textBox.x);
    await history.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => numberIn('Width')).toBe(resized.width);
    textBox = resized;
  });

  it('snaps a resize to the edge of another element', async () => {
    const view = await stageView();
    const toolbar = page.getByRole('toolbar', { name: 'Editing tools' });
    const snap = toolbar.getByRole('button', { name: 'Snap' });
    await snap.click();
    await expect.poll(() => snap.getAttribute('aria-pressed')).toBe('true');
    const grabBarcode = toPage(view, centre(barcodeBox).x, centre(barcodeBox).y);
    await page.mouse.click(grabBarcode.x, grabBarcode.y);
    await expect.poll(selectedElementId).toMatch(/barcode/i);

    // The barcode's middle-right handle, dropped 3 px past the right edge of the text above it: a line within 6 px.
    const textRight = textBox.x + textBox.width;
    const handle = toPage(view, barcodeBox.x + barcodeBox.width, barcodeBox.y + barcodeBox.height / 2);
    const dropX = toPage(view, textRight, 0).x + 3;
    const dropIn = textRight + pixelsToInches(view, 3);
    // No other line (label edges, centre, safe margin, the text's left edge and centre) is as near: the text's edge must win.
    const otherLines = [0, 0.08, 2, 3.92, 4, textBox.x, textBox.x + textBox.width / 2];
    expect(Math.min(...otherLines.map((line) => Math.abs(line - dropIn)))).toBeGreaterThan(pixelsToInches(view, 6));
    await drag(handle, { x: dropX - handle.x, y: 0 });
    await expect.poll(() => numberIn('Width')).not.toBe(barcodeBox.width);
    const resized = await inspectorBox();
    // The left edge stays (to the transformer's rounding, as for the resize above).
    expect(resized.x).toBeCloseTo(barcodeBox.x, 2);
    // Snapped: its right edge is the text's (to the inspector's 0.001 in per value), not where the mouse let go (0.03 in further).
    expect(Math.abs(resized.x + resized.width - textRight)).toBeLessThanOrEqual(0.003);
    expect(Math.abs(resized.x + resized.width - dropIn)).toBeGreaterThan(0.02);
    expect(resized.height).toBe(barcodeBox.height);
    barcodeBox = resized;
    // The text is selected again for the next steps.
    const grabText = toPage(view, centre(textBox).x, centre(textBox).y);
    await page.mouse.click(grabText.x, grabText.y);
    await expect.poll(selectedElementId).toMatch(/text/i);
  });

  it('types a text on the canvas after a double click: Enter keeps it, Escape puts it back, an expression opens the inspector', async () => {
    const view = await stageView();
    await page.getByRole('button', { name: 'Add text' }).click();
    const addedId = await selectedElementId();
    const added = await inspectorBox();
    const middle = toPage(view, centre(added).x, centre(added).y);
    const content = sidePanel().getByLabel('Content text', { exact: true });
    const before = await content.inputValue();

    await page.mouse.dblclick(middle.x, middle.y);
    const editor = page.getByRole('textbox', { name: `Text of “${addedId}”` });
    await expect.poll(() => editor.isVisible()).toBe(true);
    await editor.fill('Fragile');
    await editor.press('Enter');
    await expect.poll(() => editor.count()).toBe(0);
    await expect.poll(() => content.inputValue()).toBe('Fragile');

    await page.mouse.dblclick(middle.x, middle.y);
    await editor.fill('Not this');
    await editor.press('Escape');
    await expect.poll(() => editor.count()).toBe(0);
    expect(await content.inputValue()).toBe('Fragile');
    // One undo step for the typing: Ctrl+Z brings back the text it had before.
    await page.getByRole('application', { name: 'Label canvas' }).focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => content.inputValue()).toBe(before);

    // The data-bound text is not typed over: the inspector says where its expression is edited.
    await page.keyboard.press('Delete');
    const bound = toPage(view, centre(textBox).x, centre(textBox).y);
    await page.mouse.dblclick(bound.x, bound.y);
    await expect
      .poll(() => page.getByText(/shows an expression: edit it under Content in the inspector/).count())
      .toBe(1);
    expect(await page.getByRole('textbox', { name: /^Text of/ }).count()).toBe(0);
    await expect.poll(selectedElementId).toMatch(/text/i);
  });

  it('uses sample data from the Data tab and saves', async () => {
    await sidePanel().getByRole('tab', { name: 'Data' }).click();
    const sample = sidePanel().getByLabel('Sample data');
    await sample.fill(JSON.stringify({ name: 'Ada Lovelace', sku: 'SKU-12345' }, null, 2));
    await expect.poll(() => sample.getAttribute('aria-invalid')).toBeNull();
    await expect
      .poll(() => sidePanel().getByRole('list', { name: 'Fields in this record' }).textContent())
      .toContain('sku');

    await sidePanel().getByRole('tab', { name: 'Inspector' }).click();
    await expect.poll(selectedElementId).toMatch(/text/i);
    await screenshotForDocs('editor.png');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
    const saved = await fetch(`${editor.server.url}/api/templates/${encodeURIComponent(templateId)}`, {
      headers: { Authorization: `Bearer ${editor.server.adminToken}` },
    }).then(
      (response) =>
        response.json() as Promise<{
          content: { meta: { sampleData?: unknown }; elements: { type: string; content?: unknown }[] };
        }>,
    );
    expect(saved.content.elements.map((element) => element.type).sort()).toEqual(['barcode', 'text']);
    // The sample record is saved with the template (the gallery's thumbnail shows it).
    expect(saved.content.meta.sampleData).toEqual([{ name: 'Ada Lovelace', sku: 'SKU-12345' }]);
    expect(JSON.stringify(saved.content.elements)).toContain('data.sku');
    expect(JSON.stringify(saved.content.elements)).toContain('data.name');
  });

  it('exports a PNG from the Preview tab that shows what the canvas shows', async () => {
    // The canvas, without the selection handles, cut to the label.
    await page.keyboard.press('Escape');
    await page.getByRole('application', { name: 'Label canvas' }).focus();
    await page.keyboard.press('Escape');
    const view = await stageView();
    const topLeft = toPage(view, 0, 0);
    const canvasShot = decodePng(
      await page.screenshot({
        clip: {
          x: topLeft.x,
          y: topLeft.y,
          width: LABEL_POINTS.width * view.zoom,
          height: LABEL_POINTS.height * view.zoom,
        },
      }),
    );

    await sidePanel().getByRole('tab', { name: 'Preview' }).click();
    await sidePanel().getByRole('radio', { name: 'PNG' }).check();
    await sidePanel().getByRole('button', { name: 'Refresh preview' }).click();
    await sidePanel().getByRole('img', { name: 'Label preview (PNG)' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sidePanel().getByRole('button', { name: 'Save PNG' }).click(),
    ]);
    const path = await download.path();
    previewPng = decodePng(readFileSync(path));
    expect(previewPng.width).toBe(4 * PREVIEW_DPI);
    expect(previewPng.height).toBe(6 * PREVIEW_DPI);

    const codes = await readCode128(previewPng);
    expect(codes.map((code) => code.text)).toContain('SKU-12345');
    // Ink where the text element is, none in an empty corner.
    expect(inkShare(previewPng, inRaster(previewPng, textBox))).toBeGreaterThan(0.02);
    expect(inkShare(previewPng, inRaster(previewPng, { x: 0.3, y: 0.3, width: 0.5, height: 0.5 }))).toBe(0);
    // The same picture at a coarse grid: ink in the same cells of the PNG and of the canvas.
    const agreement = inkAgreement(inkMap(previewPng, 16, 24), inkMap(canvasShot, 16, 24));
    expect(agreement).toBeGreaterThan(0.75);
    // …which a different picture does not get: the canvas upside down puts the text and the barcode elsewhere.
    const upsideDown = inkMap(canvasShot, 16, 24);
    const flipped = Array.from({ length: 24 }, (_, row) => upsideDown.slice((23 - row) * 16, (24 - row) * 16)).flat();
    expect(inkAgreement(inkMap(previewPng, 16, 24), flipped)).toBeLessThan(0.3);
  });

  it('publishes the template', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Unpublish' }).isVisible()).toBe(true);
  });

  it('creates an API key in Settings', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Key name').fill('journey');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key created' });
    apiKey = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(apiKey.length).toBeGreaterThan(20);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('cell', { name: 'journey' }).first().isVisible()).toBe(true);
    // The form is ready for the next key.
    expect(await page.getByLabel('Key name').inputValue()).toBe('');
    await screenshotForDocs('settings.png');
  });

  it('renders the published template through POST /v1/render with that key', async () => {
    const response = await fetch(`${editor.server.url}/v1/render`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        templateId,
        format: 'png',
        delivery: 'inline',
        data: { name: 'Grace Hopper', sku: 'SKU-999' },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/png');
    const rendered = decodePng(Buffer.from(await response.arrayBuffer()));
    // The API's own default resolution, 300 dpi (the preview drew for the canvas's 203).
    expect(rendered.width).toBe(4 * 300);
    const codes = await readCode128(rendered);
    expect(codes.map((code) => code.text)).toEqual(['SKU-999']);
    expect(inkShare(rendered, inRaster(rendered, textBox))).toBeGreaterThan(0.02);
  });

  it('lists the template in the gallery, exports it and imports a template file', async () => {
    await page.getByRole('link', { name: 'Templates' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Templates' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Journey label' }).isVisible()).toBe(true);

    // Export JSON downloads the template with its sample record.
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Journey label' }) });
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const file = JSON.parse(readFileSync(await exported.path(), 'utf8')) as {
      meta: { name: string; sampleData?: unknown };
    };
    expect(file.meta).toMatchObject({
      name: 'Journey label',
      sampleData: [{ name: 'Ada Lovelace', sku: 'SKU-12345' }],
    });

    // Import JSON takes a file from the browser's picker: a sample with fixed content, so its thumbnail has ink.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Import JSON' }).click(),
    ]);
    await chooser.setFiles(resolve(REPO_ROOT, 'resources/samples/shipping-4x6.template.json'));
    await expect.poll(() => page.getByRole('link', { name: 'Shipping label 4x6' }).count()).toBeGreaterThan(0);
    // Both thumbnails drawn by the server's engine, the journey's label with its sample record.
    await screenshotForDocs('gallery.png');
  });
});
