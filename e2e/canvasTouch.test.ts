// Touch on the canvas in Chromium, through the DevTools protocol's touch input: a second finger turns a drag into a
// pinch that zooms about the fingers, and the drag the first finger had begun is undone, not committed.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoomPercent, zoomToFit } from '../test/support/chromium/canvasView';
import { editorApi, startSignedInEditor, type SignedInEditor } from '../test/support/chromium/editorServer';
import { decodePng, luminance } from '../test/support/chromium/pixels';

const LABEL = { width: 4 * 72, height: 2 * 72 };
const BOX = { x: 1, y: 0.5, width: 2, height: 1 };
const TEMPLATE = {
  formatVersion: 1,
  meta: { name: 'Touch label' },
  dimensions: { width: '4in', height: '2in' },
  elements: [
    {
      id: 'box',
      type: 'rect',
      position: { mode: 'absolute', x: `${BOX.x}in`, y: `${BOX.y}in` },
      width: `${BOX.width}in`,
      height: `${BOX.height}in`,
      style: { fill: '#000000' },
    },
  ],
};

let editor: SignedInEditor;
let page: Page;
let cdp: CDPSession;

type Finger = { x: number; y: number; id: number };

async function touch(type: 'touchStart' | 'touchMove' | 'touchEnd', fingers: Finger[]): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: fingers.map(({ x, y, id }) => ({ x, y, id })) });
}

function field(label: string) {
  return page.getByRole('complementary', { name: 'Properties' }).getByLabel(label, { exact: true });
}

beforeAll(async () => {
  editor = await startSignedInEditor();
  page = editor.page;
  cdp = await editor.context.newCDPSession(page);
});

afterAll(async () => {
  await editor?.close();
});

describe('touch on the canvas', () => {
  it('pinches to zoom about the fingers, cancelling the drag the first finger began', async () => {
    const template = await editorApi<{ id: string }>(editor.server, 'POST', '/api/templates', { content: TEMPLATE });
    await page.evaluate((id) => {
      window.location.hash = `#/templates/${encodeURIComponent(id)}`;
    }, template.id);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Touch label');
    const toolbar = page.getByRole('toolbar', { name: 'Editing tools' });
    const { percent: fitPercent, onPage } = await zoomToFit(page, LABEL);

    // The first finger presses the box (selecting it) and starts dragging it 20 px.
    const press = onPage(BOX.x + BOX.width / 2, BOX.y + BOX.height / 2);
    await touch('touchStart', [{ ...press, id: 1 }]);
    await touch('touchMove', [{ x: press.x + 10, y: press.y, id: 1 }]);
    await touch('touchMove', [{ x: press.x + 20, y: press.y, id: 1 }]);
    await expect.poll(() => field('Element id').inputValue()).toBe('box');
    // The second finger lands 60 px to its right, then moves out to 120 px: the spread doubles.
    const first = { x: press.x + 20, y: press.y, id: 1 };
    await touch('touchStart', [first, { x: first.x + 60, y: first.y, id: 2 }]);
    await touch('touchMove', [first, { x: first.x + 90, y: first.y, id: 2 }]);
    await touch('touchMove', [first, { x: first.x + 120, y: first.y, id: 2 }]);
    await touch('touchEnd', []);

    await expect.poll(() => zoomPercent(page)).toBe(Math.round(fitPercent * 2));
    // The drag was undone: the box is where it was, and there is nothing to undo.
    expect([Number(await field('X').inputValue()), Number(await field('Y').inputValue())]).toEqual([BOX.x, BOX.y]);
    expect(await toolbar.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    // The label point under the fingers' midpoint when the pinch began is under their midpoint at the end: the box's
    // left edge, 50 px + half the box left of the first midpoint, is twice that left of the last one.
    const startMid = first.x + 30;
    const endMid = first.x + 60;
    const leftBefore = onPage(BOX.x, 0).x;
    const leftAfter = Math.round(endMid - (startMid - leftBefore) * 2);
    const strip = decodePng(
      await page.screenshot({ clip: { x: leftAfter - 6, y: Math.round(press.y), width: 12, height: 1 } }),
    );
    expect(luminance(strip, 1, 0)).toBeGreaterThan(200);
    expect(luminance(strip, 10, 0)).toBeLessThan(60);
  });

  it('puts back a resize the first finger began when a second finger starts a pinch', async () => {
    const { percent: fitPercent, onPage } = await zoomToFit(page, LABEL);
    expect(await field('Element id').inputValue()).toBe('box');
    // The first finger takes the box's middle-right handle and drags it 40 px out: the resize is under way.
    const handle = onPage(BOX.x + BOX.width, BOX.y + BOX.height / 2);
    await touch('touchStart', [{ ...handle, id: 1 }]);
    await touch('touchMove', [{ x: handle.x + 20, y: handle.y, id: 1 }]);
    const first = { x: handle.x + 40, y: handle.y, id: 1 };
    await touch('touchMove', [first]);
    // A second finger 50 px below it, then 100 px: a pinch.
    await touch('touchStart', [first, { x: first.x, y: first.y + 50, id: 2 }]);
    await touch('touchMove', [first, { x: first.x, y: first.y + 100, id: 2 }]);
    await touch('touchEnd', []);

    await expect.poll(() => zoomPercent(page)).toBe(Math.round(fitPercent * 2));
    expect(Number(await field('Width').inputValue())).toBe(BOX.width);
    expect(
      await page.getByRole('toolbar', { name: 'Editing tools' }).getByRole('button', { name: 'Undo' }).isDisabled(),
    ).toBe(true);
  });
});
