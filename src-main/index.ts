// Electron main entry: the application's lifecycle only: start the embedded server, open the window, stop the server on quit.
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { pino } from 'pino';
import type { AppInfo } from '@shared/api/ipc';
import { APP_VERSION } from './appVersion';
import { desktopSettings, startupFailureMessage, type DesktopSettings } from './desktop/desktopSettings';
import { registerDesktopIpc } from './ipc/registerDesktopIpc';
import { startEmbeddedServer, type EmbeddedServer } from './server/startEmbeddedServer';
import { readTlsCredentials } from './server/tlsCredentials';
import { createMainWindow } from './window/createMainWindow';
import { installApplicationMenu } from './window/menu';
import { isOwnCertificate } from './window/ownCertificate';
import { resolveRendererEntry, type RendererEntry } from './window/rendererEntry';

/** Without its server or window the app is useless: say why in a box (a desktop user sees no terminal) and leave. */
function quitWithError(message: string): void {
  console.error(`Labelsmith could not start: ${message}`);
  dialog.showErrorBox('Labelsmith could not start', message);
  app.exit(1);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The data directory and port (shared with `labelsmith serve`); a bad LABELSMITH_PORT is reported once Electron can show it. */
function loadSettings(): DesktopSettings | undefined {
  try {
    const settings = desktopSettings(process.env, app.getAppPath());
    // Electron's own files (cookies, caches) go beside the user's data rather than in a second folder elsewhere, and
    // the single-instance lock is then one per data directory. Both must be set before the app is ready.
    app.setPath('userData', join(settings.dataDir, 'desktop'));
    return settings;
  } catch (error) {
    app.whenReady().then(
      () => quitWithError(describe(error)),
      () => app.exit(1),
    );
    return undefined;
  }
}

function run(started: DesktopSettings): void {
  let server: EmbeddedServer | undefined;
  let stopped = false;

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

  // In-flight renders finish and the database closes before the process ends.
  app.on('will-quit', (event) => {
    if (server === undefined || stopped) return;
    event.preventDefault();
    const running = server;
    running
      .close()
      .catch((error: unknown) => console.error('Labelsmith: the server did not stop cleanly:', error))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });

  const openWindow = (entry: RendererEntry, running: EmbeddedServer): void => {
    createMainWindow({ entry, sessionCookie: running.openWindowSession(), dataDir: started.dataDir }).catch(
      (error: unknown) => quitWithError(`the window could not open: ${describe(error)}`),
    );
  };

  app
    .whenReady()
    .then(async () => {
      let ownCertPem: string | undefined;
      try {
        const tls =
          started.tls === undefined ? undefined : readTlsCredentials(started.tls.certFile, started.tls.keyFile);
        ownCertPem = tls?.cert;
        server = await startEmbeddedServer({
          dataDir: started.dataDir,
          port: started.port,
          tls,
          logger: pino({ name: 'labelsmith' }, pino.destination(2)),
          nativeBinding: started.nativeBinding,
        });
      } catch (error) {
        quitWithError(startupFailureMessage(error, started));
        return;
      }
      const running = server;
      if (running.securityWarning !== undefined) console.warn(`Labelsmith: ${running.securityWarning}`);
      const entry = resolveRendererEntry({
        isPackaged: app.isPackaged,
        devServerUrl: process.env.ELECTRON_RENDERER_URL,
        serverUrl: running.url,
      });
      app.on('certificate-error', (event, _webContents, url, _error, certificate, callback) => {
        const trusted = isOwnCertificate(url, certificate.data, ownCertPem, entry);
        if (trusted) event.preventDefault();
        callback(trusted);
      });
      const info: AppInfo = { version: APP_VERSION, dataDir: started.dataDir, serverUrl: running.url };
      installApplicationMenu(info);
      registerDesktopIpc(entry, info);
      openWindow(entry, running);
      // macOS: clicking the dock icon with no window open opens one again.
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow(entry, running);
      });
    })
    .catch((error: unknown) => quitWithError(describe(error)));
}

const settings = loadSettings();
// A second launch hands over to the running instance instead of opening a second window on the same data.
if (settings !== undefined) {
  if (app.requestSingleInstanceLock()) run(settings);
  else app.quit();
}
