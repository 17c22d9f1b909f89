// What the desktop app starts with: the same data directory, port and TLS files as `labelsmith serve`, and why a start failed, in words.
import { z } from 'zod';
import { resolveDataDir } from '../config/dataDir';
import { portFromEnvironment, portSchema, tlsFilesFromEnvironment } from '../server/serverConfig';
import { nativeBindingFor } from './electronNative';

export interface DesktopSettings {
  /** LABELSMITH_DATA_DIR, else the platform's app-data folder: where `labelsmith serve` keeps the same data. */
  dataDir: string;
  /** LABELSMITH_PORT, else 8425, as for `labelsmith serve`. */
  port: number;
  /** LABELSMITH_TLS_CERT and LABELSMITH_TLS_KEY, as for `labelsmith serve`: the server speaks HTTPS with them. */
  tls?: { certFile: string; keyFile: string };
  /** better-sqlite3 built for Electron, when `npm run build:electron-native` made it. */
  nativeBinding?: string;
}

export function desktopSettings(
  env: NodeJS.ProcessEnv,
  appRoot: string,
  exists?: (path: string) => boolean,
): DesktopSettings {
  const port = portSchema.safeParse(portFromEnvironment(env));
  if (!port.success)
    throw new Error(`LABELSMITH_PORT=${env.LABELSMITH_PORT} is not a port: ${z.prettifyError(port.error)}`);
  const { tlsCert, tlsKey } = tlsFilesFromEnvironment(env);
  if ((tlsCert === undefined) !== (tlsKey === undefined))
    throw new Error('LABELSMITH_TLS_CERT and LABELSMITH_TLS_KEY must be set together (or neither)');
  return {
    dataDir: resolveDataDir({ env }),
    port: port.data,
    ...(tlsCert !== undefined && tlsKey !== undefined ? { tls: { certFile: tlsCert, keyFile: tlsKey } } : {}),
    nativeBinding: nativeBindingFor(appRoot, exists),
  };
}

/** Node's message for an addon built for another ABI ("was compiled against a different Node.js version … NODE_MODULE_VERSION"). */
const WRONG_ABI_PATTERN = /NODE_MODULE_VERSION|compiled against a different Node\.js version/;

/** What the error box says when the app cannot start its server: the cause, and what to do about it. */
export function startupFailureMessage(error: unknown, settings: Pick<DesktopSettings, 'port' | 'dataDir'>): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EADDRINUSE') {
    return `Port ${settings.port} is already in use: is \`labelsmith serve\` running? Stop it, or start the app with LABELSMITH_PORT set to a free port.`;
  }
  if (code === 'EACCES')
    return `Labelsmith may not listen on port ${settings.port}: start it with LABELSMITH_PORT set to a port above 1024.`;
  if (WRONG_ABI_PATTERN.test(message)) {
    return `The database module is built for Node.js, not for Electron: run \`npm run build:electron-native\` once, then start the app again. (${message})`;
  }
  return `Labelsmith could not start its server with the data in ${settings.dataDir}: ${message}`;
}
