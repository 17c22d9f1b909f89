// better-sqlite3 built for Electron's ABI: where the addon lives, and how node-gyp builds it without touching Node's own build.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Under the app's folder, apart from node_modules/better-sqlite3/build, which the Node tests and the CLI load. */
export const ELECTRON_NATIVE_DIR = join('out', 'electron-native');
export const SQLITE_ADDON_FILE = 'better_sqlite3.node';
/** Where Electron's headers are published (node-gyp downloads the version's headers from here). */
export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';

export function electronAddonPath(appRoot: string): string {
  return join(appRoot, ELECTRON_NATIVE_DIR, SQLITE_ADDON_FILE);
}

/** The addon built for Electron when `npm run build:electron-native` made it; otherwise none, and openStore's default applies. */
export function nativeBindingFor(appRoot: string, exists: (path: string) => boolean = existsSync): string | undefined {
  const path = electronAddonPath(appRoot);
  return exists(path) ? path : undefined;
}

export interface NodeGypTarget {
  electronVersion: string;
  arch: string;
  /** Electron's headers unpacked on disk (offline builds); without it node-gyp downloads them. */
  headersDir?: string;
}

export function nodeGypArguments({ electronVersion, arch, headersDir }: NodeGypTarget): string[] {
  return [
    'rebuild',
    '--release',
    `--target=${electronVersion}`,
    `--arch=${arch}`,
    ...(headersDir === undefined ? [`--dist-url=${ELECTRON_HEADERS_URL}`] : [`--nodedir=${headersDir}`]),
  ];
}

/**
 * The environment for node-gyp: npm passes its own settings down as npm_config_* variables, and a `nodedir` set for
 * Node (as on machines that build addons offline) would silently build against Node's headers, the very ABI to avoid.
 */
export function nodeGypEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (!/^npm_config_(nodedir|target|arch|dist_url|runtime|disturl)$/i.test(name)) clean[name] = value;
  }
  return clean;
}
