// `labelsmith serve`: runs the embedded API server until SIGTERM/SIGINT, then shuts down cleanly.
import { Command, Option } from 'commander';
import { pino } from 'pino';
import { z } from 'zod';
import { resolveDataDir } from '../config/dataDir';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from '../server/connectionLimit';
import {
  DEFAULT_HOST,
  portFromEnvironment,
  portSchema,
  SHUTDOWN_GRACE_MS,
  tlsFilesFromEnvironment,
  type TlsCredentials,
} from '../server/serverConfig';
import { LAN_HOST, startEmbeddedServer } from '../server/startEmbeddedServer';
import { readTlsCredentials, TlsFilesError } from '../server/tlsCredentials';
import {
  parseTrustedProxies,
  splitTrustedProxyList,
  TRUSTED_PROXY_ENV,
  TrustedProxyError,
  type TrustedProxies,
} from '../server/trustedProxies';
import { parseOptions, wholeNumberSchema, withStoreOptions } from './adminCliSupport';
import { resolveBackends } from './backendOptions';
import { UsageError } from './cliErrors';

const serveOptionsSchema = z
  .object({
    dataDir: z.string().optional(),
    database: z.string().optional(),
    outputs: z.string().optional(),
    redis: z.string().optional(),
    host: z.string().min(1).optional(),
    port: portSchema,
    allowHost: z.array(z.string().min(1)),
    printEditorUrl: z.boolean().optional(),
    tlsCert: z.string().min(1).optional(),
    tlsKey: z.string().min(1).optional(),
    adminLan: z.boolean().optional(),
    maxConnectionsPerAddress: wholeNumberSchema(1).optional(),
    /** A list from the flag, one string (commas or spaces between entries) from $LABELSMITH_TRUSTED_PROXY. */
    trustedProxy: z.union([z.string(), z.array(z.string())]).optional(),
    proxyProtocol: z.boolean().optional(),
    viewerWithoutKey: z.boolean().optional(),
    /** Seconds. */
    shutdownGrace: z.coerce.number().min(0).max(3600).optional(),
  })
  .refine((options) => (options.tlsCert === undefined) === (options.tlsKey === undefined), {
    path: ['tlsCert'],
    message: 'give --tls-cert and --tls-key together (or neither)',
  })
  .refine((options) => options.adminLan !== true || options.tlsCert !== undefined, {
    path: ['adminLan'],
    message: 'the admin API is served to other machines only over TLS: give --tls-cert and --tls-key too',
  })
  .refine((options) => options.proxyProtocol !== true || splitTrustedProxyList(options.trustedProxy).length > 0, {
    path: ['proxyProtocol'],
    message: `the PROXY protocol is read only from trusted proxies: give --trusted-proxy (or ${TRUSTED_PROXY_ENV}) too`,
  })
  .refine((options) => options.proxyProtocol !== true || options.tlsCert === undefined, {
    path: ['proxyProtocol'],
    message: 'the PROXY protocol is supported on plain HTTP only: end TLS at the balancer, or drop --proxy-protocol',
  });

export type ServeOptions = z.input<typeof serveOptionsSchema>;

function loadTls(options: z.output<typeof serveOptionsSchema>): TlsCredentials | undefined {
  if (options.tlsCert === undefined || options.tlsKey === undefined) return undefined;
  try {
    return readTlsCredentials(options.tlsCert, options.tlsKey);
  } catch (error) {
    if (error instanceof TlsFilesError) throw new UsageError(error.message);
    throw error;
  }
}

function loadTrustedProxies(options: z.output<typeof serveOptionsSchema>): TrustedProxies {
  try {
    return parseTrustedProxies(splitTrustedProxyList(options.trustedProxy));
  } catch (error) {
    if (error instanceof TrustedProxyError)
      throw new UsageError(`${error.message} (from the flag or ${TRUSTED_PROXY_ENV})`);
    throw error;
  }
}

