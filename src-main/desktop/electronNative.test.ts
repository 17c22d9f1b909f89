// How the Electron build of better-sqlite3 is made and found: Electron's headers, never the Node headers npm may point at.
import { describe, expect, it } from 'vitest';
import { electronAddonPath, nativeBindingFor, nodeGypArguments, nodeGypEnvironment } from './electronNative';

describe('the Electron build of better-sqlite3', () => {
  it('lives apart from the Node build, and is used only when it exists', () => {
    expect(electronAddonPath('/opt/app')).toBe('/opt/app/out/electron-native/better_sqlite3.node');
    expect(nativeBindingFor('/opt/app', () => false)).toBeUndefined();
    expect(nativeBindingFor('/opt/app', (path) => path === '/opt/app/out/electron-native/better_sqlite3.node')).toBe(
      '/opt/app/out/electron-native/better_sqlite3.node',
    );
  });

  it('is built by node-gyp against the installed Electron, downloading its headers or using unpacked ones', () => {
    expect(nodeGypArguments({ electronVersion: '45.4.1', arch: 'x64' })).toEqual([
      'rebuild',
      '--release',
      '--target=45.4.1',
      '--arch=x64',
      '--dist-url=https://electronjs.org/headers',
    ]);
    expect(
      nodeGypArguments({ electronVersion: '45.4.1', arch: 'arm64', headersDir: '/tmp/electron-headers' }),
    ).toContain('--nodedir=/tmp/electron-headers');
  });

  it("drops npm's nodedir and target settings so node-gyp cannot fall back to Node's headers", () => {
    const env = nodeGypEnvironment({
      PATH: '/usr/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_TARGET: '20.0.0',
      npm_config_cache: '/root/.npm',
    });
    expect(env).toEqual({ PATH: '/usr/bin', npm_config_cache: '/root/.npm' });
  });
});
