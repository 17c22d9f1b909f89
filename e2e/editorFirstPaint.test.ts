// The editor's first paint, cold: the app's start page and the designer opened straight on the parcel sample, each in a
// fresh Chromium context against a real `labelsmith serve`. They fetch only the chunks their screen needs (the other
// pages, tabs, dialogs and heavy libraries come when first used) and still show what they should: the template list,
// and a canvas whose barcode reads back. Paint times and bytes are printed; `npm run bench -- firstPaintBench` compares.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtScripts, coldLoad, scriptBytesBy, type ColdLoad } from '../test/support/chromium/coldLoad';
import { decodePng, readCode128 } from '../test/support/chromium/pixels';
import { editorApi, REPO_ROOT, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';

let editor: SignedInEditor;
let shippingId = '';

beforeAll(async () => {
  editor = await startSignedInEditor();
  const listed = await editorApi<{ templates: { id: string; name: string }[] }>(editor.server, 'GET', '/api/templates');
  shippingId = listed.templates.find((template) => template.name === 'Shipping label 4x6')?.id ?? '';
  expect(shippingId).not.toBe('');
});

afterAll(async () => {
  await editor?.close();
});

/** The chunks fetched, by the name the build gives them (file names are `<name>-<hash>.js`). */
function chunkNames(load: ColdLoad): string[] {
  return load.scripts.map((script) => script.file.replace(/-[\w-]{8}\.js$/, ''));
}

function report(what: string, load: ColdLoad, whole: number): void {
  const share = ((100 * load.scriptBytes) / whole).toFixed(1);
  console.log(
    `${what}: first paint ${load.firstPaint.toFixed(0)} ms, first contentful paint ${load.firstContentfulPaint.toFixed(0)} ms, ` +
      `screen painted ${load.screenPainted.toFixed(0)} ms; JS by first contentful paint ${scriptBytesBy(load, load.firstContentfulPaint)} bytes, ` +
      `by screen painted ${load.scripts.length} scripts, ${load.scriptBytes} bytes of ${whole} (${share}%)`,
  );
}

/** The chunks every page needs: the entry with React and the API schemas. */
const SHELL_CHUNKS = ['index', 'vendor-react', 'vendor-zod'];
/** Fetched only when something asks for them. */
const ON_DEMAND = [
  'vendor-sheets',
  'SettingsPage',
  'ZplPage',
  'PrintDialog',
  'DataPanel',
  'PreviewPanel',
  'HistoryPanel',
  'ImageLibraryPanel',
];

describe('the editor loaded cold', () => {
  const whole = () => builtScripts(resolve(REPO_ROOT, 'out/renderer')).reduce((sum, script) => sum + script.bytes, 0);

  it('paints the template list from the shell and the gallery chunk, without the designer or its libraries', async () => {
    const load = await coldLoad(editor.browser, editor.server, {
      shown: (page) =>
        page
          .getByRole('list', { name: 'Templates' })
          .getByRole('article')
          .filter({ hasText: 'Shipping label 4x6' })
          .waitFor(),
    });
    try {
      report('gallery (#/)', load, whole());
      expect(load.firstContentfulPaint).toBeGreaterThan(0);
      const names = chunkNames(load);
      expect(names).toEqual(expect.arrayContaining([...SHELL_CHUNKS, 'GalleryPage']));
      for (const absent of ['EditorScreen', 'vendor-konva', 'vendor-fontkit', 'vendor-barcode', ...ON_DEMAND])
        expect(names).not.toContain(absent);
      // Every byte counted was a script of the build, and together far less than half of it.
      expect(load.scriptBytes).toBeGreaterThan(0);
      expect(load.scriptBytes * 2).toBeLessThan(whole());
    } finally {
      await load.close();
    }
  });

  let designer: (ColdLoad & { page: Page; close: () => Promise<void> }) | undefined;

  it('opens the designer on the parcel label: canvas drawn, barcode readable, with only the chunks the canvas needs', async () => {
    designer = await coldLoad(editor.browser, editor.server, {
      hash: `#/templates/${encodeURIComponent(shippingId)}`,
      shown: (page) => page.getByRole('application', { name: 'Label canvas' }).locator('canvas').first().waitFor(),
    });
    report('designer (#/templates/<parcel label>)', designer, whole());
    const names = chunkNames(designer);
    expect(names).toEqual(
      expect.arrayContaining([...SHELL_CHUNKS, 'EditorScreen', 'vendor-konva', 'vendor-fontkit', 'vendor-barcode']),
    );
    for (const absent of ['GalleryPage', ...ON_DEMAND]) expect(names).not.toContain(absent);
    // The canvas shows the label: its tracking barcode, drawn in the browser, reads back as the sample's number.
    const canvas = designer.page.getByRole('application', { name: 'Label canvas' });
    const codes = await readCode128(decodePng(await canvas.screenshot()));
    expect(codes.map((code) => code.text)).toContain('LS1234567890GB');
    expect(designer.scriptBytes).toBeLessThan(whole());
  });

  it('fetches a tab or dialog chunk, with its libraries, when it is first opened', async () => {
    if (!designer) throw new Error('the designer did not open');
    const page = designer.page;
    const fetchedScripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '')),
      );
    try {
      const panel = page.getByRole('complementary', { name: 'Properties' });
      await panel.getByRole('tab', { name: 'Data' }).click();
      await panel.getByText('Load a sheet (Excel, OpenDocument or CSV)').waitFor();
      expect(await fetchedScripts()).toEqual(expect.arrayContaining(['DataPanel', 'vendor-sheets']));

      await page.getByRole('button', { name: 'Print', exact: true }).click();
      await page.getByRole('dialog', { name: 'Print' }).waitFor();
      expect(await fetchedScripts()).toContain('PrintDialog');
    } finally {
      await designer.close();
    }
  });

  it('finds its lazy chunks next to the page wherever the page is (the build links them relatively, as the desktop window needs)', async () => {
    // The server answers any page path with the editor page. Here the chunks of a page at /nested/editor/ are handed
    // out from out/renderer/assets and the server's own /assets/ is refused, so a chunk asked for by an absolute path
    // would fail to load and the designer would not open.
    const context = await editor.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await context.request.get(editor.server.adminLink, { maxRedirects: 0 });
      const served: string[] = [];
      const refused: string[] = [];
      await context.route(
        (url) => url.pathname.startsWith('/assets/'),
        (route) => {
          refused.push(route.request().url());
          return route.abort();
        },
      );
      await context.route('**/nested/editor/assets/*', (route) => {
        const file = new URL(route.request().url()).pathname.replace(/^.*\//, '');
        served.push(file);
        const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
        return route.fulfill({
          status: 200,
          contentType: type,
          body: readFileSync(join(REPO_ROOT, 'out/renderer/assets', file)),
        });
      });
      const page = await context.newPage();
      await page.goto(`${editor.server.url}/nested/editor/#/templates/${encodeURIComponent(shippingId)}`);
      await page.getByRole('application', { name: 'Label canvas' }).locator('canvas').first().waitFor();
      expect(served.map((file) => file.replace(/-[\w-]{8}\.(js|css)$/, ''))).toEqual(
        expect.arrayContaining(['index', 'EditorScreen', 'vendor-konva']),
      );
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
