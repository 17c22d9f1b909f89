// A node never sends the PostgreSQL password in clear text without TLS, and needs TLS (or an explicit allowance) for a server on another host.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from './openStore';
import { assertDatabaseTransport, PLAINTEXT_DATABASE_ENV } from './postgresTransport';
import { tempDataDir } from '../../test/support/store/storeTestSupport';

const PASSWORD = 'Pg-cleartext-secret-71';

/** A server on loopback speaking just enough of PostgreSQL's protocol to ask for the password in clear text (what a hostile one would do). */
async function cleartextAsker(): Promise<{ port: number; received: Buffer[]; server: Server }> {
  const received: Buffer[] = [];
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    let startup = true;
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (!startup) return;
      startup = false;
      // AuthenticationCleartextPassword: 'R', length 8, code 3 (PostgreSQL protocol 3.0, "Message Formats").
      socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, received, server };
}

let asker: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => (asker ? asker.close(resolve) : resolve(undefined)));
  asker = undefined;
});

describe('a PostgreSQL connection', () => {
  it('refuses a server that asks for the password in clear text without TLS, and sends it nothing', async () => {
    const { port, received, server } = await cleartextAsker();
    asker = server;
    const opening = openStore(tempDataDir(), {
      databaseUrl: `postgres://labelsmith:${PASSWORD}@127.0.0.1:${port}/labels`,
    });
    const error = await opening.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /asked for the password in clear text over a connection without TLS: not sent/,
    );
    expect((error as Error).message).not.toContain(PASSWORD);
    // The startup message arrived (so the server was reached); the password never did.
    expect(received.length).toBeGreaterThan(0);
    const all = Buffer.concat(received).toString('latin1');
    expect(all).toContain('labelsmith');
    expect(all).not.toContain(PASSWORD);
  });

  it('refuses a server on another host unless the URL requires TLS or plain text is allowed, without repeating the URL', async () => {
    const remote = `postgres://labelsmith:${PASSWORD}@db.example.internal:5432/labels`;
    // Refused before any connection is tried.
    const error = await openStore(tempDataDir(), { databaseUrl: remote }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toMatch(
      /db\.example\.internal is on another host and the database URL does not require TLS: add \?sslmode=verify-full/,
    );
    expect((error as Error).message).not.toContain(PASSWORD);
    for (const url of [
      `${remote}?sslmode=disable`,
      `${remote}?sslmode=prefer`,
      'postgres://u:p@10.0.0.5/labels',
      'postgres://u:p@[2001:db8::1]/labels',
    ]) {
      expect(() => assertDatabaseTransport(url, {}), url).toThrow(/does not require TLS/);
    }
    for (const url of [
      `${remote}?sslmode=require`,
      `${remote}?sslmode=verify-full`,
      `${remote}?ssl=true`,
      'postgres://u:p@localhost/labels',
      'postgres://u:p@127.0.0.1:5433/labels',
      'postgres://u:p@[::1]/labels',
      'postgres:///labels?host=/var/run/postgresql',
    ]) {
      expect(() => assertDatabaseTransport(url, {}), url).not.toThrow();
    }
    expect(() => assertDatabaseTransport(remote, { [PLAINTEXT_DATABASE_ENV]: 'allow' })).not.toThrow();
    expect(() => assertDatabaseTransport(remote, { [PLAINTEXT_DATABASE_ENV]: '1' })).toThrow(/does not require TLS/);
  });
});
