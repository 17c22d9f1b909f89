// The browser editor's files: the page with its CSP, hashed assets, the not-built page, the bundled fonts, the stock catalogue; no path escapes its folder.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorFont } from '@shared/api/editorApi';
import { LABEL_STOCKS } from '@shared/stocks/labelStocks';
import { resourcesDir } from '../../../fonts/bundledFonts';
import { EDITOR_CSP } from './editorPage';
import {
  api,
  rawGet,
  startEditorServer,
  tempDir,
  type EditorServer,
} from '../../../../test/support/server/editorTestSupport';

const BROWSER = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const SCRIPT = 'console.log("editor");\n';
const HIDDEN_CONTENT = 'HIDDEN-FILE-CONTENT';
const OUTSIDE_CONTENT = 'OUTSIDE-ASSETS-CONTENT';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Labelsmith</title>
    <script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A renderer build as electron-vite writes it: index.html and hashed assets. */
function fakeRendererBuild(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', '.hidden.js'), HIDDEN_CONTENT);
  writeFileSync(join(dir, 'secret.txt'), OUTSIDE_CONTENT);
  return dir;
}

let built: EditorServer;
let notBuilt: EditorServer;
beforeAll(async () => {
  built = await startEditorServer({ rendererDir: fakeRendererBuild() });
  notBuilt = await startEditorServer({ rendererDir: tempDir() });
});
afterAll(async () => {
  await built.close();
  await notBuilt.close();
});

describe('the editor page', () => {
  it.each(['/', '/gallery', '/templates/123/edit'])(
    'is served at %s to a browser, with the strict CSP header',
    async (path) => {
      const answer = await api(built, path, { auth: 'none', headers: BROWSER });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('content-security-policy')).toBe(EDITOR_CSP);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.text).toContain('<script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script>');
    },
  );

  it('has the policy the issue asks for', () => {
    expect(EDITOR_CSP).toBe(
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; frame-src 'self' blob: data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('is not what API clients get: their unknown paths stay JSON 404s, /api and /v1 stay theirs', async () => {
    for (const path of ['/', '/nope']) {
      const answer = await api(built, path, { auth: 'none' });
      expect(answer.status, path).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await api(built, '/v1/nope', { auth: 'none', headers: BROWSER })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await api(built, '/api/nope', { auth: 'none', headers: BROWSER })).json()).toMatchObject({
      code: 'AUTH_REQUIRED',
    });
    expect((await api(built, '/health', { auth: 'none', headers: BROWSER })).json()).toMatchObject({ ok: true });
    expect((await api(built, '/', { method: 'POST', auth: 'none', headers: BROWSER })).status).toBe(404);
  });

  it('answers a clear 200 page saying how to build it when the renderer is not built', async () => {
    const answer = await api(notBuilt, '/', { auth: 'none', headers: BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(EDITOR_CSP);
    expect(answer.text).toContain('npm run build');
    expect((await api(notBuilt, '/assets/index-Ab12Cd34.js', { auth: 'none' })).status).toBe(404);
    // The API is unaffected.
    expect((await api(notBuilt, '/api/session')).status).toBe(200);
  });
});

describe('editor assets', () => {
  it('are served from assets/ with their type and a year of immutable caching', async () => {
    const answer = await api(built, '/assets/index-Ab12Cd34.js', { auth: 'none' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(answer.text).toBe(SCRIPT);
  });

  it.each([
    '/assets/missing.js',
    '/assets/.hidden.js',
    '/assets/',
    '/assets/../secret.txt',
    '/assets/%2e%2e/secret.txt',
    '/assets/..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/assets/..%5csecret.txt',
    '/assets/%252e%252e/secret.txt',
    '/assets/%E0%A4%A',
    '/assets/index-Ab12Cd34.js%00.txt',
  ])('refuse %s with 404 and never show a file outside assets/', async (path) => {
    const answer = await rawGet(built, path);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'NOT_FOUND' });
    expect(answer.text).not.toContain(OUTSIDE_CONTENT);
    expect(answer.text).not.toContain(HIDDEN_CONTENT);
  });
});

describe('fonts', () => {
  it('are listed for the canvas with their face key and URL', async () => {
    const answer = await api(built, '/api/fonts');
    expect(answer.status).toBe(200);
    const { fonts } = answer.json<{ fonts: EditorFont[] }>();
    expect(fonts).toHaveLength(12);
    expect(fonts).toContainEqual({
      key: 'sans-regular',
      family: 'sans',
      weight: 'normal',
      style: 'normal',
      file: 'LiberationSans-Regular.ttf',
      url: '/editor-assets/fonts/LiberationSans-Regular.ttf',
    });
    expect(fonts.find((font) => font.key === 'mono-bolditalic')?.file).toBe('LiberationMono-BoldItalic.ttf');
  });

  it('are served as TTF without a session, with long caching', async () => {
    const answer = await api(built, '/editor-assets/fonts/LiberationSerif-Bold.ttf', { auth: 'none' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('font/ttf');
    expect(answer.headers.get('cache-control')).toBe('max-age=31536000');
    expect(answer.bytes.equals(readFileSync(join(resourcesDir(), 'fonts', 'LiberationSerif-Bold.ttf')))).toBe(true);
  });

  it.each([
    '/editor-assets/fonts/LICENSE-Liberation.txt',
    '/editor-assets/fonts/..%2f..%2fpackage.json',
    '/editor-assets/fonts/%2e%2e%2fsamples%2fasset-tag.template.json',
    '/editor-assets/fonts/../fonts/nope.ttf',
    '/editor-assets/fonts/liberationsans-regular.ttf',
    '/editor-assets/fonts/',
  ])('refuse anything but the bundled font files: %s', async (path) => {
    const answer = await rawGet(built, path, {});
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('Copyright');
  });
});

describe('GET /api/stocks', () => {
  it('answers the catalogue', async () => {
    const answer = await api(built, '/api/stocks');
    expect(answer.status).toBe(200);
    const { stocks } = answer.json<{ stocks: unknown[] }>();
    expect(stocks).toEqual(JSON.parse(JSON.stringify(LABEL_STOCKS)));
    expect(stocks.length).toBeGreaterThanOrEqual(60);
  });
});
