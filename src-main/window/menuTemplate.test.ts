// The application menu's shape on each platform, with and without the development items.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate, type MenuTemplateOptions } from './menuTemplate';

const base: MenuTemplateOptions = { isMac: false, isDevelopment: false, appName: 'Labelsmith', showAbout: () => {} };

function submenu(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const menu = template.find((item) => item.label === label);
  if (!Array.isArray(menu?.submenu)) throw new Error(`no ${label} menu`);
  return menu.submenu;
}

const roles = (items: MenuItemConstructorOptions[]) => items.flatMap((item) => (item.role ? [item.role] : []));

describe('applicationMenuTemplate', () => {
  it('has File, Edit, View and Help with the expected roles', () => {
    const template = applicationMenuTemplate(base);
    expect(template.map((item) => item.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
    expect(submenu(template, '&File')).toEqual([{ role: 'quit', accelerator: 'CmdOrCtrl+Q' }]);
    expect(roles(submenu(template, '&Edit'))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(roles(submenu(template, '&View'))).toEqual(['resetZoom', 'zoomIn', 'zoomOut']);
  });

  it('offers reload and developer tools only in development', () => {
    const view = submenu(applicationMenuTemplate({ ...base, isDevelopment: true }), '&View');
    expect(roles(view)).toEqual(['reload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut']);
  });

  it('puts the app menu first on macOS and closes the window from File', () => {
    const template = applicationMenuTemplate({ ...base, isMac: true });
    expect(template[0]).toEqual({ role: 'appMenu' });
    expect(submenu(template, '&File')).toEqual([{ role: 'close' }]);
  });

  it('shows the About box from Help', () => {
    let shown = 0;
    const about = submenu(applicationMenuTemplate({ ...base, showAbout: () => (shown += 1) }), '&Help')[0];
    expect(about?.label).toBe('About Labelsmith');
    about?.click?.({} as never, undefined, {} as never);
    expect(shown).toBe(1);
  });
});
