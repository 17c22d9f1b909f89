// The per-address connection limit: connections past it are closed at once, other addresses keep being served, a freed slot is usable again.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from './routes/editor/editorTestSupport';

const LIMIT = 4;
let server: EditorServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startEditorServer({ config: { maxConnectionsPerAddress: LIMIT } });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server.close();
});

type Outcome = { answered: true; socket: Socket } | { answered: false };

/**
 * Connects from `localAddress` (any 127.x.y.z is this machine's loopback, and a distinct client address) and asks for
 * /health on a keep-alive connection: answered (the socket stays open, holding its slot) or closed unanswered.
 */
function healthFrom(localAddress: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: server.port, localAddress });
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) {
        if (!received.startsWith('HTTP/1.1 200')) reject(new Error(`unexpected answer: ${received.split('\r\n')[0] ?? ''}`));
        resolve({ answered: true, socket });
      }
    });
    // ECONNRESET or EPIPE when the server closed the connection before the request was written.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answered: false }));
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

describe('connections per client address', () => {
  it('closes connections past the limit at once, serves other addresses meanwhile, and frees a slot when a connection closes', async () => {
    const held: Socket[] = [];
    for (let index = 0; index < LIMIT; index += 1) {
      const outcome = await healthFrom('127.0.0.1');
      expect(outcome.answered).toBe(true);
      if (outcome.answered) held.push(outcome.socket);
    }
    // The next one from the same address is closed without an answer, however many times it tries.
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await healthFrom('127.0.0.1')).answered).toBe(false);
    // Another client address is not affected, and has its own allowance.
    for (let index = 0; index < LIMIT; index += 1) expect((await healthFrom('127.0.0.2')).answered).toBe(true);
    expect((await healthFrom('127.0.0.2')).answered).toBe(false);

    // A held connection closes: its slot is free again once the server has seen the close.
    const closed = held.pop();
    await new Promise<void>((resolve) => {
      closed?.once('close', () => resolve());
      closed?.end();
    });
    let outcome: Outcome = { answered: false };
    for (let attempt = 0; attempt < 50 && !outcome.answered; attempt += 1) {
      outcome = await healthFrom('127.0.0.1');
      if (!outcome.answered) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(outcome.answered).toBe(true);
  });
});
