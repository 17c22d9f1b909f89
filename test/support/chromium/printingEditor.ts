// e2e support: a test file's signed-in editor with the fake ZPL printer beside it, started before its tests and stopped after, and a template opened in the designer.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeZplPrinter, type FakeZplPrinter } from '../printing/fakeZplPrinter';
import { startSignedInEditor, type SignedInEditor } from './editorServer';

export interface PrintingEditor {
  editor: SignedInEditor;
  page: Page;
  printer: FakeZplPrinter;
}

/** Registers the file's hooks; the fields are set once beforeAll has run. */
export function printingEditorForFile(): PrintingEditor {
  const state = {} as PrintingEditor;
  beforeAll(async () => {
    state.printer = await startFakeZplPrinter();
    state.editor = await startSignedInEditor();
    state.page = state.editor.page;
  });
  afterAll(async () => {
    await state.editor?.close();
    await state.printer?.close();
  });
  return state;
}

/** Opens the template `id` in the designer by its address, as a link to it does, and waits for its name as the heading. */
export async function openTemplate(page: Page, id: string, name: string): Promise<void> {
  await page.evaluate((templateId) => {
    window.location.hash = `#/templates/${encodeURIComponent(templateId)}`;
  }, id);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
}
