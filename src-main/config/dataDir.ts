// Where Labelsmith keeps its data: --data-dir, else LABELSMITH_DATA_DIR, else the platform's app-data folder.
import { homedir } from 'node:os';
import { posix, resolve, win32 } from 'node:path';

export interface DataDirSources {
  /** The --data-dir option, when given. */
  flag?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
}

/** Parameters default to this process's, so tests can ask what another platform would choose. */
export function resolveDataDir({
  flag,
  env = process.env,
  platform = process.platform,
  home = homedir(),
}: DataDirSources = {}): string {
  if (flag !== undefined && flag !== '') return resolve(flag);
  const fromEnv = env.LABELSMITH_DATA_DIR;
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  return platformDataDir(env, platform, home);
}

function platformDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), 'Labelsmith');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', 'Labelsmith');
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  return posix.join(
    xdg !== undefined && posix.isAbsolute(xdg) ? xdg : posix.join(home, '.local', 'share'),
    'labelsmith',
  );
}
