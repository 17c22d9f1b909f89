// The File menu's commands on each page: the editor's own there, New and Open anywhere but over unsaved changes.
import { describe, expect, it } from 'vitest';
import { menuAction } from './menuAction';
import type { Route } from './routes';

const gallery: Route = { page: 'gallery' };
const editor: Route = { page: 'editor', templateId: 'tpl_1' };

describe('menuAction', () => {
  it('runs the editor commands in the editor', () => {
    expect(menuAction('save', editor, true)).toEqual({ kind: 'save' });
    expect(menuAction('exportTemplateFile', editor, false)).toEqual({
      kind: 'exportTemplateFile',
      templateId: 'tpl_1',
    });
    expect(menuAction('exportOutput', editor, false)).toEqual({ kind: 'showPreview' });
  });

  it('opens the new label dialog or a template file from the gallery, and from a saved editor', () => {
    for (const route of [gallery, editor, { page: 'settings' } as const]) {
      expect(menuAction('newLabel', route, false)).toEqual({ kind: 'newLabel' });
      expect(menuAction('openTemplateFile', route, false)).toEqual({ kind: 'importTemplateFile' });
    }
  });

  it('does not leave an editor with unsaved changes: it says so', () => {
    for (const command of ['newLabel', 'openTemplateFile'] as const) {
      expect(menuAction(command, editor, true)).toMatchObject({
        kind: 'notice',
        message: expect.stringMatching(/unsaved changes/),
      });
    }
  });

  it('explains the editor commands where no template is open', () => {
    for (const command of ['save', 'exportTemplateFile', 'exportOutput'] as const) {
      expect(menuAction(command, gallery, false)).toMatchObject({
        kind: 'notice',
        message: expect.stringMatching(/open a template/i),
      });
    }
  });
});
