// The PROXY protocol (v1 text, v2 binary; HAProxy's send-proxy/send-proxy-v2): reads the header a trusted TCP balancer puts before a connection's first byte, so the server sees the real client.
import { isIP, type Server, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { declareSource, normalizeAddress, peerAddress } from './clientAddress';
import type { TrustedProxies } from './trustedProxies';

/** v1's longest line ("PROXY TCP6 <two full IPv6> <two ports>\r\n"), as the protocol's specification bounds it. */
const V1_MAX_BYTES = 107;
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
const V2_FIXED_BYTES = 16;
/** Addresses plus the TLVs HAProxy adds (ALPN, authority, unique id, TLS details): far below this; more is not a balancer. */
export const V2_MAX_PAYLOAD_BYTES = 2048;
/** A balancer writes its header with the connection's first packet: a peer that has not after this long is not one. */
export const PROXY_HEADER_TIMEOUT_MS = 5_000;

export class ProxyHeaderError extends Error {}

/** Not all of the header has arrived yet; `null` source: a LOCAL/UNKNOWN header (the balancer's own check), the peer is the client. */
export type ProxyHeader = { complete: false } | { complete: true; length: number; source: string | null };

const V1_PREFIX = Buffer.from('PROXY ', 'latin1');

function port(text: string | undefined): boolean {
  return text !== undefined && /^(0|[1-9]\d{0,4})$/.test(text) && Number(text) <= 65535;
}

function parseV1(bytes: Buffer): ProxyHeader {
  const end = bytes.indexOf('\r\n', 0, 'latin1');
  if (end === -1) {
    if (bytes.length >= V1_MAX_BYTES) throw new ProxyHeaderError(`PROXY v1 line longer than ${V1_MAX_BYTES} bytes`);
    return { complete: false };
  }
  if (end + 2 > V1_MAX_BYTES) throw new ProxyHeaderError(`PROXY v1 line longer than ${V1_MAX_BYTES} bytes`);
  const fields = bytes.subarray(0, end).toString('latin1').split(' ');
  if (fields[1] === 'UNKNOWN') return { complete: true, length: end + 2, source: null };
  const [, protocol, source, destination, sourcePort, destinationPort] = fields;
  const family = protocol === 'TCP4' ? 4 : protocol === 'TCP6' ? 6 : 0;
  if (
    fields.length !== 6 ||
    family === 0 ||
    source === undefined ||
    isIP(source) !== family ||
    destination === undefined ||
    isIP(destination) !== family ||
    !port(sourcePort) ||
    !port(destinationPort)
  ) {
    throw new ProxyHeaderError('malformed PROXY v1 line');
  }
  return { complete: true, length: end + 2, source: normalizeAddress(source) ?? null };
}

function ipv6Text(bytes: Buffer): string {
  const groups: string[] = [];
  for (let offset = 0; offset < 16; offset += 2) groups.push(bytes.readUInt16BE(offset).toString(16));
  return groups.join(':');
}

function parseV2(bytes: Buffer): ProxyHeader {
  if (bytes.length < V2_FIXED_BYTES) return { complete: false };
  const version = bytes[12] ?? 0;
  const familyAndProtocol = bytes[13] ?? 0;
  const payload = bytes.readUInt16BE(14);
  if (version >> 4 !== 2) throw new ProxyHeaderError(`PROXY v2 header with version ${version >> 4}`);
  const command = version & 0x0f;
  if (command > 1) throw new ProxyHeaderError(`PROXY v2 header with unknown command ${command}`);
  const family = familyAndProtocol >> 4;
  const protocol = familyAndProtocol & 0x0f;
  // Only TCP (STREAM) or unspecified: a UDP or unknown transport cannot be what carries this HTTP connection.
  if (family > 3 || protocol > 1)
    throw new ProxyHeaderError(
      `PROXY v2 header with unsupported address family/protocol 0x${familyAndProtocol.toString(16)}`,
    );
  if (payload > V2_MAX_PAYLOAD_BYTES)
    throw new ProxyHeaderError(`PROXY v2 header of ${payload} bytes (at most ${V2_MAX_PAYLOAD_BYTES})`);
  const addressBytes = [0, 12, 36, 216][family] ?? 0;
  if (payload < addressBytes) throw new ProxyHeaderError('PROXY v2 header shorter than its addresses');
  if (bytes.length < V2_FIXED_BYTES + payload) return { complete: false };
  const length = V2_FIXED_BYTES + payload;
  // LOCAL: the balancer speaking for itself (its health checks); UNSPEC and UNIX: no IP client to name.
  if (command === 0 || (family !== 1 && family !== 2)) return { complete: true, length, source: null };
  const addresses = bytes.subarray(V2_FIXED_BYTES, V2_FIXED_BYTES + addressBytes);
  const source =
    family === 1 ? [...addresses.subarray(0, 4)].join('.') : normalizeAddress(ipv6Text(addresses.subarray(0, 16)));
  return { complete: true, length, source: source ?? null };
}

/**
 * Reads a PROXY header (either version) from the start of what a connection sent: the header's length and its
 * client, or incomplete (the start so far fits a header). Anything else (no header, a malformed or oversized one)
 * throws ProxyHeaderError: the receiver must not guess (the protocol's specification, section 2).
 */
export function parseProxyHeader(bytes: Buffer): ProxyHeader {
  const signature = bytes.subarray(0, V2_SIGNATURE.length);
  if (bytes.length > 0 && V2_SIGNATURE.subarray(0, signature.length).equals(signature)) {
    return signature.length < V2_SIGNATURE.length ? { complete: false } : parseV2(bytes);
  }
  const prefix = bytes.subarray(0, V1_PREFIX.length);
  if (bytes.length > 0 && V1_PREFIX.subarray(0, prefix.length).equals(prefix)) {
    return prefix.length < V1_PREFIX.length ? { complete: false } : parseV1(bytes);
  }
  throw new ProxyHeaderError('the connection does not start with a PROXY header');
}

/**
 * Makes `server` read a PROXY header first on every connection from a trusted peer, before its HTTP (or TLS) handling
 * sees a byte: the header's client is recorded (declareSource) and the bytes after it are handed on. A trusted peer
 * that sends no valid header within PROXY_HEADER_TIMEOUT_MS is closed. Untrusted peers are served as they are: a
 * header from them reaches the HTTP parser as a malformed request and is refused there, never believed.
 *
 * Node has no hook before a server's own connection handling, so its 'connection' listeners are taken off and called
 * once the header is read; the socket stays the server's own (counted, closed by server.close()).
 */
export function readProxyHeaders(
  server: Server,
  trusted: TrustedProxies,
  logger: Logger,
  onConnection: (socket: Socket) => void,
): void {
  const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const handOn = (socket: Socket): void => {
    onConnection(socket);
    if (socket.destroyed) return;
    for (const handler of handlers) handler.call(server, socket);
  };
  server.on('connection', (socket: Socket) => {
    if (!trusted.trusts(peerAddress(socket))) {
      handOn(socket);
      return;
    }
    let received = Buffer.alloc(0);
    const refuse = (reason: string): void => {
      logger.warn({ peer: peerAddress(socket), reason }, 'PROXY protocol: connection from a trusted peer refused');
      socket.destroy();
    };
    const timer = setTimeout(
      () => refuse(`no PROXY header within ${PROXY_HEADER_TIMEOUT_MS} ms`),
      PROXY_HEADER_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      let header: ProxyHeader;
      try {
        header = parseProxyHeader(received);
      } catch (error) {
        cleanUp();
        refuse(error instanceof Error ? error.message : String(error));
        return;
      }
      if (!header.complete) return;
      cleanUp();
      socket.pause();
      if (header.source !== null) declareSource(socket, header.source);
      if (received.length > header.length) socket.unshift(received.subarray(header.length));
      handOn(socket);
      socket.resume();
    };
    const cleanUp = (): void => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', cleanUp);
    };
    socket.on('data', onData);
    socket.once('close', cleanUp);
    // Until the HTTP handling owns it, a reset from the peer must not become an unhandled 'error'.
    socket.on('error', () => undefined);
  });
}
