// `labelsmith key create|list|revoke`: API keys, shown once at creation and stored only as a hash.
import { Command, Option } from 'commander';
import { z } from 'zod';
import { found, nameSchema, parseOptions, runWithStore, withStoreOptions, type StoreLocation } from './adminCliSupport';

const createSchema = z.object({
  team: z.string(),
  mode: z.enum(['live', 'test']),
  demo: z.boolean().optional(),
  name: nameSchema.optional(),
});

export function keyCommand(): Command {
  const key = new Command('key').description('create, list and revoke API keys');

  key.addCommand(
    withStoreOptions(new Command('create'))
      .description('create an API key; prints {"id": …, "key": "svc_sk_…"}: the only time the key is shown')
      .requiredOption('--team <id>', 'team id')
      .addOption(
        new Option('--mode <mode>', 'live renders count against the quota, test renders do not')
          .choices(['live', 'test'])
          .makeOptionMandatory(),
      )
      .option('--demo', 'demo key: library templates only, by their qualified id')
      .option('--name <name>', 'a name to tell keys apart')
      .action(async (raw: StoreLocation) => {
        const options = parseOptions(createSchema, raw);
        await runWithStore(raw, (store) =>
          store.transaction(async (trx) => {
            found(await trx.teams.get(options.team), 'team', options.team);
            const { record, key: secret } = await trx.apiKeys.create({
              teamId: options.team,
              mode: options.mode,
              demo: options.demo,
              name: options.name,
            });
            return { ...record, key: secret };
          }),
        );
      }),
  );

  key.addCommand(
    withStoreOptions(new Command('list'))
      .description('list a team\'s keys (never the keys themselves); prints {"keys": […]}')
      .requiredOption('--team <id>', 'team id')
      .action((options: StoreLocation & { team: string }) =>
        runWithStore(options, async (store) => {
          found(await store.teams.get(options.team), 'team', options.team);
          return { keys: await store.apiKeys.list(options.team) };
        }),
      ),
  );

  key.addCommand(
    withStoreOptions(new Command('revoke'))
      .description('revoke a key: the running server refuses it from the next request on')
      .argument('<key-id>', 'key id (from key list)')
      .action((id: string, options: StoreLocation) =>
        runWithStore(options, (store) =>
          store.transaction(async (trx) => found(await trx.apiKeys.revoke(id), 'API key', id)),
        ),
      ),
  );

  return key;
}
