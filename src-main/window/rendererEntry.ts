// Where the renderer page comes from (Vite's dev server or the built index.html) and which URLs are that page.
import { pathToFileURL } from 'node:url';

export type RendererEntry = { kind: 'devServer'; url: string } | { kind: 'file'; path: string };

export interface RendererEntryOptions {
  isPackaged: boolean;
  /** electron-vite's ELECTRON_RENDERER_URL, set only by `electron-vite dev`. */
  devServerUrl: string | undefined;
  builtIndexPath: string;
}

/** A packaged app always loads its own files: an environment variable must not point it at another page. */
export function resolveRendererEntry({ isPackaged, devServerUrl, builtIndexPath }: RendererEntryOptions): RendererEntry {
  if (isPackaged || !devServerUrl) return { kind: 'file', path: builtIndexPath };
  const { protocol } = new URL(devServerUrl);
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`the dev server URL must be http(s): ${devServerUrl}`);
  return { kind: 'devServer', url: devServerUrl };
}

/** The dev server's whole origin (Vite serves modules and HMR from it), or exactly the built index.html. */
export function isRendererUrl(url: string, entry: RendererEntry): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (entry.kind === 'devServer') return parsed.origin === new URL(entry.url).origin;
  const index = pathToFileURL(entry.path);
  return parsed.protocol === 'file:' && parsed.host === index.host && parsed.pathname === index.pathname;
}
