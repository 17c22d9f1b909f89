import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from './dataDir';

describe('resolveDataDir', () => {
  const platformEnv = { XDG_DATA_HOME: '/xdg', APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' };
  const env = { ...platformEnv, LABELSMITH_DATA_DIR: '/srv/labelsmith' };

  it('takes --data-dir first, then LABELSMITH_DATA_DIR, made absolute', () => {
    expect(resolveDataDir({ flag: 'rel/dir', env, platform: 'linux', home: '/home/ann' })).toBe(resolve('rel/dir'));
    expect(resolveDataDir({ env, platform: 'linux', home: '/home/ann' })).toBe('/srv/labelsmith');
    expect(resolveDataDir({ flag: '', env: { LABELSMITH_DATA_DIR: '' }, platform: 'linux', home: '/home/ann' })).toBe(
      '/home/ann/.local/share/labelsmith',
    );
  });

  it("falls back to the platform's app-data folder", () => {
    expect(resolveDataDir({ env: platformEnv, platform: 'linux', home: '/home/ann' })).toBe('/xdg/labelsmith');
    expect(resolveDataDir({ env: {}, platform: 'linux', home: '/home/ann' })).toBe('/home/ann/.local/share/labelsmith');
    expect(resolveDataDir({ env: { XDG_DATA_HOME: 'relative' }, platform: 'freebsd', home: '/home/ann' })).toBe(
      '/home/ann/.local/share/labelsmith',
    );
    expect(resolveDataDir({ env: {}, platform: 'darwin', home: '/Users/ann' })).toBe(
      '/Users/ann/Library/Application Support/Labelsmith',
    );
    expect(resolveDataDir({ env: platformEnv, platform: 'win32', home: 'C:\\Users\\ann' })).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Labelsmith',
    );
    expect(resolveDataDir({ env: {}, platform: 'win32', home: 'C:\\Users\\ann' })).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Labelsmith',
    );
  });
});
