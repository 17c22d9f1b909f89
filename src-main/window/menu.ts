// Installs the native application menu; its About box shows the app's version.
import { app, BrowserWindow, dialog, Menu, type MessageBoxOptions } from 'electron';
import { applicationMenuTemplate } from './menuTemplate';

const APP_NAME = 'Labelsmith';

function showAbout(): void {
  const options: MessageBoxOptions = {
    type: 'info',
    title: `About ${APP_NAME}`,
    message: `${APP_NAME} ${app.getVersion()}`,
    detail: 'Desktop label designer with a local render API.',
    buttons: ['OK'],
  };
  const parent = BrowserWindow.getFocusedWindow();
  // The box is informational: nothing waits for its answer.
  void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
}

export function installApplicationMenu(): void {
  const template = applicationMenuTemplate({
    isMac: process.platform === 'darwin',
    isDevelopment: !app.isPackaged,
    appName: APP_NAME,
    showAbout,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
