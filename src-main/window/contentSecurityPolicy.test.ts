// The editor page's CSP: only its own scripts and server, no plugins, no framing; only Vite's needs added in development.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './contentSecurityPolicy';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('lets the page run only its own scripts and talk only to its own server', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.has('script-src')).toBe(false);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows what the label preview needs: inline styles, data: fonts, blob: and data: images and frames', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('style-src')).toContain("'unsafe-inline'");
    expect(policy.get('font-src')).toContain('data:');
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'blob:', 'data:']);
  });

  it("adds Vite's inline preamble and the dev server's websocket in development", () => {
    const policy = directives(contentSecurityPolicy('http://localhost:5173'));
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    expect(directives(contentSecurityPolicy('https://127.0.0.1:5173')).get('connect-src')).toContain(
      'wss://127.0.0.1:5173',
    );
  });
});
