// The application menu's shape on each platform, its shortcuts, and the File commands it hands to the page.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '@shared/api/ipc';
import { applicationMenuTemplate, type MenuTemplateOptions } from './menuTemplate';

const base: MenuTemplateOptions = {
  isMac: false,
  isDevelopment: false,
  appName: 'Labelsmith',
  showAbout: () => {},
  sendCommand: () => {},
};

function submenu(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const menu = template.find((item) => item.label === label);
  if (!Array.isArray(menu?.submenu)) throw new Error(`no ${label} menu`);
  return menu.submenu;
}

const roles = (items: MenuItemConstructorOptions[]) => items.flatMap((item) => (item.role ? [item.role] : []));
const click = (item: MenuItemConstructorOptions | undefined) => item?.click?.({} as never, undefined, {} as never);

describe('applicationMenuTemplate', () => {
  it('has File, Edit, View and Help with the expected roles', () => {
    const template = applicationMenuTemplate(base);
    expect(template.map((item) => item.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
    expect(roles(submenu(template, '&File'))).toEqual(['quit']);
    expect(roles(submenu(template, '&Edit'))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(roles(submenu(template, '&View'))).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it("sends each File item's command to the page, with the usual shortcuts", () => {
    const sent: MenuCommand[] = [];
    const file = submenu(applicationMenuTemplate({ ...base, sendCommand: (command) => sent.push(command) }), '&File');
    const commands = file.filter((item) => item.click);
    for (const item of commands) click(item);
    expect(sent).toEqual(['newLabel', 'openTemplateFile', 'save', 'exportTemplateFile', 'exportOutput']);
    expect(commands.map((item) => item.accelerator)).toEqual([
      'CmdOrCtrl+N',
      'CmdOrCtrl+O',
      'CmdOrCtrl+S',
      'CmdOrCtrl+Shift+S',
      'CmdOrCtrl+E',
    ]);
    // Ctrl+S stays the editor's own key: the menu shows it without taking it.
    expect(commands.filter((item) => item.registerAccelerator === false).map((item) => item.label)).toEqual(['&Save']);
    expect(file.at(-1)).toEqual({ role: 'quit', accelerator: 'CmdOrCtrl+Q' });
  });

  it('offers reload and developer tools only in development', () => {
    const view = submenu(applicationMenuTemplate({ ...base, isDevelopment: true }), '&View');
    expect(roles(view)).toEqual(['reload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('puts the app menu first on macOS and closes the window from File', () => {
    const template = applicationMenuTemplate({ ...base, isMac: true });
    expect(template[0]).toEqual({ role: 'appMenu' });
    expect(submenu(template, '&File').at(-1)).toEqual({ role: 'close' });
  });

  it('shows the About box from Help', () => {
    let shown = 0;
    click(submenu(applicationMenuTemplate({ ...base, showAbout: () => (shown += 1) }), '&Help')[0]);
    expect(shown).toBe(1);
  });
});
