// Sends a job's bytes to a raw TCP printer (port 9100) and resolves only when the printer has taken all of them.
import { connect, type Socket } from 'node:net';
import { PrinterError, printerErrorAt, seconds } from './printerError';

export interface TcpAddress {
  host: string;
  port: number;
}

export interface TcpTimeouts {
  /** Until the connection is open. */
  connectTimeoutMs?: number;
  /** Longest wait without progress once connected: a printer that stops reading (paused, buffer full) ends the job here. */
  idleTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;
const DEFAULT_IDLE_TIMEOUT_MS = 10_000;

export function describeAddress({ host, port }: TcpAddress): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** A socket error as an operator reads it: what happened at which address, and what to check (API clients: without the address). */
export function connectionError(error: NodeJS.ErrnoException, address: TcpAddress): PrinterError {
  const where = describeAddress(address);
  switch (error.code) {
    case 'ECONNREFUSED':
      return printerErrorAt(
        'unreachable',
        where,
        (at) => `connection refused by ${at}: is the printer on and listening on that port?`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return printerErrorAt(
        'unreachable',
        `the printer's host name ${JSON.stringify(address.host)}`,
        (name) => `cannot resolve ${name}`,
        "the printer's host name",
      );
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return printerErrorAt('unreachable', where, (at) => `no route to ${at}: check the address and the network`);
    default:
      // The system's message may repeat the address (getaddrinfo's does): API clients get the code only.
      return new PrinterError(
        'unreachable',
        `cannot connect to ${where}: ${error.message}`,
        `cannot connect to the printer (${error.code ?? 'error'})`,
      );
  }
}

/**
 * Opens a connection, failing with a PrinterError after connectTimeoutMs. The socket's own timeout is left unset:
 * the caller sets the one that fits what it waits for next.
 */
export function openConnection(
  address: TcpAddress,
  connectTimeoutMs: number = DEFAULT_CONNECT_TIMEOUT_MS,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        printerErrorAt(
          'unreachable',
          describeAddress(address),
          (at) => `could not connect to ${at} within ${seconds(connectTimeoutMs)}`,
        ),
      );
    }, connectTimeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(connectionError(error, address));
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
  });
}

/**
 * Writes `bytes` and half-closes; resolves once the printer closed its side too, which it does after reading to the
 * end of the job. Resolving on our own 'finish' would only mean the bytes reached our kernel's send buffer.
 */
export async function sendRaw(address: TcpAddress, bytes: Uint8Array, timeouts: TcpTimeouts = {}): Promise<void> {
  const socket = await openConnection(address, timeouts.connectTimeoutMs);
  const idleTimeoutMs = timeouts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const where = describeAddress(address);
  // bytesWritten counts what still waits in our own buffer too; what left it went to the network.
  const progress = () => `${socket.bytesWritten - socket.writableLength} of ${bytes.length} bytes sent`;
  await new Promise<void>((resolve, reject) => {
    let failure: PrinterError | undefined;
    socket.setTimeout(idleTimeoutMs, () => {
      failure ??= printerErrorAt(
        'timeout',
        where,
        (at) => `timed out after ${seconds(idleTimeoutMs)} without progress sending to ${at} (${progress()})`,
      );
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= printerErrorAt(
        'interrupted',
        where,
        (at) => `the connection to ${at} failed mid-job (${error.code ?? error.message}, ${progress()})`,
      );
    });
    // The printer sends nothing we need; reading keeps its FIN (the end of the job) from waiting behind unread data.
    socket.resume();
    socket.on('close', () => {
      if (failure) reject(failure);
      else if (!socket.writableFinished)
        reject(printerErrorAt('interrupted', where, (at) => `${at} closed the connection mid-job (${progress()})`));
      else resolve();
    });
    socket.end(bytes);
  });
}
