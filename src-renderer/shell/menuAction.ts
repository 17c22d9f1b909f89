// What each desktop File menu command means on the page showing (gallery or editor), decided without touching the page.
import type { MenuCommand } from '@shared/api/ipc';
import type { Route } from './routes';

export type MenuAction =
  | { kind: 'newLabel' }
  | { kind: 'importTemplateFile' }
  | { kind: 'save' }
  | { kind: 'exportTemplateFile'; templateId: string }
  | { kind: 'showPreview' }
  | { kind: 'notice'; message: string };

const UNSAVED = 'This label has unsaved changes: save them (Ctrl+S) or undo them first.';

/**
 * What a command does where the user is. New and Open leave the editor, so with unsaved changes they say so instead
 * of dropping the changes; the editor's own commands say what to open first when no template is open.
 */
export function menuAction(command: MenuCommand, route: Route, dirty: boolean): MenuAction {
  const inEditor = route.page === 'editor';
  switch (command) {
    case 'newLabel':
    case 'openTemplateFile':
      if (inEditor && dirty) return { kind: 'notice', message: UNSAVED };
      return { kind: command === 'newLabel' ? 'newLabel' : 'importTemplateFile' };
    case 'save':
      return inEditor ? { kind: 'save' } : { kind: 'notice', message: 'Nothing to save here: open a template first.' };
    case 'exportTemplateFile':
      return inEditor
        ? { kind: 'exportTemplateFile', templateId: route.templateId }
        : { kind: 'notice', message: 'Open a template to export it, or use “Export JSON” on its card.' };
    case 'exportOutput':
      return inEditor
        ? { kind: 'showPreview' }
        : { kind: 'notice', message: 'Open a template to export it as PDF, PNG, ZPL or HTML.' };
  }
}
