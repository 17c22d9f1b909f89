// `labelsmith admin-url`: prints the link that opens the browser editor with an admin session, making the token on first use.
import { Command } from 'commander';
import { z } from 'zod';
import { adminUrl, loadOrCreateAdminToken } from '../server/adminSession';
import { parseOptions, runWithStore, withStoreOptions, type StoreLocation } from './adminCliSupport';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/serverConfig';

const adminUrlSchema = z.object({
  host: z.string().min(1),
  port: z.coerce.number({ error: 'must be a number' }).int({ message: 'must be a whole number' }).min(1).max(65535),
  https: z.boolean().optional(),
});

export function adminUrlCommand(): Command {
  return withStoreOptions(new Command('admin-url'))
    .description(
      'print {"url": …}: the editor link with the admin token. Anyone who has it can administer this server: keep it private',
    )
    .option('--host <host>', 'host the link names (the address `serve` listens on)', DEFAULT_HOST)
    .option('--port <port>', 'port the link names', String(DEFAULT_PORT))
    .option('--https', 'the link is https:// (for `serve --tls-cert … --tls-key …`)')
    .action(async (raw: StoreLocation) => {
      const options = parseOptions(adminUrlSchema, raw);
      await runWithStore(raw, async (store) => ({
        url: adminUrl(
          options.host,
          options.port,
          await loadOrCreateAdminToken(store),
          options.https ? 'https' : 'http',
        ),
      }));
    });
}
