// `labelsmith serve --trusted-proxy` / LABELSMITH_TRUSTED_PROXY and --proxy-protocol: bad entries and combinations exit 2 naming the problem; a PROXY header's client is the one the loopback rule and the log line see.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseEnv } from '../../test/support/store/storeTestSupport';
import { runNodeScript } from '../../test/support/cli/runProcess';
import { killServe, startServe, type ServeProcess } from '../../test/support/server/serveProcess';
import { buildCli, tempDataDir } from '../../test/support/server/robustnessSupport';
import { makeTestCertificate } from '../../test/support/server/tlsTestSupport';

let cli: string;
let serve: ServeProcess | undefined;
beforeAll(async () => {
  cli = await buildCli();
});
afterAll(async () => {
  await killServe(serve);
});

/** Sends `bytes` on one connection and returns what came back before the server closed it. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

describe('serve --trusted-proxy and --proxy-protocol', () => {
  it('exits 2 naming the option: a bad range (flag or variable), the PROXY protocol without trusted proxies or with TLS', async () => {
    const certificate = makeTestCertificate(tempDataDir(), ['127.0.0.1']);
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--trusted-proxy', '10.0.0.0/33'], {}, /"10\.0\.0\.0\/33" is not an IP address or CIDR range/],
      [
        [],
        { LABELSMITH_TRUSTED_PROXY: '10.0.0.0/8, proxy.example.org' },
        /"proxy\.example\.org" is not an IP address or CIDR range.*LABELSMITH_TRUSTED_PROXY/,
      ],
      [['--proxy-protocol'], {}, /--proxy-protocol: the PROXY protocol is read only from trusted proxies/],
      [
        [
          '--proxy-protocol',
          '--trusted-proxy',
          '127.0.0.1',
          '--tls-cert',
          certificate.certFile,
          '--tls-key',
          certificate.keyFile,
        ],
        {},
        /plain HTTP only/,
      ],
    ];
    for (const [args, env, message] of cases) {
      const run = await runNodeScript(cli, ['serve', '--data-dir', tempDataDir(), '--port', '0', ...args], env);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });

  it('takes the client from a trusted PROXY header (LABELSMITH_TRUSTED_PROXY): the admin API refuses it as remote, the log names it', async () => {
    const dataDir = tempDataDir();
    serve = await startServe(cli, dataDir, 20_000, ['--proxy-protocol'], {
      ...(await testDatabaseEnv(dataDir)),
      LABELSMITH_TRUSTED_PROXY: '127.0.0.1/32 ::1',
    });
    const port = Number(new URL(serve.url).port);
    const request = 'GET /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
    const remote = await exchange(port, `PROXY TCP4 203.0.113.9 127.0.0.1 51234 ${port}\r\n${request}`);
    expect(remote).toMatch(/^HTTP\/1\.1 403 /);
    expect(remote).toContain('"code":"LOCAL_ONLY"');
    const local = await exchange(port, `PROXY TCP4 127.0.0.1 127.0.0.1 51235 ${port}\r\n${request}`);
    expect(local).toMatch(/^HTTP\/1\.1 401 /);
    // From a trusted peer, a connection without the header is refused unanswered.
    expect(await exchange(port, request)).toBe('');
    // The request's log line is written once its answer is sent: the client may read the answer first.
    const loggedClients = () =>
      serve
        ?.stderr()
        .split('\n')
        .filter((line) => line.includes('"path":"/api/settings"'))
        .map((line) => (JSON.parse(line) as { client: string }).client);
    await expect.poll(loggedClients).toEqual(['203.0.113.9', '127.0.0.1']);
  });
});
