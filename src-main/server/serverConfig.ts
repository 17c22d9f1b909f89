// What a running server needs to know about itself: where it listens, which Host names it answers, its version.
import { networkInterfaces } from 'node:os';
import { z } from 'zod';
import type { TrustedProxies } from './trustedProxies';

/** Where `labelsmith serve` listens unless told otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8425;

/** A port to listen on; 0 takes any free one. */
export const portSchema = z.coerce
  .number({ error: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(0)
  .max(65535);

/**
 * The port `serve`, `start` and the desktop app listen on unless told otherwise: $LABELSMITH_PORT, else 8425, so the
 * three agree. Text, as a command-line default is: each caller validates it with portSchema along with its other options.
 */
export function portFromEnvironment(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.LABELSMITH_PORT?.trim();
  return fromEnv ? fromEnv : String(DEFAULT_PORT);
}

/** PEM text of the certificate (chain) and its private key. */
export interface TlsCredentials {
  cert: string;
  key: string;
}

/** The certificate and key files `serve`, `start` and the desktop app use unless told otherwise: $LABELSMITH_TLS_CERT and $LABELSMITH_TLS_KEY. */
export function tlsFilesFromEnvironment(env: NodeJS.ProcessEnv = process.env): { tlsCert?: string; tlsKey?: string } {
  const value = (name: string): string | undefined => env[name]?.trim() || undefined;
  return { tlsCert: value('LABELSMITH_TLS_CERT'), tlsKey: value('LABELSMITH_TLS_KEY') };
}

export interface ServerConfig {
  host: string;
  port: number;
  /** With these the server speaks HTTPS only (one listening socket, no plain-HTTP redirect). */
  tls?: TlsCredentials;
  /** The editor's /api and its sign-in answer clients on other machines too; startServer refuses it without TLS. */
  adminLan?: boolean;
  /** Concurrent connections one client address may hold; default DEFAULT_MAX_CONNECTIONS_PER_ADDRESS. */
  maxConnectionsPerAddress?: number;
  /**
   * Balancers and reverse proxies (`serve --trusted-proxy`) whose X-Forwarded-For, or PROXY header, names the real
   * client for the connection cap, the loopback rule and the logs; default: none, every peer is its own client.
   */
  trustedProxies?: TrustedProxies;
  /** Connections from trustedProxies start with a PROXY protocol v1/v2 header (`serve --proxy-protocol`); plain HTTP only. */
  proxyProtocol?: boolean;
  /**
   * The Labelary-compatible viewer answers requests without an API key (`serve --viewer-without-key`), as Labelary's
   * own clients send none: rate-limited per client address, counted against no team. Off by default.
   */
  viewerWithoutKey?: boolean;
  /** Extra Host names accepted when LAN access is on (e.g. the machine's DNS name). */
  allowedHostnames: string[];
  version: string;
  /** The built browser editor (index.html and assets/); default: out/renderer found next to the application. */
  rendererDir?: string;
  /** The largest output a render keeps (url delivery); default MAX_OUTPUT_BYTES (50 MB). Tests lower it. */
  maxOutputBytes?: number;
  /** How long renders in flight may finish after a stop is asked for; default SHUTDOWN_GRACE_MS. */
  shutdownGraceMs?: number;
  /**
   * `redis://…` (or `rediss://…`): the rate limits' windows live in this Redis, one budget per team for every node that
   * uses it (`serve --redis`, required with PostgreSQL); absent: in this process.
   */
  redisUrl?: string;
}

/**
 * After SIGTERM/SIGINT (or close()), renders in flight get this long to finish and be answered; then the render workers
 * are killed, their requests answer 502 RENDER_ERROR, and the server exits. As long as a single render's time limit.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '::1'];

export function isLoopbackAddress(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function isWildcardAddress(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

/** LAN access is on exactly when the server listens on something other than loopback. */
export function lanAccessEnabled(config: Pick<ServerConfig, 'host'>): boolean {
  return !isLoopbackAddress(config.host);
}

/** What `serve` and the desktop app print when the server is open to the network in clear text; undefined otherwise. */
export function lanWithoutTlsWarning(config: Pick<ServerConfig, 'host' | 'tls'>): string | undefined {
  if (!lanAccessEnabled(config) || config.tls !== undefined) return undefined;
  return (
    `LAN access is on without TLS: API keys, templates and rendered labels cross the network in clear text, and anyone ` +
    `who can see the traffic can use the keys. Give the server a certificate: --tls-cert and --tls-key, or ` +
    `LABELSMITH_TLS_CERT and LABELSMITH_TLS_KEY (docs/security.md).`
  );
}

/**
 * The Host names (without port, lower-case) a request may carry. Anything else is a DNS-rebinding attempt or a
 * misdirected request: a web page on another origin must not reach this desktop's server through a name it controls.
 */
export function acceptedHostnames(config: Pick<ServerConfig, 'host' | 'allowedHostnames'>): Set<string> {
  const names = new Set<string>([config.host.toLowerCase()]);
  if (isLoopbackAddress(config.host) || isWildcardAddress(config.host))
    for (const name of LOOPBACK_HOSTNAMES) names.add(name);
  if (isWildcardAddress(config.host)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) names.add(address.address.toLowerCase());
    }
  }
  if (lanAccessEnabled(config)) for (const name of config.allowedHostnames) names.add(name.toLowerCase());
  return names;
}

/**
 * A Host header as RFC 9110 allows it: a DNS name or IPv4 address, or an IPv6 address in brackets, then an optional
 * port. Anything else (userinfo "localhost:1@attacker.example", a path, spaces inside) has no hostname here: taking the
 * text before the last colon would read that one as "localhost" and let it through to be echoed in Location.
 */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9._-]+))(?::\d{0,5})?$/;

/** The hostname of a Host header: "[::1]:8080" -> "::1", "Example.org:80" -> "example.org"; undefined when malformed. */
export function hostnameOf(hostHeader: string): string | undefined {
  const match = HOST_HEADER.exec(hostHeader.trim().toLowerCase());
  return match === null ? undefined : (match[1] ?? match[2]);
}
