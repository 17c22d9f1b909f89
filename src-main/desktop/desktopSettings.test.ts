// The desktop app's start settings agree with `labelsmith serve`, and a failed start says what to do.
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../config/dataDir';
import { desktopSettings, startupFailureMessage } from './desktopSettings';

const appRoot = '/opt/labelsmith';
const none = () => false;

describe('desktopSettings', () => {
  it('uses the data directory and port `labelsmith serve` uses', () => {
    const env = { HOME: '/home/ada', XDG_DATA_HOME: '/home/ada/.data' };
    expect(desktopSettings(env, appRoot, none)).toEqual({
      dataDir: resolveDataDir({ env }),
      port: 8425,
      nativeBinding: undefined,
    });
    expect(
      desktopSettings({ LABELSMITH_DATA_DIR: '/srv/labels', LABELSMITH_PORT: '9000' }, appRoot, none),
    ).toMatchObject({ dataDir: '/srv/labels', port: 9000 });
  });

  it('passes the Electron build of better-sqlite3 when it was made', () => {
    const built = '/opt/labelsmith/out/electron-native/better_sqlite3.node';
    expect(desktopSettings({}, appRoot, (path) => path === built).nativeBinding).toBe(built);
  });

  it('serves HTTPS with LABELSMITH_TLS_CERT and LABELSMITH_TLS_KEY, as `labelsmith serve` does, and wants both or neither', () => {
    expect(
      desktopSettings(
        { LABELSMITH_TLS_CERT: '/etc/labels/cert.pem', LABELSMITH_TLS_KEY: '/etc/labels/key.pem' },
        appRoot,
        none,
      ).tls,
    ).toEqual({
      certFile: '/etc/labels/cert.pem',
      keyFile: '/etc/labels/key.pem',
    });
    expect(desktopSettings({ LABELSMITH_TLS_CERT: ' ', LABELSMITH_TLS_KEY: '' }, appRoot, none).tls).toBeUndefined();
    expect(() => desktopSettings({ LABELSMITH_TLS_CERT: '/etc/labels/cert.pem' }, appRoot, none)).toThrow(
      /LABELSMITH_TLS_CERT and LABELSMITH_TLS_KEY must be set together/,
    );
  });

  it('refuses a LABELSMITH_PORT that is not a port, naming it', () => {
    expect(() => desktopSettings({ LABELSMITH_PORT: 'eighty' }, appRoot, none)).toThrow(
      /LABELSMITH_PORT=eighty is not a port/,
    );
    expect(() => desktopSettings({ LABELSMITH_PORT: '70000' }, appRoot, none)).toThrow(/LABELSMITH_PORT/);
  });
});

describe('startupFailureMessage', () => {
  const settings = { port: 8425, dataDir: '/srv/labels' };
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('explains a port in use, a forbidden port, and a database module built for Node', () => {
    expect(startupFailureMessage(errno('EADDRINUSE', 'listen EADDRINUSE'), settings)).toMatch(
      /Port 8425 is already in use.*LABELSMITH_PORT/,
    );
    expect(startupFailureMessage(errno('EACCES', 'listen EACCES'), settings)).toMatch(/port 8425.*above 1024/);
    const abi = new Error(
      'The module better_sqlite3.node was compiled against a different Node.js version using NODE_MODULE_VERSION 115.',
    );
    expect(startupFailureMessage(abi, settings)).toMatch(/npm run build:electron-native/);
  });

  it('names the data directory for anything else', () => {
    expect(startupFailureMessage(new Error('SQLITE_CORRUPT: database disk image is malformed'), settings)).toBe(
      'Labelsmith could not start its server with the data in /srv/labels: SQLITE_CORRUPT: database disk image is malformed',
    );
  });
});
