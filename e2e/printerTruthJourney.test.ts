// Printer truth in a real browser: the designer draws for a 203 dpi printer, the preview's ZPL tab shows the ZPL as that
// printer prints it with no pixel differing from the design, and a 300 dpi printer changes the module width the
// inspector shows.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';

/** An empty 60 x 40 mm label: the journey places its elements from the toolbar. */
const EMPTY_LABEL = {
  formatVersion: 1,
  meta: { name: 'Printer truth tag' },
  dimensions: { width: '60mm', height: '40mm' },
  elements: [],
};

/** A network printer nobody listens on: the journey only draws for it, never prints. */
const printerInput = (
  name: string,
  dpi: number,
  darkness: number | null = null,
  unprintableMargin: string | null = null,
  offsets: { topOffset: string; leftOffset: string } | null = null,
) => ({
  name,
  connection: { kind: 'raw', host: '127.0.0.1', port: 9 },
  dpi,
  media: null,
  darkness,
  unprintableMargin,
  speed: null,
  timeZone: null,
  ...offsets,
});

let editor: SignedInEditor;
let page: Page;
/** The inserted barcode's id and its module as the 203 dpi printer draws it. */
let barcodeId: string;
let moduleAt203: string | null;

beforeAll(async () => {
  editor = await startSignedInEditor();
  page = editor.page;
});

afterAll(async () => {
  await editor?.close();
});

const moduleWidth = () =>
  page
    .getByRole('status', { name: 'Module width at the printer' })
    .or(page.getByLabel('Module width at the printer'))
    .first()
    .textContent();

