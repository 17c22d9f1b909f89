// The browser editor: out/renderer's index.html at / and any page path a browser opens, its hashed /assets, and a clear page when it is not built.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from '@koa/send';
import type { Context, Next } from 'koa';
import { NotFoundError } from '@shared/api/apiErrors';
import { contentSecurityPolicy } from '../../../window/contentSecurityPolicy';
import { LONG_CACHE_MS } from './fontsRoutes';

/** The desktop window enforces the same policy: one definition for both. */
export const EDITOR_CSP = contentSecurityPolicy();

/** Paths that belong to the APIs and their files: an unknown one there is a JSON 404, never the editor page. */
const NOT_PAGES = ['/api', '/v1', '/health', '/editor-assets', '/assets'];
const ASSETS_PREFIX = '/assets/';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Labelsmith: editor not built</title></head>
<body>
<h1>The Labelsmith editor is not built yet</h1>
<p>Run <code>npm run build</code> in the Labelsmith folder, then reload this page.</p>
<p>The render API under <code>/v1</code> works without it.</p>
</body>
</html>
`;

/** out/renderer, found by walking up from this module: <root>/out/renderer from the sources, out/renderer from a bundle in out/<x>/. */
function findBuiltRenderer(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, 'renderer'), join(dir, 'out', 'renderer')]) {
      if (existsSync(join(candidate, 'index.html'))) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function isPagePath(path: string): boolean {
  return !NOT_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * A browser opening a page names text/html in Accept. API clients (fetch, curl: any type) keep getting the API's
 * JSON 404 for paths that are not theirs, / included.
 */
function wantsHtml(ctx: Context): boolean {
  return /\btext\/html\b/i.test(ctx.get('Accept'));
}

/** The file and the not-found page share these: the policy, no sniffing, no referrer, revalidated on each visit. */
function setPageHeaders(ctx: Context): void {
  ctx.set('Content-Security-Policy', EDITOR_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/html; charset=utf-8';
}

/** @koa/send fails with http-errors (400 undecodable, 403 outside the root, 404 missing): all are simply not found here. */
async function sendAsset(ctx: Context, root: string, path: string): Promise<void> {
  if (path === '') throw new NotFoundError('no such file: /assets/');
  try {
    await send(ctx, path, { root, maxage: LONG_CACHE_MS, immutable: true, index: false });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 400 || status === 403 || status === 404) throw new NotFoundError(`no such file: ${ctx.path}`);
    throw error;
  }
  // send returns without a body for hidden (dot) files and directories.
  if (ctx.body === undefined || ctx.body === null) throw new NotFoundError(`no such file: ${ctx.path}`);
}

/**
 * Serves the editor from `rendererDir` (tests point it at a folder of their own); without one, from out/renderer
 * found next to the application. Looked for on each request until found, so a build made while the server runs is
 * picked up without a restart.
 */
export function editorPage(rendererDir?: string) {
  let found = rendererDir;
  const locate = (): string | undefined => {
    found ??= findBuiltRenderer();
    return found !== undefined && existsSync(join(found, 'index.html')) ? found : undefined;
  };

  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith(ASSETS_PREFIX)) {
      const dir = locate();
      if (dir === undefined) return next();
      // Vite names assets by their content hash: a changed file has a new name, so a cached one never goes stale.
      await sendAsset(ctx, join(dir, 'assets'), ctx.path.slice(ASSETS_PREFIX.length));
      return;
    }
    if (!isPagePath(ctx.path) || !wantsHtml(ctx)) return next();
    const dir = locate();
    setPageHeaders(ctx);
    ctx.body = dir === undefined ? NOT_BUILT_PAGE : await readFile(join(dir, 'index.html'), 'utf8');
  };
}
