// `labelsmith start` decides: the desktop app where Electron can start, else the server with the editor's link for a browser.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type LaunchChoice =
  { kind: 'desktop'; electronBinary: string; appDir: string } | { kind: 'browser'; reason: string };

export interface LaunchSituation {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The Electron executable when it is installed (findElectronBinary). */
  electronBinary: string | undefined;
  /** The built desktop app (findDesktopApp). */
  appDir: string | undefined;
  /** `start --browser`: the user asked for the browser. */
  browserRequested: boolean;
}

/** macOS and Windows always have a desktop; elsewhere a window needs an X11 or Wayland display. */
function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  return platform === 'darwin' || platform === 'win32' || Boolean(env.DISPLAY) || Boolean(env.WAYLAND_DISPLAY);
}

export function chooseLaunch({
  platform,
  env,
  electronBinary,
  appDir,
  browserRequested,
}: LaunchSituation): LaunchChoice {
  if (browserRequested) return { kind: 'browser', reason: '--browser was given' };
  if (electronBinary === undefined) {
    return {
      kind: 'browser',
      reason:
        "Electron's binary is not installed (node_modules/electron has no dist/: its download failed or was not possible)",
    };
  }
  if (!hasDisplay(platform, env))
    return { kind: 'browser', reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  if (appDir === undefined)
    return { kind: 'browser', reason: 'the desktop app is not built (npm run build:electron writes out/main)' };
  return { kind: 'desktop', electronBinary, appDir };
}

export interface ElectronPackageFiles {
  /** node_modules/electron. */
  electronDir: string;
  env: NodeJS.ProcessEnv;
  exists(path: string): boolean;
  readText(path: string): string | undefined;
}

/**
 * Where the electron package put its binary: path.txt names it inside dist/ (ELECTRON_OVERRIDE_DIST_PATH replaces
 * dist/, as the package itself allows). Read here rather than through require('electron'), which would try to download
 * a missing binary from the network.
 */
export function findElectronBinary({ electronDir, env, exists, readText }: ElectronPackageFiles): string | undefined {
  const executable = readText(join(electronDir, 'path.txt'))?.trim();
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override
    ? join(override, executable || 'electron')
    : executable
      ? join(electronDir, 'dist', executable)
      : undefined;
  return binary !== undefined && exists(binary) ? binary : undefined;
}

/** The folder holding package.json and out/main/index.js, found by walking up from `from`: Electron runs it as the app. */
export function findDesktopApp(from: string, exists: (path: string) => boolean = existsSync): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (exists(join(dir, 'package.json')) && exists(join(dir, 'out', 'main', 'index.js'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

export function readTextIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
