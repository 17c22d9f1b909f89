// Sends a job's bytes to a raw TCP printer (port 9100) and resolves only when the printer has taken all of them.
import { connect, type Socket } from 'node:net';
import { PrinterError, seconds } from './printerError';

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

/** A socket error as an operator reads it: what happened at which address, and what to check. */
export function connectionError(error: NodeJS.ErrnoException, address: TcpAddress): PrinterError {
  const where = describeAddress(address);
  switch (error.code) {
    case 'ECONNREFUSED':
      return new PrinterError('unreachable', `connection refused by ${where}: is the printer on and listening on port ${address.port}?`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterError('unreachable', `cannot resolve the printer's host name ${JSON.stringify(address.host)}`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new PrinterError('unreachable', `no route to ${where}: check the address and the network`);
    default:
      return new PrinterError('unreachable', `cannot connect to ${where}: ${error.message}`);
  }
}

/**
 * Opens a connection, failing with a PrinterError after connectTimeoutMs. The socket's own timeout is left unset:
 * the caller sets the one that fits what it waits for next.
 */
export function openConnection(address: TcpAddress, connectTimeoutMs: number = DEFAULT_CONNECT_TIMEOUT_MS): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterError('unreachable', `could not connect to ${describeAddress(address)} within ${seconds(connectTimeoutMs)}`));
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
      failure ??= new PrinterError('timeout', `timed out after ${seconds(idleTimeoutMs)} without progress sending to ${where} (${progress()})`);
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= new PrinterError('interrupted', `the connection to ${where} failed mid-job (${error.code ?? error.message}, ${progress()})`);
    });
    // The printer sends nothing we need; reading keeps its FIN (the end of the job) from waiting behind unread data.
    socket.resume();
    socket.on('close', () => {
      if (failure) reject(failure);
      else if (!socket.writableFinished) reject(new PrinterError('interrupted', `${where} closed the connection mid-job (${progress()})`));
      else resolve();
    });
    socket.end(bytes);
  });
}
