// e2e support: "Zoom to fit" on the editor's canvas, and where a point of the label is on the page then.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** fitToView's margin around the label, in stage pixels. */
const FIT_MARGIN = 24;

export interface FittedView {
  /** The zoom readout after "Zoom to fit". */
  percent: number;
  /** A point of the label, in inches, on the page. */
  onPage(xIn: number, yIn: number): { x: number; y: number };
}

/** The zoom readout, in percent. */
export async function zoomPercent(page: Page): Promise<number> {
  return Number.parseInt((await page.getByLabel('Zoom level').textContent()) ?? '', 10);
}

/** Clicks "Zoom to fit" for a label of this size (in points) and works out the view with the editor's fitToView arithmetic. */
export async function zoomToFit(page: Page, label: { width: number; height: number }): Promise<FittedView> {
  await page.getByRole('toolbar', { name: 'Editing tools' }).getByRole('button', { name: 'Zoom to fit' }).click();
  const canvas = await page.getByRole('application', { name: 'Label canvas' }).locator('canvas').first().boundingBox();
  if (!canvas) throw new Error('the canvas is not visible');
  const zoom = Math.min((canvas.width - 2 * FIT_MARGIN) / label.width, (canvas.height - 2 * FIT_MARGIN) / label.height);
  const percent = Math.round((zoom / (96 / 72)) * 100);
  await expect.poll(() => zoomPercent(page)).toBe(percent);
  return {
    percent,
    onPage: (xIn, yIn) => ({
      x: canvas.x + (canvas.width - label.width * zoom) / 2 + xIn * 72 * zoom,
      y: canvas.y + (canvas.height - label.height * zoom) / 2 + yIn * 72 * zoom,
    }),
  };
}
