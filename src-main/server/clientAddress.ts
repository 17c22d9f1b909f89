// Who is at the other end of a connection: its address as the client would write it, and whether it is this machine.
import type { Socket } from 'node:net';
import { isLoopbackAddress } from './serverConfig';

const IPV4_MAPPED_PREFIX = '::ffff:';

/** An IPv4 client of a dual-stack socket shows as "::ffff:10.0.0.2": it is 10.0.0.2, for the limits and the loopback rule alike. */
export function clientAddress(socket: Pick<Socket, 'remoteAddress'>): string {
  const address = (socket.remoteAddress ?? '').toLowerCase();
  return address.startsWith(IPV4_MAPPED_PREFIX) && address.includes('.') ? address.slice(IPV4_MAPPED_PREFIX.length) : address;
}

export function isLoopbackClient(socket: Pick<Socket, 'remoteAddress'>): boolean {
  return isLoopbackAddress(clientAddress(socket));
}
