// `labelsmith store copy`: moves an embedded installation (SQLite in a data directory) to the shared database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { copyStore } from '../store/copyStore';
import { DATABASE_FILE, isPostgresUrl, openStore } from '../store/openStore';
import { parseOptions, printJson } from './adminCliSupport';
import { UsageError } from './cliErrors';

const SQLITE_PREFIX = 'sqlite:';

const copySchema = z.object({
  from: z.string().startsWith(SQLITE_PREFIX, `must be ${SQLITE_PREFIX}DIR, the data directory of an embedded installation`),
  to: z.string().refine((url) => isPostgresUrl(url) || url.startsWith(SQLITE_PREFIX), 'must be postgres://… or sqlite:DIR'),
});

function sqliteDir(location: string): string {
  return location.slice(SQLITE_PREFIX.length);
}

export function storeCommand(): Command {
  const store = new Command('store').description('move an installation between databases');

  store.addCommand(
    new Command('copy')
      .description('copy every team, key hash, template and version, library, image, usage row, counter, printer, job and kept output record; idempotent; prints the verified counts per table')
      .requiredOption('--from <location>', 'sqlite:DIR, the data directory of the installation copied (stop its server first)')
      .requiredOption('--to <location>', 'postgres://… (the shared database) or sqlite:DIR')
      .action(async (raw: unknown) => {
        const { from, to } = parseOptions(copySchema, raw);
        const fromDir = sqliteDir(from);
        // Opening would make an empty database: a mistyped directory must not look like a copy of nothing.
        if (!existsSync(join(fromDir, DATABASE_FILE))) throw new UsageError(`--from: ${fromDir} holds no ${DATABASE_FILE}`);
        const source = await openStore(fromDir, { removeOrphans: false });
        try {
          // A PostgreSQL target keeps the outputs where they are: the source's data directory.
          const target = isPostgresUrl(to) ? await openStore(fromDir, { removeOrphans: false, databaseUrl: to }) : await openStore(sqliteDir(to), { removeOrphans: false });
          try {
            printJson({ tables: await copyStore(source, target) });
          } finally {
            await target.close();
          }
        } finally {
          await source.close();
        }
      }),
  );

  return store;
}
