// The application menu as data (File, Edit, View, Help), kept apart from Electron so it can be checked in plain Node.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuTemplateOptions {
  isMac: boolean;
  /** Unpackaged runs get reload and developer tools. */
  isDevelopment: boolean;
  appName: string;
  showAbout: () => void;
}

/** Roles bring each platform's usual accelerators (redo is Ctrl+Y on Windows, Shift+Cmd+Z on macOS). */
export function applicationMenuTemplate({ isMac, isDevelopment, appName, showAbout }: MenuTemplateOptions): MenuItemConstructorOptions[] {
  const developmentItems: MenuItemConstructorOptions[] = isDevelopment
    ? [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  return [
    // macOS expects the app menu first, holding Quit; the File menu then closes the window instead.
    ...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: isMac ? [{ role: 'close' }] : [{ role: 'quit', accelerator: 'CmdOrCtrl+Q' }],
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
      submenu: [...developmentItems, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }],
    },
    {
      label: '&Help',
      submenu: [{ label: `About ${appName}`, click: showAbout }],
    },
  ];
}
