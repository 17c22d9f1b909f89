// Opens the data directory's store, starts the render pool and the server on it: what `labelsmith serve` and the desktop app both run.
import type { Logger } from 'pino';
import { APP_VERSION } from '../appVersion';
import { createRenderPool } from '../render/renderPool';
import { openStore } from '../store/openStore';
import { adminUrl, loadOrCreateAdminToken } from './adminSession';
import { startServer, type RunningServer } from './createServer';
import { DEFAULT_HOST, lanWithoutTlsWarning, type TlsCredentials } from './serverConfig';
import type { TrustedProxies } from './trustedProxies';

/** Where the server listens when LAN access is switched on in the editor: every interface. */
export const LAN_HOST = '0.0.0.0';

export interface EmbeddedServerOptions {
  dataDir: string;
  port: number;
  /** The command line's --host; without it the editor's LAN access setting decides. */
  host?: string;
  /** Extra Host names from the command line, added to the ones saved in the editor's settings. */
  allowHost?: readonly string[];
  /** Serve HTTPS with these (see readTlsCredentials). */
  tls?: TlsCredentials;
  /** The editor's admin API for other machines too: needs `tls`. */
  adminLan?: boolean;
  /** Default: DEFAULT_MAX_CONNECTIONS_PER_ADDRESS. */
  maxConnectionsPerAddress?: number;
  /** See ServerConfig.trustedProxies and proxyProtocol. */
  trustedProxies?: TrustedProxies;
  proxyProtocol?: boolean;
  /** See ServerConfig.viewerWithoutKey. */
  viewerWithoutKey?: boolean;
  logger: Logger;
  /** See ServerConfig.shutdownGraceMs. */
  shutdownGraceMs?: number;
  /** better-sqlite3's addon built for Electron (see openStore); default: the package's own build for Node. */
  nativeBinding?: string;
  /** A shared installation (`labelsmith serve --database/--outputs/--redis`); the desktop app gives none: the embedded default. */
  databaseUrl?: string;
  outputsUrl?: string;
  redisUrl?: string;
}

export interface EmbeddedServer extends RunningServer {
  host: string;
  dataDir: string;
  /** The editor link with the admin token: opening it signs a browser in. Keep it private. */
  adminLink: string;
  /** The data directory's admin token (the desktop app signs its own window in with it). */
  adminToken: string;
  /** Set when the server is open to the network in clear text: shown to whoever started it. */
  securityWarning?: string;
}

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const store = await openStore(options.dataDir, {
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
    databaseUrl: options.databaseUrl,
    outputsUrl: options.outputsUrl,
  });
  // The editor's settings apply when the command line says nothing; --host always wins.
  const host = options.host ?? ((await store.settings.get('lanAccess')) === true ? LAN_HOST : DEFAULT_HOST);
  const allowedHostnames = [
    ...new Set([...((await store.settings.get('allowedHostnames')) ?? []), ...(options.allowHost ?? [])]),
  ];
  const adminToken = await loadOrCreateAdminToken(store);
  const pool = createRenderPool();
  const server = await startServer({
    store,
    pool,
    logger: options.logger,
    config: {
      host,
      port: options.port,
      allowedHostnames,
      version: APP_VERSION,
      tls: options.tls,
      adminLan: options.adminLan,
      maxConnectionsPerAddress: options.maxConnectionsPerAddress,
      trustedProxies: options.trustedProxies,
      proxyProtocol: options.proxyProtocol,
      // The flag (or its environment variable) turns it on; otherwise the editor's stored setting decides.
      viewerWithoutKey: options.viewerWithoutKey === true || (await store.settings.get('viewerWithoutKey')) === true,
      shutdownGraceMs: options.shutdownGraceMs,
      redisUrl: options.redisUrl,
    },
  }).catch(async (error: unknown) => {
    await pool.close();
    await store.close();
    throw error;
  });
  return {
    ...server,
    host,
    dataDir: options.dataDir,
    adminToken,
    adminLink: adminUrl(host, server.port, adminToken, options.tls === undefined ? 'http' : 'https'),
    securityWarning: lanWithoutTlsWarning({ host, tls: options.tls }),
  };
}
