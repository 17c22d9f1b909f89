// Test support: loopback TCP ports for the servers tests start (PostgreSQL, Redis, Labelsmith nodes, fake printers), taken below the kernel's ephemeral range.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * Ports the kernel never hands out by itself: below `ip_local_port_range`. A port the kernel chose (listen(0), or the
 * local side of any outgoing connection) can be taken by another test between being released here and being bound
 * again by the server it was chosen for, or by a printer switched on again at its old address; a port from this range
 * can only clash with another pick of this function, which then tries the next one.
 */
function unassignedRange(): [number, number] {
  let low = 32768;
  try {
    low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // Not Linux: keep the common default.
  }
  return [Math.max(1024, low - 12_000), low];
}

const [LOW, HIGH] = unassignedRange();

function listenOn(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

/**
 * Listens on 127.0.0.1 at `port`, or when it is 0 at a free port of the range above (what `server.address()` then
 * says). A given port that is taken rejects: the test asked for that address.
 */
export async function listenOnLoopback(server: Server, port = 0): Promise<void> {
  if (port !== 0) {
    if (!(await listenOn(server, port))) throw new Error(`port ${port} on 127.0.0.1 is taken`);
    return;
  }
  const start = LOW + Math.floor(Math.random() * (HIGH - LOW));
  for (let tried = 0; tried < HIGH - LOW; tried += 1) {
    if (await listenOn(server, LOW + ((start - LOW + tried) % (HIGH - LOW)))) return;
  }
  throw new Error(`no free port on 127.0.0.1 between ${LOW} and ${HIGH}`);
}

/** A loopback port free at the moment of asking (bound, then released), for a server a test starts next. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await listenOnLoopback(server);
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
