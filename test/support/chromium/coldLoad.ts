// One cold page load of the built editor in a fresh Chromium context: paint times and the JavaScript it fetched (e2e test, editor bench).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { EditorServer } from './editorSession';

/** One script the page fetched: its file under /assets/, its bytes and when its response ended (ms from navigation). */
export interface FetchedScript {
  file: string;
  bytes: number;
  responseEnd: number;
}

export interface ColdLoad {
  /** Chromium's paint timing: the first pixels, and the first text or image, in ms from navigation. */
  firstPaint: number;
  firstContentfulPaint: number;
  /** When the screen the test waited for (say the designer's canvas) was on screen: the frame after it appeared. */
  screenPainted: number;
  /** Every script fetched up to `screenPainted`, in the order they arrived. */
  scripts: FetchedScript[];
  /** Their bytes together. */
  scriptBytes: number;
}

/** The JavaScript files of a built renderer (out/renderer/assets) and their sizes: the whole bundle, every chunk. */
export function builtScripts(rendererDir: string): { file: string; bytes: number }[] {
  const assets = join(rendererDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: statSync(join(assets, file)).size }));
}

/** The bytes of the scripts that had arrived by `ms` from navigation (say the first contentful paint). */
export function scriptBytesBy(load: ColdLoad, ms: number): number {
  return load.scripts.filter((script) => script.responseEnd <= ms).reduce((sum, script) => sum + script.bytes, 0);
}

export interface ColdLoadOptions {
  /** The location hash to open, e.g. `#/templates/<id>`; the app's own start (`#/`) by default. */
  hash?: string;
  /** Resolves once the screen is shown (a locator's waitFor); the load is measured up to the frame after. */
  shown: (page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
}

/**
 * A new browser context (an empty HTTP cache, no scripts compiled) signed in with the admin link through the context's
 * request API, so the page itself is loaded only once, cold. Sizes are the bodies' decoded bytes from resource timing
 * (the server sends scripts uncompressed, so they equal the files' sizes on disk).
 */
export async function coldLoad(
  browser: Browser,
  server: EditorServer,
  options: ColdLoadOptions,
): Promise<ColdLoad & { page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  try {
    // The admin link sets the session cookie and redirects to the page: the redirect is not followed, the page stays unloaded.
    const signIn = await context.request.get(server.adminLink, { maxRedirects: 0 });
    if (signIn.status() < 300 || signIn.status() >= 400)
      throw new Error(`the admin link answered ${signIn.status()}, not a redirect with the session cookie`);
    const page = await context.newPage();
    await page.goto(`${server.url}/${options.hash ?? '#/'}`);
    await options.shown(page);
    const timing = await page.evaluate(async () => {
      // Two frames: the first runs before the shown screen's paint, the second after it.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const screenPainted = performance.now();
      const paints = Object.fromEntries(
        performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]),
      );
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({
          file: new URL(entry.name).pathname.replace(/^.*\//, ''),
          bytes: entry.decodedBodySize,
          responseEnd: entry.responseEnd,
        }));
      return {
        screenPainted,
        firstPaint: paints['first-paint'] ?? Number.NaN,
        firstContentfulPaint: paints['first-contentful-paint'] ?? Number.NaN,
        scripts,
      };
    });
    const scripts = timing.scripts
      .filter((script) => script.responseEnd <= timing.screenPainted)
      .sort((a, b) => a.responseEnd - b.responseEnd);
    return {
      ...timing,
      scripts,
      scriptBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      page,
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
