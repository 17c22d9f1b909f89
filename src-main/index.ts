// Electron main entry: the application's lifecycle only; windows, menus and IPC live in their own modules.
import { app, BrowserWindow } from 'electron';
import { registerRenderIpc } from './ipc/registerRenderIpc';
import { installApplicationMenu } from './window/menu';
import { createMainWindow, rendererEntryForApp } from './window/createMainWindow';
import type { RendererEntry } from './window/rendererEntry';

/** Without its window the app is useless: say why and leave rather than linger invisibly or show a blank frame. */
function quitWithError(error: unknown): void {
  console.error('Labelsmith could not start:', error);
  app.quit();
}

function openWindow(entry: RendererEntry): void {
  createMainWindow(entry).catch(quitWithError);
}

// A second launch hands over to the running instance instead of opening a second window on the same data.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('window-all-closed', () => {
    // macOS apps stay running without windows until the user quits them.
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(() => {
      const entry = rendererEntryForApp();
      installApplicationMenu();
      registerRenderIpc(entry);
      openWindow(entry);
      // macOS: clicking the dock icon with no window open opens one again.
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow(entry);
      });
    })
    .catch(quitWithError);
}