describe.sequential('printer truth journey', () => {
  it('draws for a 203 dpi printer and shows its ZPL as printed, without a pixel differing from the design', async () => {
    await editorApi(editor.server, 'POST', '/api/printers', printerInput('Dock 203', 203));
    await editorApi(editor.server, 'POST', '/api/printers', printerInput('Dock 300', 300));
    await editorApi(editor.server, 'POST', '/api/printers', printerInput('Dark 203', 203, 28, '3mm'));
    await editorApi(
      editor.server,
      'POST',
      '/api/printers',
      printerInput('Offset 203', 203, null, null, { topOffset: '1mm', leftOffset: '-0.5mm' }),
    );
    const template = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: EMPTY_LABEL });
    await page.evaluate((id) => {
      window.location.hash = `#/templates/${encodeURIComponent(id)}`;
    }, template.id);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Printer truth tag');

    const tab = (name: string) => page.getByRole('tab', { name }).or(page.getByRole('button', { name })).first();
    await tab('Preview').click();
    const drawFor = page.getByRole('group', { name: 'Printer' }).getByLabel('Draw for');
    await expect
      .poll(() => drawFor.locator('option').allTextContents())
      .toEqual([
        'No printer',
        'Dock 203 (203 dpi)',
        'Dock 300 (300 dpi)',
        'Dark 203 (203 dpi)',
        'Offset 203 (203 dpi)',
      ]);
    await drawFor.selectOption({ label: 'Dock 203 (203 dpi)' });
    await tab('Inspector').click();

    // A text, then a code128 (the barcode's default), which stays selected: the inspector shows its module as printed.
    await page.getByRole('button', { name: 'Add text' }).click();
    // Above the barcode, which lands on the label's centre as well: each difference then belongs to one element.
    const textY = page.getByRole('complementary', { name: 'Properties' }).getByLabel('Y', { exact: true });
    await textY.fill('2');
    await textY.press('Enter');
    await page.getByRole('button', { name: 'Add barcode' }).click();
    await expect.poll(moduleWidth).toMatch(/^\d+ dots? \(\d\.\d{3} mm\) at 203 dpi$/);
    moduleAt203 = await moduleWidth();
    barcodeId = await page.getByLabel('Selected element').inputValue();
    // The human-readable line is printer-font text in ZPL (^BC's interpretation line): the bars alone are compared.
    await page.getByLabel('Show text').uncheck();

    await tab('Preview').click();
    await page.getByRole('radio', { name: 'ZPL' }).check();
    const printerView = page.getByRole('img', { name: 'Printer view: the ZPL as a 203 dpi printer prints it' });
    await printerView.waitFor();
    const differences = page.getByLabel('Differences from the design', { exact: true });
    // The text reaches the printer as the designed glyphs (graphic text) and the bars in whole dots: nothing differs.
    await expect.poll(() => differences.textContent(), { timeout: 15_000 }).toBe('No differences from the design.');
    await page.getByLabel('Differences', { exact: true }).check();
    await page.getByRole('img', { name: 'Differences between the design and the printer view' }).waitFor();
  });

  it('draws for a printer with label offsets: the whole label moves, told as a shift, and nothing else differs', async () => {
    await page.getByLabel('Differences', { exact: true }).uncheck();
    /** The top-left corner of the ink of the picture named `name`, in its pixels. */
    const inkCorner = (name: string) =>
      page.getByRole('img', { name }).evaluate(async (image: HTMLImageElement) => {
        await image.decode();
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
        const context = canvas.getContext('2d');
        context?.drawImage(image, 0, 0);
        const data = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
        let [left, top] = [Infinity, Infinity];
        for (let y = 0; y < canvas.height; y += 1)
          for (let x = 0; x < canvas.width; x += 1)
            if ((data[(y * canvas.width + x) * 4] ?? 255) < 128) [left, top] = [Math.min(left, x), Math.min(top, y)];
        return { left, top };
      });
    const printerView = 'Printer view: the ZPL as a 203 dpi printer prints it';
    const unshifted = await inkCorner(printerView);
    expect(unshifted.left).toBeGreaterThan(4);
    await page
      .getByRole('group', { name: 'Printer' })
      .getByLabel('Draw for')
      .selectOption({ label: 'Offset 203 (203 dpi)' });
    const shift = page.getByLabel('Shift of the whole label', { exact: true });
    // 1 mm and 0.5 mm at 8 dots a millimetre.
    await expect
      .poll(() => shift.textContent(), { timeout: 15_000 })
      .toBe(
        "Shift: the whole label prints 8 dots down and 4 dots left (the printer's label offsets: 1mm down, 0.5mm left). The differences are counted with the print moved back by it.",
      );
    const differences = page.getByLabel('Differences from the design', { exact: true });
    await expect
      .poll(() => differences.textContent(), { timeout: 15_000 })
      .toBe('No other differences from the design.');
    // The print itself is drawn where the printer puts it: its ink starts 8 dots lower and 4 further left than the
    // same label's on the printer without offsets.
    expect(await inkCorner(printerView)).toEqual({ left: unshifted.left - 4, top: unshifted.top + 8 });
  });

  it('switches to the 300 dpi printer: the inspector’s module width follows', async () => {
    await page
      .getByRole('group', { name: 'Printer' })
      .getByLabel('Draw for')
      .selectOption({ label: 'Dock 300 (300 dpi)' });
    await page
      .getByRole('tab', { name: 'Inspector' })
      .or(page.getByRole('button', { name: 'Inspector' }))
      .first()
      .click();
    await page.getByLabel('Selected element').selectOption(barcodeId);
    await expect.poll(moduleWidth).toMatch(/ at 300 dpi$/);
    expect(await moduleWidth()).not.toBe(moduleAt203);
  });

  it('draws for a dark printer with a margin: the canvas warns of text in the margin, the ZPL tab says how far ink spreads and the bars now differ', async () => {
    const designWarnings = async () => {
      const button = page.locator('.canvas-warnings > button');
      if ((await button.count()) === 0) return '';
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      return (await page.getByRole('list', { name: 'Design warnings' }).textContent()) ?? '';
    };
    expect(await designWarnings()).not.toContain('unprintable margin');
    await page
      .getByRole('tab', { name: 'Preview' })
      .or(page.getByRole('button', { name: 'Preview' }))
      .first()
      .click();
    await page
      .getByRole('group', { name: 'Printer' })
      .getByLabel('Draw for')
      .selectOption({ label: 'Dark 203 (203 dpi)' });
    // Its 3 mm margin: the text placed 2 mm from the top is partly where this printer cannot print.
    await expect
      .poll(designWarnings)
      .toMatch(/text "[^"]+" is within the printer's unprintable margin of 3.00 mm at the top edge/);
    await page.getByRole('radio', { name: 'ZPL' }).check();
    await expect
      .poll(() => page.locator('.printer-view figcaption').textContent(), { timeout: 15_000 })
      .toContain('Darkness 28: ink spreads about 1 dot.');
    const differences = page.getByLabel('Differences from the design', { exact: true });
    await expect
      .poll(() => differences.textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`^\\d+ pixels differ from the design \\(.*${barcodeId}: \\d+.*\\)\\.$`));
  });

  it('draws for the same printer after a reload', async () => {
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Printer truth tag');
    await page
      .getByRole('tab', { name: 'Preview' })
      .or(page.getByRole('button', { name: 'Preview' }))
      .first()
      .click();
    const drawFor = page.getByRole('group', { name: 'Printer' }).getByLabel('Draw for');
    await expect
      .poll(() => drawFor.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent))
      .toBe('Dark 203 (203 dpi)');
  });
});
