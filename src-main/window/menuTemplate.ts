// The application menu as data (File, Edit, View, Help), kept apart from Electron so it can be checked in plain Node.
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '@shared/api/ipc';

export interface MenuTemplateOptions {
  isMac: boolean;
  /** Unpackaged runs get reload and developer tools. */
  isDevelopment: boolean;
  appName: string;
  showAbout: () => void;
  /** Hands a File menu command to the page, which knows whether the gallery or the editor is showing. */
  sendCommand: (command: MenuCommand) => void;
}

function fileItems(sendCommand: MenuTemplateOptions['sendCommand']): MenuItemConstructorOptions[] {
  const command = (
    label: string,
    accelerator: string,
    name: MenuCommand,
    registerAccelerator = true,
  ): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => sendCommand(name),
    // The editor handles Ctrl+S itself (with or without the menu); the menu only shows the shortcut then.
    ...(registerAccelerator ? {} : { registerAccelerator: false }),
  });
  return [
    command('&New label…', 'CmdOrCtrl+N', 'newLabel'),
    command('&Open template file…', 'CmdOrCtrl+O', 'openTemplateFile'),
    { type: 'separator' },
    command('&Save', 'CmdOrCtrl+S', 'save', false),
    command('Export template &file…', 'CmdOrCtrl+Shift+S', 'exportTemplateFile'),
    command('&Export label as PDF, PNG, ZPL or HTML…', 'CmdOrCtrl+E', 'exportOutput'),
  ];
}

/** Roles bring each platform's usual accelerators (redo is Ctrl+Y on Windows, Shift+Cmd+Z on macOS). */
export function applicationMenuTemplate({
  isMac,
  isDevelopment,
  appName,
  showAbout,
  sendCommand,
}: MenuTemplateOptions): MenuItemConstructorOptions[] {
  const developmentItems: MenuItemConstructorOptions[] = isDevelopment
    ? [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  return [
    // macOS expects the app menu first, holding Quit; the File menu then closes the window instead.
    ...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: [
        ...fileItems(sendCommand),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit', accelerator: 'CmdOrCtrl+Q' },
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: '&View',
      submenu: [
        ...developmentItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: '&Help',
      submenu: [{ label: `About ${appName}`, click: showAbout }],
    },
  ];
}
