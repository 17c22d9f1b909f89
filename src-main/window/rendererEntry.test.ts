// Which page the window loads and which URLs count as that page (navigation, IPC senders) or may be loaded at all.
import { describe, expect, it } from 'vitest';
import { isAllowedRequest, isRendererUrl, resolveRendererEntry } from './rendererEntry';

const serverUrl = 'http://127.0.0.1:8425';
const server = { pageUrl: 'http://127.0.0.1:8425/', devServer: false };
const dev = { pageUrl: 'http://localhost:5173/', devServer: true };

describe('resolveRendererEntry', () => {
  it("loads the embedded server's editor, or Vite's dev server only when unpackaged", () => {
    const devServerUrl = 'http://localhost:5173';
    expect(resolveRendererEntry({ isPackaged: false, devServerUrl: undefined, serverUrl })).toEqual(server);
    expect(resolveRendererEntry({ isPackaged: false, devServerUrl, serverUrl })).toEqual(dev);
    expect(resolveRendererEntry({ isPackaged: true, devServerUrl, serverUrl })).toEqual(server);
  });

  it('refuses URLs that are not http(s)', () => {
    expect(() => resolveRendererEntry({ isPackaged: false, devServerUrl: 'file:///etc/passwd', serverUrl })).toThrow(
      /http/,
    );
    expect(() =>
      resolveRendererEntry({ isPackaged: false, devServerUrl: undefined, serverUrl: 'file:///tmp' }),
    ).toThrow(/http/);
  });
});

describe('isRendererUrl', () => {
  it("accepts the server's whole origin, with any path, query or fragment", () => {
    expect(isRendererUrl('http://127.0.0.1:8425/', server)).toBe(true);
    expect(isRendererUrl('http://127.0.0.1:8425/#/templates/abc', server)).toBe(true);
    expect(isRendererUrl('http://127.0.0.1:8425/api/session', server)).toBe(true);
  });

  it('rejects other ports, hosts, schemes and look-alikes', () => {
    expect(isRendererUrl('http://127.0.0.1:8426/', server)).toBe(false);
    expect(isRendererUrl('http://localhost:8425/', server)).toBe(false);
    expect(isRendererUrl('https://127.0.0.1:8425/', server)).toBe(false);
    expect(isRendererUrl('http://127.0.0.1.evil.example:8425/', server)).toBe(false);
    expect(isRendererUrl('file:///etc/passwd', server)).toBe(false);
    expect(isRendererUrl('https://example.com/', dev)).toBe(false);
    expect(isRendererUrl('', server)).toBe(false);
    expect(isRendererUrl('not a url', dev)).toBe(false);
  });
});

describe('isAllowedRequest', () => {
  it('lets the page load its own files and local content, and nothing remote', () => {
    expect(isAllowedRequest('http://127.0.0.1:8425/assets/index.js', server)).toBe(true);
    expect(isAllowedRequest('blob:http://127.0.0.1:8425/3f1c', server)).toBe(true);
    expect(isAllowedRequest('data:image/png;base64,iVBOR', server)).toBe(true);
    expect(isAllowedRequest('https://fonts.example.com/font.woff2', server)).toBe(false);
    expect(isAllowedRequest('http://192.168.1.20:8425/', server)).toBe(false);
    expect(isAllowedRequest('file:///home/ada/.ssh/id_rsa', server)).toBe(false);
  });

  it("allows Vite's websocket in development only", () => {
    expect(isAllowedRequest('ws://localhost:5173/', dev)).toBe(true);
    expect(isAllowedRequest('ws://localhost:5174/', dev)).toBe(false);
    expect(isAllowedRequest('ws://127.0.0.1:8425/', server)).toBe(false);
  });
});
