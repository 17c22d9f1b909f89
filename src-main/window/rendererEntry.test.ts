// Which page the window loads and which URLs count as that page (for navigation and IPC sender checks).
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRendererUrl, resolveRendererEntry } from './rendererEntry';

const builtIndexPath = '/opt/labelsmith/out/renderer/index.html';
const builtIndexUrl = pathToFileURL(builtIndexPath).href;

describe('resolveRendererEntry', () => {
  it('uses the dev server only when unpackaged', () => {
    const devServerUrl = 'http://localhost:5173';
    expect(resolveRendererEntry({ isPackaged: false, devServerUrl, builtIndexPath })).toEqual({ kind: 'devServer', url: devServerUrl });
    expect(resolveRendererEntry({ isPackaged: true, devServerUrl, builtIndexPath })).toEqual({ kind: 'file', path: builtIndexPath });
    expect(resolveRendererEntry({ isPackaged: false, devServerUrl: undefined, builtIndexPath })).toEqual({ kind: 'file', path: builtIndexPath });
  });

  it('refuses a dev server URL that is not http(s)', () => {
    expect(() => resolveRendererEntry({ isPackaged: false, devServerUrl: 'file:///etc/passwd', builtIndexPath })).toThrow(/http/);
  });
});

describe('isRendererUrl', () => {
  it('accepts the built index.html with any query or fragment, and nothing else on disk', () => {
    const entry = { kind: 'file', path: builtIndexPath } as const;
    expect(isRendererUrl(builtIndexUrl, entry)).toBe(true);
    expect(isRendererUrl(`${builtIndexUrl}#/settings`, entry)).toBe(true);
    expect(isRendererUrl('file:///opt/labelsmith/out/renderer/other.html', entry)).toBe(false);
    expect(isRendererUrl('file:///etc/passwd', entry)).toBe(false);
    expect(isRendererUrl('https://example.com/opt/labelsmith/out/renderer/index.html', entry)).toBe(false);
  });

  it('accepts the whole dev server origin and no other', () => {
    const entry = { kind: 'devServer', url: 'http://localhost:5173' } as const;
    expect(isRendererUrl('http://localhost:5173/', entry)).toBe(true);
    expect(isRendererUrl('http://localhost:5173/src/main.tsx', entry)).toBe(true);
    expect(isRendererUrl('http://localhost:5174/', entry)).toBe(false);
    expect(isRendererUrl('https://localhost:5173/', entry)).toBe(false);
    expect(isRendererUrl('http://localhost.evil.example:5173/', entry)).toBe(false);
  });

  it('rejects what is not a URL at all', () => {
    expect(isRendererUrl('', { kind: 'file', path: builtIndexPath })).toBe(false);
    expect(isRendererUrl('not a url', { kind: 'devServer', url: 'http://localhost:5173' })).toBe(false);
  });
});
