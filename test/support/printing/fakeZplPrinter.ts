// Test support: a ZPL printer on 127.0.0.1 that records every connection's bytes and answers ~HS with a scripted state.
import { createServer, type Server, type Socket } from 'node:net';
import { listenOnLoopback } from '../server/freePort';

export type FakePrinterState = 'ready' | 'paperOut' | 'headOpen' | 'paused' | 'ribbonOut' | 'bufferFull';

/** Set flags over a ready GK420-like printer's answer, in the manual's string layout. */
export function hostStatusAnswer(state: FakePrinterState): string {
  const flag = (wanted: FakePrinterState) => (state === wanted ? '1' : '0');
  const formats = state === 'bufferFull' ? '012' : '000';
  const one = `030,${flag('paperOut')},${flag('paused')},1218,${formats},${flag('bufferFull')},0,0,000,0,0,0`;
  const two = `001,0,${flag('headOpen')},${flag('ribbonOut')},1,2,6,0,00000000,1,000`;
  const three = '1234,0';
  return [one, two, three].map((fields) => `\x02${fields}\x03\r\n`).join('');
}

export interface FakeConnection {
  /** Every byte received so far, in order. */
  bytes: Buffer;
  /** True once the client ended its side (the whole job arrived). */
  ended: boolean;
}

export interface FakeZplPrinter {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly connections: FakeConnection[];
  /** The state ~HS reports from now on. */
  setState(state: FakePrinterState): void;
  /** Reset each new connection once it has received this many bytes (a printer switched off mid-job); null: never. */
  closeAfterBytes(count: number | null): void;
  /** Accept connections and read, but never answer ~HS (a hung or busy printer). */
  silent(on: boolean): void;
  /** Stop reading new connections (a paused printer with a full buffer): the sender's writes back up. */
  stall(on: boolean): void;
  /** Close its side of each connection only this long after the whole job arrived (a slow printer's acknowledgement); 0: at once. */
  acknowledgeAfter(ms: number): void;
  close(): Promise<void>;
}

/** `port`: a given one (a printer switched on at an address jobs were failing against); default any free one. */
export async function startFakeZplPrinter(port = 0): Promise<FakeZplPrinter> {
  const connections: FakeConnection[] = [];
  const sockets = new Set<Socket>();
  let state: FakePrinterState = 'ready';
  let cutAt: number | null = null;
  let answers = true;
  let stalled = false;
  let acknowledgeMs = 0;

  // Half-open: the printer, not Node, decides when its side closes, which is what the sender takes as the acknowledgement.
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const connection: FakeConnection = { bytes: Buffer.alloc(0), ended: false };
    connections.push(connection);
    const limit = cutAt;
    if (stalled) socket.pause();
    socket.on('data', (chunk: Buffer) => {
      connection.bytes = Buffer.concat([connection.bytes, chunk]);
      if (limit !== null && connection.bytes.length >= limit) {
        connection.bytes = connection.bytes.subarray(0, limit);
        // RST rather than FIN: the sender learns at once that the rest of its job went nowhere.
        socket.resetAndDestroy();
        return;
      }
      if (answers && chunk.includes('~HS')) socket.write(hostStatusAnswer(state));
    });
    socket.on('end', () => {
      connection.ended = true;
      if (acknowledgeMs === 0) socket.end();
      else setTimeout(() => socket.end(), acknowledgeMs).unref();
    });
    socket.on('error', () => undefined);
  });
  await listenOnLoopback(server, port);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake printer has no TCP port');

  return {
    host: '127.0.0.1',
    port: address.port,
    connections,
    setState: (next) => {
      state = next;
    },
    closeAfterBytes: (count) => {
      cutAt = count;
    },
    silent: (on) => {
      answers = !on;
    },
    stall: (on) => {
      stalled = on;
    },
    acknowledgeAfter: (ms) => {
      acknowledgeMs = ms;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
