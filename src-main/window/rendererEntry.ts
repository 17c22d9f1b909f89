// Which page the window loads (the embedded server's editor, or Vite's dev server in development) and which URLs belong to it.

export interface RendererEntry {
  /** The page the window loads: the embedded server's editor at its root, or Vite's dev server. */
  pageUrl: string;
  /** Vite's dev server (development only): its inline preamble and HMR websocket need a looser policy. */
  devServer: boolean;
}

export interface RendererEntryOptions {
  isPackaged: boolean;
  /** electron-vite's ELECTRON_RENDERER_URL, set only by `electron-vite dev`. */
  devServerUrl: string | undefined;
  /** The embedded server's base URL, e.g. http://127.0.0.1:8425. */
  serverUrl: string;
}

function httpUrl(text: string, what: string): URL {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${what} must be http(s): ${text}`);
  return url;
}

/** A packaged app always loads its own server's page: an environment variable must not point it at another. */
export function resolveRendererEntry({ isPackaged, devServerUrl, serverUrl }: RendererEntryOptions): RendererEntry {
  if (isPackaged || !devServerUrl)
    return { pageUrl: new URL('/', httpUrl(serverUrl, 'the server URL')).href, devServer: false };
  return { pageUrl: httpUrl(devServerUrl, 'the dev server URL').href, devServer: true };
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The page's whole origin (the editor's hash routes, its /api, its assets), and no other. */
export function isRendererUrl(url: string, entry: RendererEntry): boolean {
  const parsed = parse(url);
  return (
    parsed !== undefined &&
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.origin === new URL(entry.pageUrl).origin
  );
}

/** Schemes that never leave the machine: inline and in-memory content, and the developer tools' own pages. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'devtools:']);

/** What the window may load at all: its own origin, local content, and in development Vite's websocket. Nothing remote. */
export function isAllowedRequest(url: string, entry: RendererEntry): boolean {
  const parsed = parse(url);
  if (parsed === undefined) return false;
  if (LOCAL_SCHEMES.has(parsed.protocol) || isRendererUrl(url, entry)) return true;
  const page = new URL(entry.pageUrl);
  return entry.devServer && (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') && parsed.host === page.host;
}
