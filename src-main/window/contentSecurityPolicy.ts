// The editor page's Content-Security-Policy, one for the browser and the desktop window: strict, loosened only as far as Vite's dev server needs.

type Directives = Record<string, string[]>;

/**
 * The page may load only its own scripts, styles and fonts and talk only to its own server; previews are shown from
 * blob: and data: URLs (the HTML preview in a sandboxed frame); nothing may frame it. Inline styles are allowed for
 * the label documents the preview shows, which carry their styles inline.
 */
const EDITOR_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
  'frame-src': ["'self'", 'blob:', 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Without a dev server URL: the policy the server sends with the editor and the window enforces. With one: the same
 * plus what Vite needs in development, the inline React Refresh preamble it writes into index.html and its HMR websocket.
 */
export function contentSecurityPolicy(devServerUrl?: string): string {
  if (devServerUrl === undefined) return serialize(EDITOR_DIRECTIVES);
  const server = new URL(devServerUrl);
  const websocket = `${server.protocol === 'https:' ? 'wss:' : 'ws:'}//${server.host}`;
  return serialize({
    ...EDITOR_DIRECTIVES,
    'script-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", websocket],
  });
}
