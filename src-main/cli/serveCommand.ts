// `labelsmith serve`: runs the embedded API server until SIGTERM/SIGINT, then shuts down cleanly.
import { Command } from 'commander';
import { pino } from 'pino';
import { z } from 'zod';
import { resolveDataDir } from '../config/dataDir';
import { DEFAULT_HOST, portFromEnvironment, portSchema } from '../server/serverConfig';
import { LAN_HOST, startEmbeddedServer } from '../server/startEmbeddedServer';
import { parseOptions, withDataDirOption } from './adminCliSupport';

const serveOptionsSchema = z.object({
  dataDir: z.string().optional(),
  host: z.string().min(1).optional(),
  port: portSchema,
  allowHost: z.array(z.string().min(1)),
  printEditorUrl: z.boolean().optional(),
});

export type ServeOptions = z.output<typeof serveOptionsSchema>;

/** Serves until SIGTERM or SIGINT; `labelsmith start` runs this too where the desktop app cannot start. */
export async function serve(options: ServeOptions): Promise<void> {
  // Logs go to stderr: stdout carries the one "listening on" line that scripts wait for.
  const logger = pino({ name: 'labelsmith' }, pino.destination(2));
  const server = await startEmbeddedServer({
    dataDir: resolveDataDir({ flag: options.dataDir }),
    host: options.host,
    port: options.port,
    allowHost: options.allowHost,
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
  // Announced only once the signal handlers are in place: a script may stop the server as soon as it reads this.
  process.stdout.write(`listening on ${server.url}\n`);
  if (options.printEditorUrl) process.stdout.write(`editor: ${server.adminLink}\n`);
}

export function serveCommand(): Command {
  return withDataDirOption(new Command('serve'))
    .description('run the render API server and the browser editor (binds 127.0.0.1 unless --host or the editor\'s LAN access setting says otherwise)')
    .option('--host <host>', `address to listen on (default ${DEFAULT_HOST}, or ${LAN_HOST} when LAN access is on in the editor's settings); anything but loopback switches LAN access on`)
    .option('--port <port>', 'port to listen on (0: any free port; default $LABELSMITH_PORT, else 8425)', portFromEnvironment())
    .option('--allow-host <name...>', 'extra Host names accepted with LAN access (e.g. this machine’s DNS name)', [])
    .option('--print-editor-url', 'also print the editor sign-in link (it holds the admin token: keep it private)')
    .action((rawOptions: unknown) => serve(parseOptions(serveOptionsSchema, rawOptions)));
}
