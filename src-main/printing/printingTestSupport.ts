// Test support for the printing tests: fake printers started per test and stopped after it, and a port nothing listens on.
import { createServer } from 'node:net';
import { afterEach } from 'vitest';
import { startFakeZplPrinter, type FakeZplPrinter } from './fakeZplPrinter';

const running: FakeZplPrinter[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((printer) => printer.close()));
});

export async function fakePrinter(): Promise<FakeZplPrinter> {
  const printer = await startFakeZplPrinter();
  running.push(printer);
  return printer;
}

/** A 127.0.0.1 port that was just free: bound, then released, so connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}
