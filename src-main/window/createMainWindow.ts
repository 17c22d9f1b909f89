// The one application window: the embedded server's editor, signed in, sandboxed and context-isolated, under the strict CSP, with nowhere else to go.
import { fileURLToPath } from 'node:url';
import { BrowserWindow, dialog, screen, type Session } from 'electron';
import { SESSION_COOKIE } from '@shared/api/editorApi';
import { MIN_WINDOW_SIZE, placeWindow } from '../desktop/windowState';
import { loadWindowState, windowStatePath, windowStateSaver } from '../desktop/windowStateFile';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { isAllowedRequest, isRendererUrl, type RendererEntry } from './rendererEntry';

// Relative to the bundle electron-vite writes to out/main, next to out/preload.
const PRELOAD_PATH = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

export interface MainWindowOptions {
  entry: RendererEntry;
  /** A session cookie value from the server (openWindowSession): the window is signed in without a typed token. */
  sessionCookie: string;
  /** The window's bounds are remembered here, beside the rest of the user's data. */
  dataDir: string;
}

/**
 * No remote content: every request that is not the app's own origin (or local data:/blob: content) is cancelled, and
 * every response carries the editor's policy, the same one the server sends. No permissions (camera, notifications…).
 */
function hardenSession(session: Session, entry: RendererEntry): void {
  const policy = contentSecurityPolicy(entry.devServer ? entry.pageUrl : undefined);
  session.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isAllowedRequest(details.url, entry) }),
  );
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** The cookie the admin link would set, set directly: the token never appears in a URL or the history. */
async function signIn(session: Session, entry: RendererEntry, value: string): Promise<void> {
  await session.cookies.set({
    url: entry.pageUrl,
    name: SESSION_COOKIE,
    value,
    httpOnly: true,
    sameSite: 'strict',
    secure: new URL(entry.pageUrl).protocol === 'https:',
    path: '/',
  });
}

/** Where the window opens and how it is remembered: bounds and maximized state, saved a moment after each change. */
function rememberState(window: BrowserWindow, dataDir: string): void {
  const saver = windowStateSaver(windowStatePath(dataDir), (error) =>
    console.error('Labelsmith could not save the window position:', error),
  );
  const save = () => {
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    const { x, y, width, height } = window.getNormalBounds();
    saver.save({
      bounds: { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) },
      maximized: window.isMaximized(),
    });
  };
  window.on('resize', save);
  window.on('move', save);
  window.on('maximize', save);
  window.on('unmaximize', save);
  window.on('close', () => {
    save();
    try {
      saver.flush();
    } catch (error) {
      console.error('Labelsmith could not save the window position:', error);
    }
  });
}

/**
 * The editor asks before a close would lose unsaved changes (beforeunload). A browser shows its own question; Electron
 * shows none and simply keeps the window open, so the question is asked here.
 */
function confirmUnsavedClose(window: BrowserWindow): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      buttons: ['Leave without saving', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved changes',
      message: 'This label has changes that are not saved.',
      detail: 'They will be lost if you leave now.',
    });
    // Preventing the prevention lets the page unload.
    if (choice === 0) event.preventDefault();
  });
}

export async function createMainWindow({ entry, sessionCookie, dataDir }: MainWindowOptions): Promise<BrowserWindow> {
  const primary = screen.getPrimaryDisplay().workArea;
  const placement = placeWindow(
    loadWindowState(windowStatePath(dataDir)),
    screen.getAllDisplays().map((display) => display.workArea),
    primary,
  );
  const window = new BrowserWindow({
    ...placement.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
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
  const { session } = window.webContents;
  hardenSession(session, entry);
  await signIn(session, entry, sessionCookie);
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // The editor's own pages (hash routes, reloads) stay allowed; anything else is blocked.
  window.webContents.on('will-navigate', (event) => {
    if (!isRendererUrl(event.url, entry)) event.preventDefault();
  });
  window.webContents.on('will-redirect', (event) => {
    if (!isRendererUrl(event.url, entry)) event.preventDefault();
  });
  confirmUnsavedClose(window);
  rememberState(window, dataDir);
  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize();
    window.show();
  });
  await window.loadURL(entry.pageUrl);
  return window;
}
