// e2e steps of the editor's History tab shared by the journeys: publish with a note, compare two versions, restore one.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A tag with one filled 0.6 in square `x` inches from the left: versions that differ only in where the square is, for
 * the compare dialog. `size` gives the tag's name and height (its width is 2 in).
 */
export function squareTag(x: number, size: { name: string; height: string }) {
  return {
    formatVersion: 1,
    meta: { name: size.name },
    dimensions: { width: '2in', height: size.height },
    elements: [
      {
        id: 'square',
        type: 'rect',
        position: { mode: 'absolute', x: `${x}in`, y: '0.2in' },
        width: '0.6in',
        height: '0.6in',
        style: { fill: '#000000' },
      },
    ],
  };
}

export function sidePanel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Properties' });
}

export function versionList(page: Page): Locator {
  return sidePanel(page).getByRole('list', { name: 'Versions' });
}

/** Publishes the saved draft from the History tab as version `number` with `note`; returns once the list shows it. */
export async function publishVersion(page: Page, number: number, note: string): Promise<void> {
  await sidePanel(page).getByRole('tab', { name: 'History' }).click();
  await sidePanel(page).getByLabel('Note for the next version').fill(note);
  await sidePanel(page)
    .getByRole('button', { name: `Publish as version ${number}` })
    .click();
  await expect.poll(() => versionList(page).getByRole('listitem').count()).toBe(number);
}

/** Ticks versions `older` and `newer` (the newest is the live one) and opens their compare dialog, both drawn. */
export async function openCompare(page: Page, older: number, newer: number, newerIsLive = true): Promise<Locator> {
  await versionList(page)
    .getByRole('checkbox', { name: `Version ${older}`, exact: true })
    .check();
  await versionList(page)
    .getByRole('checkbox', { name: `Version ${newer}${newerIsLive ? ' (live)' : ''}`, exact: true })
    .check();
  await sidePanel(page)
    .getByRole('button', { name: `Compare version ${older} with ${newer}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Compare version ${older} with version ${newer}` });
  await expect
    .poll(() =>
      dialog
        .getByRole('figure', { name: `Version ${older}` })
        .locator('canvas')
        .count(),
    )
    .toBe(1);
  expect(
    await dialog
      .getByRole('figure', { name: `Version ${newer}` })
      .locator('canvas')
      .count(),
  ).toBe(1);
  return dialog;
}

/** Restores version `number` (answering the question), which publishes it again as the next version; returns once listed. */
export async function restoreVersion(page: Page, number: number, newNumber: number): Promise<void> {
  await sidePanel(page)
    .getByRole('button', { name: `Restore version ${number}` })
    .click();
  await page
    .getByRole('dialog', { name: `Restore version ${number}?` })
    .getByRole('button', { name: `Restore version ${number}` })
    .click();
  await expect.poll(() => versionList(page).getByRole('listitem').count()).toBe(newNumber);
  expect(await versionList(page).getByRole('listitem').first().textContent()).toContain(`“restored from ${number}”`);
}
