// The per-address connection cap, directly and behind a balancer: idle and unanswered sockets count, requests past the cap are answered 503 with Retry-After (never reset), /health and /ready always answer, and with --trusted-proxy each real client (PROXY v1/v2, X-Forwarded-For) has its own allowance.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { FLOOD_FACTOR } from './connectionLimit';
import { startEditorServer, type EditorServer } from '../../test/support/server/editorTestSupport';
import { parseTrustedProxies } from './trustedProxies';

const servers: EditorServer[] = [];
const proxies: Server[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const proxy of proxies) proxy.close();
  await Promise.all(servers.map((server) => server.close()));
});

async function start(config: Parameters<typeof startEditorServer>[0] = {}): Promise<EditorServer> {
  const server = await startEditorServer(config);
  servers.push(server);
  return server;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A connection that sends nothing yet (it holds a slot), from `localAddress` (any 127.x.y.z is a distinct client) or through a proxy port. */
function open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    sockets.push(socket);
    socket.once('error', reject);
  });
}

/**
 * Sends one request on `socket` and reads its answer (Content-Length bodies), or `reset` when the connection ends
 * without one. Every answer of these tests is either.
 */
function ask(socket: Socket, path: string, headers: Record<string, string> = {}): Promise<Answer | 'reset'> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const finish = (): void => {
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const head = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(head['content-length'] ?? 0);
      if (received.length - end - 4 < length) return;
      socket.off('data', onData);
      resolve({ status: Number(statusLine.split(' ')[1]), headers: head, body: text.slice(end + 4, end + 4 + length) });
    };
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      finish();
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
    socket.once('close', () => resolve('reset'));
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n${extra}\r\n`);
  });
}

async function askOn(
  port: number,
  path: string,
  localAddress = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<Answer | 'reset'> {
  return ask(await open(port, localAddress), path, headers);
}

function code(answer: Answer | 'reset'): string {
  if (answer === 'reset') return 'reset';
  try {
    return (JSON.parse(answer.body) as { code?: string }).code ?? `HTTP ${answer.status}`;
  } catch {
    return `HTTP ${answer.status}`;
  }
}

/** The server has accepted every connection opened before: it answers one opened after them (connections are taken in order). */
async function settled(port: number, localAddress = '127.0.0.1'): Promise<void> {
  expect(code(await askOn(port, '/health', localAddress))).toBe('HTTP 200');
}

/**
 * A TCP balancer on loopback, as HAProxy with send-proxy(-v2) is: each client connection gets its own connection to
 * the server (from 127.0.0.1), which starts with a PROXY header naming the client's address, then carries the bytes.
 */
async function tcpBalancer(serverPort: number, version: 1 | 2 | 'none'): Promise<number> {
  const proxy = createServer((client) => {
    const upstream = connect({ host: '127.0.0.1', port: serverPort, localAddress: '127.0.0.1' });
    sockets.push(client, upstream);
    const address = client.remoteAddress ?? '';
    const clientPort = client.remotePort ?? 0;
    if (version === 1) upstream.write(`PROXY TCP4 ${address} 127.0.0.1 ${clientPort} ${serverPort}\r\n`);
    if (version === 2) {
      const header = Buffer.alloc(28);
      Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a, 0x21, 0x11, 0, 12]).copy(
        header,
      );
      address.split('.').forEach((part, index) => header.writeUInt8(Number(part), 16 + index));
      [127, 0, 0, 1].forEach((part, index) => header.writeUInt8(part, 20 + index));
      header.writeUInt16BE(clientPort, 24);
      header.writeUInt16BE(serverPort, 26);
      upstream.write(header);
    }
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('the balancer has no port');
  return address.port;
}

describe('connections per client address', () => {
  it('answers requests past the cap 503 TOO_MANY_CONNECTIONS with Retry-After, keeps /health and /ready, other addresses and active keep-alive connections served', async () => {
    const server = await start({ config: { maxConnectionsPerAddress: 4 } });
    const silent = await Promise.all([1, 2, 3, 4].map(() => open(server.port, '127.0.0.1')));
    await settled(server.port, '127.0.0.9');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const socket = await open(server.port, '127.0.0.1');
      const answer = await ask(socket, '/v1/templates');
      expect(code(answer)).toBe('TOO_MANY_CONNECTIONS');
      if (answer === 'reset') continue;
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({
        error: expect.stringMatching(/already holds 4 idle or unanswered connections/),
      });
    }
    // Health and readiness checks answer whatever the address holds.
    expect(code(await askOn(server.port, '/health', '127.0.0.1'))).toBe('HTTP 200');
    expect(code(await askOn(server.port, '/ready', '127.0.0.1'))).not.toMatch(/TOO_MANY_CONNECTIONS|reset/);
    // Another address has its own allowance.
    expect(code(await askOn(server.port, '/v1/templates', '127.0.0.2'))).toBe('AUTH_REQUIRED');
    // A silent connection closing frees its slot.
    silent[0]?.destroy();
    let after = 'TOO_MANY_CONNECTIONS';
    for (let attempt = 0; attempt < 50 && after === 'TOO_MANY_CONNECTIONS'; attempt += 1) {
      after = code(await askOn(server.port, '/v1/templates', '127.0.0.1'));
      if (after === 'TOO_MANY_CONNECTIONS') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(after).toBe('AUTH_REQUIRED');
  });

  it('does not count keep-alive connections that are getting answers', async () => {
    const server = await start({ config: { maxConnectionsPerAddress: 4 } });
    // A pool of eight connections of one client, each opened when needed and used at once, then all reused: each is
    // getting answers, so none counts against the cap of four.
    const pool: Socket[] = [];
    for (let index = 0; index < 8; index += 1) {
      const socket = await open(server.port, '127.0.0.3');
      pool.push(socket);
      expect(code(await ask(socket, '/v1/templates'))).toBe('AUTH_REQUIRED');
    }
    for (const socket of pool) expect(code(await ask(socket, '/v1/templates'))).toBe('AUTH_REQUIRED');
  });

  it('closes new connections of an address holding four times the cap at once: a flood, not clients to answer', async () => {
    const server = await start({ config: { maxConnectionsPerAddress: 2 } });
    await Promise.all(Array.from({ length: 2 * FLOOD_FACTOR }, () => open(server.port, '127.0.0.4')));
    await settled(server.port, '127.0.0.9');
    expect(await askOn(server.port, '/health', '127.0.0.4')).toBe('reset');
    expect(code(await askOn(server.port, '/health', '127.0.0.5'))).toBe('HTTP 200');
  });

  it('without --trusted-proxy, 70 clients through one balancer share its address: those over the cap are answered 503, none is reset', async () => {
    const server = await start();
    const balancer = await tcpBalancer(server.port, 'none');
    const clients = await Promise.all(Array.from({ length: 70 }, (_, index) => open(balancer, `127.0.1.${index + 1}`)));
    await settled(balancer, '127.0.2.1');
    const answers = await Promise.all(clients.map((socket) => ask(socket, '/v1/templates')));
    const codes = answers.map(code);
    expect(codes.filter((name) => name === 'reset')).toEqual([]);
    expect(codes.filter((name) => name === 'TOO_MANY_CONNECTIONS').length).toBeGreaterThan(0);
    expect(codes.every((name) => name === 'TOO_MANY_CONNECTIONS' || name === 'AUTH_REQUIRED')).toBe(true);
    for (const answer of answers)
      if (answer !== 'reset' && answer.status === 503) expect(answer.headers['retry-after']).toBe('1');
  });

  for (const version of [1, 2] as const) {
    it(`with --trusted-proxy and --proxy-protocol (v${version}), 70 clients through the balancer are each answered, and the cap applies per real client`, async () => {
      const server = await start({
        config: { trustedProxies: parseTrustedProxies(['127.0.0.1/32']), proxyProtocol: true },
      });
      const balancer = await tcpBalancer(server.port, version);
      const clients = await Promise.all(
        Array.from({ length: 70 }, (_, index) => open(balancer, `127.0.1.${index + 1}`)),
      );
      await settled(balancer, '127.0.2.1');
      const codes = (await Promise.all(clients.map((socket) => ask(socket, '/v1/templates')))).map(code);
      expect(codes).toEqual(Array<string>(70).fill('AUTH_REQUIRED'));

      // One real client holding 64 silent connections is capped; the others, through the same balancer, are not.
      await Promise.all(Array.from({ length: 64 }, () => open(balancer, '127.0.3.1')));
      await settled(balancer, '127.0.2.2');
      expect(code(await askOn(balancer, '/v1/templates', '127.0.3.1'))).toBe('TOO_MANY_CONNECTIONS');
      expect(code(await askOn(balancer, '/health', '127.0.3.1'))).toBe('HTTP 200');
      expect(code(await askOn(balancer, '/v1/templates', '127.0.3.2'))).toBe('AUTH_REQUIRED');
      // The balancer's own health check through the same port.
      expect(code(await askOn(balancer, '/ready', '127.0.3.1'))).not.toMatch(/TOO_MANY_CONNECTIONS|reset/);
    });
  }

  it('closes a trusted peer that sends no PROXY header, and takes none from an untrusted peer', async () => {
    const server = await start({
      config: { trustedProxies: parseTrustedProxies(['127.0.0.1/32']), proxyProtocol: true },
    });
    expect(await askOn(server.port, '/health', '127.0.0.1')).toBe('reset');
    const spoofed = await open(server.port, '127.0.0.5');
    spoofed.write('PROXY TCP4 203.0.113.9 127.0.0.1 5555 80\r\n');
    const answer = await ask(spoofed, '/health');
    expect(answer === 'reset' ? 'reset' : answer.status).toBe(400);
    // The same peer without a header is served as itself.
    expect(code(await askOn(server.port, '/health', '127.0.0.5'))).toBe('HTTP 200');
  });
});

describe('X-Forwarded-For', () => {
  it('names the client only from trusted peers: the loopback rule and the cap see it, a spoofed header is ignored', async () => {
    const server = await start({
      config: { trustedProxies: parseTrustedProxies(['127.0.0.1/32']), maxConnectionsPerAddress: 4 },
    });
    // Through a proxy on this machine for a client elsewhere: the admin API is this machine's only.
    expect(code(await askOn(server.port, '/api/settings', '127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' }))).toBe(
      'LOCAL_ONLY',
    );
    expect(code(await askOn(server.port, '/api/settings', '127.0.0.1', { 'X-Forwarded-For': '127.0.0.1' }))).toBe(
      'AUTH_REQUIRED',
    );
    // From an untrusted peer (on loopback, so local) the same header changes nothing.
    expect(code(await askOn(server.port, '/api/settings', '127.0.0.6', { 'X-Forwarded-For': '203.0.113.9' }))).toBe(
      'AUTH_REQUIRED',
    );

    // An untrusted peer at the cap cannot escape it by naming another client.
    await Promise.all([1, 2, 3, 4].map(() => open(server.port, '127.0.0.7')));
    await settled(server.port, '127.0.0.9');
    expect(code(await askOn(server.port, '/v1/templates', '127.0.0.7', { 'X-Forwarded-For': '198.51.100.1' }))).toBe(
      'TOO_MANY_CONNECTIONS',
    );
    // The trusted proxy's own connections are not capped as one client: it pools them for many.
    await Promise.all([1, 2, 3, 4, 5].map(() => open(server.port, '127.0.0.1')));
    await settled(server.port, '127.0.0.9');
    expect(code(await askOn(server.port, '/v1/templates', '127.0.0.1', { 'X-Forwarded-For': '198.51.100.2' }))).toBe(
      'AUTH_REQUIRED',
    );
  });
});
