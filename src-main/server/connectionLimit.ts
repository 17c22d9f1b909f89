// The per-address connection limit: one client address cannot take all of the server's sockets (or its TLS handshakes).
import type { Server } from 'node:net';
import { clientAddress } from './clientAddress';

/** Browsers open at most 6 connections per server and API clients a pool of 10 to 50: 64 leaves them room. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;

/**
 * Counts the open TCP connections of each client address, and closes a new one at once (before any TLS handshake or
 * request is read) when its address already holds `max`. Other addresses are not affected.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = clientAddress(socket);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
