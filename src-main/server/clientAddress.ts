// Who is at the other end of a request: the TCP peer, what a trusted balancer's PROXY header or X-Forwarded-For says, and whether it is this machine.
import type { IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { isLoopbackAddress } from './serverConfig';
import { NO_TRUSTED_PROXIES, type TrustedProxies } from './trustedProxies';

const IPV4_MAPPED_PREFIX = '::ffff:';

type Peer = Pick<Socket, 'remoteAddress'>;
type Endpoints = Pick<Socket, 'remoteAddress' | 'remotePort' | 'localAddress' | 'localPort'>;

/** An IPv4 client of a dual-stack socket shows as "::ffff:10.0.0.2": it is 10.0.0.2, for the limits and the loopback rule alike. */
export function peerAddress(socket: Peer): string {
  const address = (socket.remoteAddress ?? '').toLowerCase();
  return address.startsWith(IPV4_MAPPED_PREFIX) && address.includes('.')
    ? address.slice(IPV4_MAPPED_PREFIX.length)
    : address;
}

/**
 * An address written by someone else (a PROXY header, an X-Forwarded-For hop) in the form Node gives peers: IPv6
 * compressed and lower-case, IPv4-mapped IPv6 as plain IPv4, so one client is one key whoever wrote it. undefined when
 * it is no IP address ("unknown", an obfuscated nginx identifier).
 */
export function normalizeAddress(text: string): string | undefined {
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return undefined;
  // The URL parser writes IPv6 in its canonical compressed form (RFC 5952), mapped IPv4 as hex groups.
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped === null) return canonical;
  const high = Number.parseInt(mapped[1] ?? '0', 16);
  const low = Number.parseInt(mapped[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** What a trusted balancer's PROXY header declared, keyed by the connection's four endpoints: a TLS socket over the raw one finds it too. */
const declaredSources = new Map<string, string>();

export function connectionKey(socket: Endpoints): string {
  return `${socket.localAddress ?? ''}|${socket.localPort ?? ''}|${socket.remoteAddress ?? ''}|${socket.remotePort ?? ''}`;
}

/** Records the client a PROXY header from a trusted peer named for this connection, for as long as it is open. */
export function declareSource(socket: Socket, address: string): void {
  const key = connectionKey(socket);
  declaredSources.set(key, address);
  socket.once('close', () => declaredSources.delete(key));
}

/** The connection's client: the address its PROXY header declared, else its TCP peer. */
export function connectionSource(socket: Endpoints): string {
  return declaredSources.get(connectionKey(socket)) ?? peerAddress(socket);
}

/** "203.0.113.7:4711" -> "203.0.113.7", "[2001:db8::1]:443" -> "2001:db8::1" (RFC 7239 style hops some proxies write). */
function hopAddress(hop: string): string | undefined {
  const trimmed = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  if (bracketed !== null) return normalizeAddress(bracketed[1] ?? '');
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed);
  return normalizeAddress(withPort === null ? trimmed : (withPort[1] ?? ''));
}

/**
 * The request's client. From an untrusted peer: the peer (or what its trusted balancer's PROXY header said), whatever
 * X-Forwarded-For it sends. From a trusted one: X-Forwarded-For read from the right, skipping trusted hops, up to the
 * first untrusted one: every hop left of that was written by the client itself and proves nothing. A hop that is no
 * address ends the walk at the trusted hop right of it. No header: the trusted peer itself is the client.
 */
export function requestClient(
  request: Pick<IncomingMessage, 'socket' | 'headers'>,
  trusted: TrustedProxies = NO_TRUSTED_PROXIES,
): string {
  let client = connectionSource(request.socket);
  if (!trusted.trusts(client)) return client;
  const header = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] ?? '';
    if (hop.trim() === '' && hops.length === 1) break;
    const address = hopAddress(hop);
    if (address === undefined) break;
    client = address;
    if (!trusted.trusts(address)) break;
  }
  return client;
}

/**
 * The loopback rule (the admin API answers only this machine unless --admin-lan): the TCP peer and the real client
 * must both be loopback. A proxy on this machine is a loopback peer, so its requests count as local only when it says
 * their client is local too; a proxy elsewhere never makes a request local, whatever its headers say.
 */
export function isLoopbackClient(
  request: Pick<IncomingMessage, 'socket' | 'headers'>,
  trusted: TrustedProxies = NO_TRUSTED_PROXIES,
): boolean {
  return isLoopbackAddress(peerAddress(request.socket)) && isLoopbackAddress(requestClient(request, trusted));
}
