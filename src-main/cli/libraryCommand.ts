// `labelsmith library create|list`: shared template libraries, addressed as `<library>:<template>` (spec 2.8).
import { Command } from 'commander';
import { z } from 'zod';
import { slugSchema } from '@shared/api/slug';
import { nameSchema, parseOptions, runWithStore, withStoreOptions, type StoreLocation } from './adminCliSupport';

const createSchema = z.object({ slug: slugSchema, name: nameSchema });

export function libraryCommand(): Command {
  const library = new Command('library').description('create and list template libraries');

  library.addCommand(
    withStoreOptions(new Command('create'))
      .description('create a library; prints {"id": …, "slug": …}')
      .requiredOption('--slug <slug>', 'library slug, e.g. "shipping"')
      .requiredOption('--name <name>', 'library name')
      .action(async (raw: StoreLocation) => {
        const library = parseOptions(createSchema, raw);
        await runWithStore(raw, (store) => store.transaction((trx) => trx.libraries.create(library)));
      }),
  );

  library.addCommand(
    withStoreOptions(new Command('list'))
      .description('list libraries; prints {"libraries": […]}')
      .action((options: StoreLocation) =>
        runWithStore(options, async (store) => ({ libraries: await store.libraries.list() })),
      ),
  );

  return library;
}
