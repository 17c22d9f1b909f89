// `labelsmith serve`: runs the embedded API server until SIGTERM/SIGINT, then shuts down cleanly.
import { Command } from 'commander';
import { pino } from 'pino';
import { z } from 'zod';
import { APP_VERSION } from '../appVersion';
import { resolveDataDir } from '../config/dataDir';
import { createRenderPool } from '../render/renderPool';
import { adminUrl, loadOrCreateAdminToken } from '../server/adminSession';
import { startServer } from '../server/createServer';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/serverConfig';
import { openStore } from '../store/openStore';
import { parseOptions, withDataDirOption } from './adminCliSupport';

/** Where `serve` listens when LAN access is switched on in the editor: every interface. */
const LAN_HOST = '0.0.0.0';

const serveOptionsSchema = z.object({
  dataDir: z.string().optional(),
  host: z.string().min(1).optional(),
  port: z.coerce.number({ error: 'must be a number' }).int({ message: 'must be a whole number' }).min(0).max(65535),
  allowHost: z.array(z.string().min(1)),
  printEditorUrl: z.boolean().optional(),
});

export function serveCommand(): Command {
  return withDataDirOption(new Command('serve'))
    .description('run the render API server and the browser editor (binds 127.0.0.1 unless --host or the editor\'s LAN access setting says otherwise)')
    .option('--host <host>', `address to listen on (default ${DEFAULT_HOST}, or ${LAN_HOST} when LAN access is on in the editor's settings); anything but loopback switches LAN access on`)
    .option('--port <port>', 'port to listen on (0: any free port)', String(DEFAULT_PORT))
    .option('--allow-host <name...>', 'extra Host names accepted with LAN access (e.g. this machine’s DNS name)', [])
    .option('--print-editor-url', 'also print the editor sign-in link (it holds the admin token: keep it private)')
    .action(async (rawOptions: unknown) => {
      const options = parseOptions(serveOptionsSchema, rawOptions);
      // Logs go to stderr: stdout carries the one "listening on" line that scripts wait for.
      const logger = pino({ name: 'labelsmith' }, pino.destination(2));
      const store = openStore(resolveDataDir({ flag: options.dataDir }));
      // The editor's settings apply when the command line says nothing; --host always wins.
      const host = options.host ?? (store.settings.get('lanAccess') === true ? LAN_HOST : DEFAULT_HOST);
      const allowedHostnames = [...new Set([...(store.settings.get('allowedHostnames') ?? []), ...options.allowHost])];
      const pool = createRenderPool();
      const server = await startServer({
        store,
        pool,
        logger,
        config: { host, port: options.port, allowedHostnames, version: APP_VERSION },
      }).catch(async (error: unknown) => {
        await pool.close();
        store.close();
        throw error;
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
      if (options.printEditorUrl) process.stdout.write(`editor: ${adminUrl(host, server.port, loadOrCreateAdminToken(store))}\n`);
    });
}
