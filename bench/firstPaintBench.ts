// Editor first paint, cold: the JavaScript fetched before the start page (gallery) and the designer are on screen, against
// the whole bundle (every chunk of out/renderer), with Chromium's paint times; a real `labelsmith serve`, headless Chromium.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { builtScripts, coldLoad, scriptBytesBy, type ColdLoad } from '../test/support/chromium/coldLoad';
import { editorApi, openSignedInEditor } from '../test/support/chromium/editorSession';
import { formatMs, printTable } from './measure';

/** Cold loads per screen: each in a new browser context, so nothing is cached or compiled. */
const LOADS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function firstPaintBench(): Promise<void> {
  const whole = builtScripts(resolve(process.cwd(), 'out/renderer'));
  const wholeBytes = whole.reduce((sum, script) => sum + script.bytes, 0);
  const editor = await openSignedInEditor();
  try {
    const { server, browser } = editor;
    const listed = await editorApi<{ templates: { id: string; name: string }[] }>(server, 'GET', '/api/templates');
    const parcel = listed.templates.find((template) => template.name === 'Shipping label 4x6');
    if (!parcel) throw new Error('the workspace has no "Shipping label 4x6" sample');
    const screens = [
      {
        name: 'gallery (#/, where the app opens)',
        hash: '#/',
        shown: (page: Page) => page.getByRole('list', { name: 'Templates' }).getByRole('article').first().waitFor(),
      },
      {
        name: 'designer (#/templates/<parcel label>)',
        hash: `#/templates/${encodeURIComponent(parcel.id)}`,
        shown: (page: Page) =>
          page.getByRole('application', { name: 'Label canvas' }).locator('canvas').first().waitFor(),
      },
    ];
    const rows: string[][] = [
      ['all chunks (the whole bundle, baseline)', String(whole.length), '', String(wholeBytes), '1.00', '', '', ''],
    ];
    for (const screen of screens) {
      const loads: ColdLoad[] = [];
      for (let index = 0; index < LOADS; index++) {
        const load = await coldLoad(browser, server, { hash: screen.hash, shown: screen.shown });
        await load.close();
        loads.push(load);
      }
      // The chunks are the same in every load (the screen decides them); the times vary, and with them which chunks
      // had arrived by the first contentful paint (the shell's status line): the median of those is shown.
      const bytes = loads[0]?.scriptBytes ?? 0;
      rows.push([
        screen.name,
        String(loads[0]?.scripts.length ?? 0),
        String(median(loads.map((load) => scriptBytesBy(load, load.firstContentfulPaint)))),
        String(bytes),
        (bytes / wholeBytes).toFixed(2),
        formatMs(median(loads.map((load) => load.firstPaint))),
        formatMs(median(loads.map((load) => load.firstContentfulPaint))),
        formatMs(median(loads.map((load) => load.screenPainted))),
      ]);
    }
    console.log(
      `\nEditor first paint, cold (new browser context each time, ${LOADS} loads a screen, median ms from navigation; headless Chromium)`,
    );
    printTable(
      [
        'screen',
        'scripts',
        'JS bytes by first contentful paint',
        'JS bytes by screen painted',
        'of all chunks',
        'first paint ms',
        'first contentful paint ms',
        'screen painted ms',
      ],
      rows,
    );
  } finally {
    await editor.close();
  }
}
