// The one application window: sandboxed, context-isolated, under a strict CSP, unable to navigate away or open others.
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, type Session } from 'electron';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { isRendererUrl, resolveRendererEntry, type RendererEntry } from './rendererEntry';

// Relative to the bundle electron-vite writes to out/main, next to out/preload and out/renderer.
const PRELOAD_PATH = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const BUILT_INDEX_PATH = fileURLToPath(new URL('../renderer/index.html', import.meta.url));

export function rendererEntryForApp(): RendererEntry {
  return resolveRendererEntry({
    isPackaged: app.isPackaged,
    devServerUrl: process.env.ELECTRON_RENDERER_URL,
    builtIndexPath: BUILT_INDEX_PATH,
  });
}

/**
 * The header covers the dev server; the built index.html carries the same policy as a meta tag (written at build
 * time) because response headers of file:// pages cannot be relied on to pass through webRequest.
 */
function hardenSession(session: Session, entry: RendererEntry): void {
  const policy = contentSecurityPolicy(entry.kind === 'devServer' ? entry.url : undefined);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  // The shell needs no camera, notifications, geolocation or the like.
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
}

export async function createMainWindow(entry: RendererEntry): Promise<BrowserWindow> {
  const window = new BrowserWindow({
    width: 1100,
    height: 800,
    title: 'Labelsmith',
    // Shown once painted, so it never flashes an empty frame.
    show: false,
    webPreferences: {
      preload: PRELOAD_PATH,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    },
  });
  hardenSession(window.webContents.session, entry);
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // Reloads of the app's own page (Vite's full reload in development) stay allowed; anything else is blocked.
  window.webContents.on('will-navigate', (event) => {
    if (!isRendererUrl(event.url, entry)) event.preventDefault();
  });
  window.once('ready-to-show', () => window.show());

  if (entry.kind === 'devServer') await window.loadURL(entry.url);
  else await window.loadFile(entry.path);
  return window;
}
