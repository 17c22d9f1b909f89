// Installs the native application menu: File commands go to the page, the About box shows the version, data folder and server.
import { app, BrowserWindow, dialog, Menu, type MessageBoxOptions } from 'electron';
import { IPC_CHANNELS, type AppInfo, type MenuCommand } from '@shared/api/ipc';
import { applicationMenuTemplate } from './menuTemplate';

const APP_NAME = 'Labelsmith';

function showAbout(info: AppInfo): void {
  const options: MessageBoxOptions = {
    type: 'info',
    title: `About ${APP_NAME}`,
    message: `${APP_NAME} ${info.version}`,
    detail: `Desktop label designer with a local render API.\n\nData: ${info.dataDir}\nServer: ${info.serverUrl}`,
    buttons: ['OK'],
  };
  const parent = BrowserWindow.getFocusedWindow();
  // The box is informational: nothing waits for its answer.
  void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
}

/** The focused window, else the only one: a menu used with the window in the background still reaches it. */
function sendCommand(command: MenuCommand): void {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  window?.webContents.send(IPC_CHANNELS.menuCommand, command);
}

export function installApplicationMenu(info: AppInfo): void {
  const template = applicationMenuTemplate({
    isMac: process.platform === 'darwin',
    isDevelopment: !app.isPackaged,
    appName: APP_NAME,
    showAbout: () => showAbout(info),
    sendCommand,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
