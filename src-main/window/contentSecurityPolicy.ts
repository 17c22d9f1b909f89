// The renderer page's Content-Security-Policy: strict for the built app, loosened only as far as Vite's dev server needs.

type Directives = Record<string, string[]>;

/**
 * Inline styles are allowed because the HTML preview's srcdoc frame inherits this policy and label documents carry
 * their styles inline; scripts come from the app's own files only (the preview frame runs none at all).
 */
const BUILT_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Without a dev server URL: the built app's policy. With one: the same plus what Vite needs in development, the
 * inline React Refresh preamble it writes into index.html and its HMR websocket.
 */
export function contentSecurityPolicy(devServerUrl?: string): string {
  if (devServerUrl === undefined) return serialize(BUILT_DIRECTIVES);
  const server = new URL(devServerUrl);
  const websocket = `${server.protocol === 'https:' ? 'wss:' : 'ws:'}//${server.host}`;
  return serialize({
    ...BUILT_DIRECTIVES,
    'script-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", websocket],
  });
}