/** Serves until SIGTERM or SIGINT; `labelsmith start` runs this too where the desktop app cannot start. */
export async function serve(rawOptions: ServeOptions): Promise<void> {
  const options = parseOptions(serveOptionsSchema, rawOptions);
  // Read before anything starts: a missing or mismatched file is bad input (exit 2), not a failed start.
  const tls = loadTls(options);
  const trustedProxies = loadTrustedProxies(options);
  const backends = resolveBackends(options, 'serve');
  // Logs go to stderr: stdout carries the one "listening on" line that scripts wait for.
  const logger = pino({ name: 'labelsmith' }, pino.destination(2));
  const server = await startEmbeddedServer({
    dataDir: resolveDataDir({ flag: options.dataDir }),
    ...backends,
    host: options.host,
    port: options.port,
    allowHost: options.allowHost,
    tls,
    adminLan: options.adminLan,
    maxConnectionsPerAddress: options.maxConnectionsPerAddress,
    trustedProxies,
    proxyProtocol: options.proxyProtocol,
    viewerWithoutKey: options.viewerWithoutKey,
    shutdownGraceMs: options.shutdownGrace === undefined ? undefined : options.shutdownGrace * 1000,
    logger,
  });
  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  if (server.securityWarning !== undefined) process.stderr.write(`warning: ${server.securityWarning}\n`);
  // Announced only once the signal handlers are in place: a script may stop the server as soon as it reads this.
  process.stdout.write(`listening on ${server.url}\n`);
  if (options.printEditorUrl) process.stdout.write(`editor: ${server.adminLink}\n`);
}

export function serveCommand(): Command {
  const tlsFiles = tlsFilesFromEnvironment();
  return withStoreOptions(new Command('serve'))
    .description(
      "run the render API server and the browser editor (binds 127.0.0.1 unless --host or the editor's LAN access setting says otherwise)",
    )
    .option(
      '--host <host>',
      `address to listen on (default ${DEFAULT_HOST}, or ${LAN_HOST} when LAN access is on in the editor's settings); anything but loopback switches LAN access on`,
    )
    .option(
      '--port <port>',
      'port to listen on (0: any free port; default $LABELSMITH_PORT, else 8425)',
      portFromEnvironment(),
    )
    .option('--allow-host <name...>', 'extra Host names accepted with LAN access (e.g. this machine’s DNS name)', [])
    .option(
      '--tls-cert <file>',
      'serve HTTPS with this PEM certificate (chain); default $LABELSMITH_TLS_CERT',
      tlsFiles.tlsCert,
    )
    .option('--tls-key <file>', 'the PEM private key of --tls-cert; default $LABELSMITH_TLS_KEY', tlsFiles.tlsKey)
    .option('--admin-lan', 'also serve the editor and its admin API to other machines (needs --tls-cert and --tls-key)')
    .option(
      '--max-connections-per-address <n>',
      `concurrent connections one client address may hold (default ${DEFAULT_MAX_CONNECTIONS_PER_ADDRESS})`,
    )
    .addOption(
      new Option(
        '--trusted-proxy <cidr...>',
        'balancers/reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For or PROXY header names the real client (default: none)',
      ).env(TRUSTED_PROXY_ENV),
    )
    .option(
      '--proxy-protocol',
      'connections from --trusted-proxy peers start with a PROXY protocol v1/v2 header (HAProxy send-proxy); plain HTTP only',
    )
    .addOption(
      new Option(
        '--viewer-without-key',
        'the Labelary-compatible viewer (/v1/printers/…/labels/…) answers requests without an API key, rate-limited per client address',
      ).env('LABELSMITH_VIEWER_WITHOUT_KEY'),
    )
    .option(
      '--shutdown-grace <seconds>',
      `on SIGTERM/SIGINT, how long renders in flight may finish before their workers are killed (default ${SHUTDOWN_GRACE_MS / 1000})`,
    )
    .option('--print-editor-url', 'also print the editor sign-in link (it holds the admin token: keep it private)')
    .action((rawOptions: ServeOptions) => serve(rawOptions));
}
