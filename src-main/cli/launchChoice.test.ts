// `labelsmith start`'s decision: the desktop app only with an Electron binary, a display and a built app; the browser otherwise, saying why.
import { describe, expect, it } from 'vitest';
import { chooseLaunch, findDesktopApp, findElectronBinary, type LaunchSituation } from './launchChoice';

const ready: LaunchSituation = {
  platform: 'linux',
  env: { DISPLAY: ':0' },
  electronBinary: '/app/node_modules/electron/dist/electron',
  appDir: '/app',
  browserRequested: false,
};

describe('chooseLaunch', () => {
  it('opens the desktop app where everything is there', () => {
    expect(chooseLaunch(ready)).toEqual({
      kind: 'desktop',
      electronBinary: '/app/node_modules/electron/dist/electron',
      appDir: '/app',
    });
    expect(chooseLaunch({ ...ready, env: { WAYLAND_DISPLAY: 'wayland-0' } }).kind).toBe('desktop');
  });

  it('needs no DISPLAY on macOS and Windows', () => {
    expect(chooseLaunch({ ...ready, platform: 'darwin', env: {} }).kind).toBe('desktop');
    expect(chooseLaunch({ ...ready, platform: 'win32', env: {} }).kind).toBe('desktop');
  });

  it.each([
    ['no Electron binary', { electronBinary: undefined }, /Electron's binary is not installed/],
    ['no display on Linux', { env: { DISPLAY: '' } }, /no display/],
    ['no built app', { appDir: undefined }, /npm run build:electron/],
    ['--browser', { browserRequested: true }, /--browser/],
  ] as const)('serves the editor for a browser with %s, saying why', (_case, change, reason) => {
    const choice = chooseLaunch({ ...ready, ...change });
    expect(choice.kind).toBe('browser');
    expect(choice.kind === 'browser' && choice.reason).toMatch(reason);
  });
});

describe('findElectronBinary', () => {
  const files = (present: Record<string, string>) => ({
    exists: (path: string) => path in present,
    readText: (path: string) => present[path],
  });

  it("reads path.txt and finds the binary in dist/, as the electron package's own index.js does", () => {
    const found = findElectronBinary({
      electronDir: '/nm/electron',
      env: {},
      ...files({ '/nm/electron/path.txt': 'electron', '/nm/electron/dist/electron': '' }),
    });
    expect(found).toBe('/nm/electron/dist/electron');
  });

  it('finds nothing when the download never happened or left no binary', () => {
    expect(findElectronBinary({ electronDir: '/nm/electron', env: {}, ...files({}) })).toBeUndefined();
    expect(
      findElectronBinary({ electronDir: '/nm/electron', env: {}, ...files({ '/nm/electron/path.txt': 'electron' }) }),
    ).toBeUndefined();
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const found = findElectronBinary({
      electronDir: '/nm/electron',
      env: { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' },
      ...files({ '/opt/electron/electron': '' }),
    });
    expect(found).toBe('/opt/electron/electron');
  });
});

describe('findDesktopApp', () => {
  it('walks up from the CLI bundle to the folder with package.json and the built main process', () => {
    const present = new Set(['/repo/package.json', '/repo/out/main/index.js', '/repo/out/node/cli/package.json']);
    expect(findDesktopApp('/repo/out/node/cli', (path) => present.has(path))).toBe('/repo');
    expect(findDesktopApp('/elsewhere/bin', (path) => present.has(path))).toBeUndefined();
  });
});
