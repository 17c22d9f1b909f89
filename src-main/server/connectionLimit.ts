// The per-address connection cap: one client address cannot hold all of the server's sockets idle or unanswered; requests past it are answered 503, never reset.
import type { Server, Socket } from 'node:net';
import type { Context, Next } from 'koa';
import { TooManyConnectionsError } from '@shared/api/apiErrors';
import type { Logger } from 'pino';
import { connectionKey, connectionSource, requestClient } from './clientAddress';
import { readProxyHeaders } from './proxyProtocol';
import { NO_TRUSTED_PROXIES, type TrustedProxies } from './trustedProxies';

/** Browsers open at most 6 connections per server and API clients a pool of 10 to 50: 64 leaves them room. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;
/** A connection answered this recently is a keep-alive one in use (the client sends its next request on it), not a held one. */
export const ACTIVE_WINDOW_MS = 2_000;
/** A connection that arrives past the cap is kept this long for its request (to answer it 503); silent, it is closed. */
export const OVER_LIMIT_SILENCE_MS = 5_000;
/**
 * Past four times the cap an address is flooding: its new connections are closed at once (nothing read, so /health
 * too), or a client opening sockets faster than the silence timer closes them would take every file descriptor.
 */
export const FLOOD_FACTOR = 4;
/** What the 503 tells the client to wait: held connections are answered, or time out, on that scale. */
const RETRY_AFTER_SECONDS = 1;
/** Never capped: a balancer's health and readiness checks must answer whatever its clients do. */
const UNCAPPED_PATHS = new Set(['/health', '/ready']);

interface Connection {
  /** The address it counts against; undefined for a trusted proxy's own connections (its requests name their clients). */
  client: string | undefined;
  inFlight: number;
  lastAnsweredAt: number | undefined;
  silenceTimer: NodeJS.Timeout | undefined;
  cap: ConnectionCap;
}

/** Every tracked connection by its endpoints (connectionKey): the TLS socket a request arrives on finds its raw socket's record. */
const connections = new Map<string, Connection>();

export interface ConnectionCapOptions {
  max: number;
  trustedProxies?: TrustedProxies;
  now?: () => number;
}

export class ConnectionCap {
  private readonly byClient = new Map<string, Set<Connection>>();
  private readonly trusted: TrustedProxies;
  private readonly now: () => number;

  constructor(private readonly options: ConnectionCapOptions) {
    this.trusted = options.trustedProxies ?? NO_TRUSTED_PROXIES;
    this.now = options.now ?? Date.now;
  }

  /** Idle or unanswered connections of `client` other than `except`: no request in flight and none answered within ACTIVE_WINDOW_MS. */
  held(client: string, except?: Connection): number {
    let count = 0;
    const now = this.now();
    for (const connection of this.byClient.get(client) ?? []) {
      if (connection === except || connection.inFlight > 0) continue;
      if (connection.lastAnsweredAt === undefined || now - connection.lastAnsweredAt >= ACTIVE_WINDOW_MS) count += 1;
    }
    return count;
  }

  /** Tracks a new connection (after its PROXY header, when there is one) until it closes. */
  attach(socket: Socket): void {
    const source = connectionSource(socket);
    const client = this.trusted.trusts(source) ? undefined : source;
    const held = client === undefined ? 0 : this.held(client);
    if (held >= this.options.max * FLOOD_FACTOR) {
      socket.destroy();
      return;
    }
    const connection: Connection = {
      client,
      inFlight: 0,
      lastAnsweredAt: undefined,
      silenceTimer: undefined,
      cap: this,
    };
    if (held >= this.options.max) connection.silenceTimer = setTimeout(() => socket.destroy(), OVER_LIMIT_SILENCE_MS);
    const key = connectionKey(socket);
    connections.set(key, connection);
    if (client !== undefined) {
      const set = this.byClient.get(client) ?? new Set<Connection>();
      set.add(connection);
      this.byClient.set(client, set);
    }
    socket.once('close', () => {
      clearTimeout(connection.silenceTimer);
      if (connections.get(key) === connection) connections.delete(key);
      if (client === undefined) return;
      const set = this.byClient.get(client);
      set?.delete(connection);
      if (set?.size === 0) this.byClient.delete(client);
    });
  }

  /** Answers the request 503 (closing its connection) when its client holds the cap elsewhere; else counts it in flight until answered. */
  async admit(ctx: Context, connection: Connection, next: Next): Promise<void> {
    clearTimeout(connection.silenceTimer);
    connection.silenceTimer = undefined;
    if (
      !UNCAPPED_PATHS.has(ctx.path) &&
      this.held(requestClient(ctx.req, this.trusted), connection) >= this.options.max
    ) {
      ctx.set('Connection', 'close');
      throw new TooManyConnectionsError(this.options.max, RETRY_AFTER_SECONDS);
    }
    connection.inFlight += 1;
    ctx.res.once('close', () => {
      connection.inFlight -= 1;
      connection.lastAnsweredAt = this.now();
    });
    await next();
  }
}

export interface WatchOptions extends ConnectionCapOptions {
  /** Connections from trusted proxies start with a PROXY header (readProxyHeaders); needs trustedProxies. */
  proxyProtocol?: boolean;
  logger: Logger;
}

/**
 * Counts each client address's connections on `server`. Connections from `trustedProxies` are not counted against
 * the proxy (it pools connections for many clients); with `proxyProtocol` the client its header names is.
 */
export function watchConnections(server: Server, options: WatchOptions): ConnectionCap {
  const cap = new ConnectionCap(options);
  const attach = (socket: Socket): void => cap.attach(socket);
  if (options.proxyProtocol === true)
    readProxyHeaders(server, options.trustedProxies ?? NO_TRUSTED_PROXIES, options.logger, attach);
  else server.on('connection', attach);
  return cap;
}

/** The Koa side of the cap: requests on connections a ConnectionCap tracks are admitted by it; others (tests' bare apps) pass. */
export function connectionCap() {
  return async (ctx: Context, next: Next): Promise<void> => {
    const connection = connections.get(connectionKey(ctx.req.socket));
    if (connection === undefined) return next();
    await connection.cap.admit(ctx, connection, next);
  };
}
