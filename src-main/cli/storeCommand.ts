// `labelsmith store copy`: moves an embedded installation (SQLite in a data directory) to the shared database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { copyStore, copyStoreObjects } from '../store/copyStore';
import { isPostgresUrl } from '../store/databaseUrl';
import { DATABASE_FILE, openStore } from '../store/openStore';
import { parseS3Url } from '../store/s3Outputs';
import { parseOptions, printJson } from './adminCliSupport';
import { UsageError } from './cliErrors';

const SQLITE_PREFIX = 'sqlite:';

const copySchema = z.object({
  from: z
    .string()
    .startsWith(SQLITE_PREFIX, `must be ${SQLITE_PREFIX}DIR, the data directory of an embedded installation`),
  to: z
    .string()
    .refine((url) => isPostgresUrl(url) || url.startsWith(SQLITE_PREFIX), 'must be postgres://… or sqlite:DIR'),
  // Checked here, so a bad URL is a usage error naming the option; parseS3Url's message never repeats the URL.
  outputs: z
    .string()
    .superRefine((url, ctx) => {
      try {
        parseS3Url(url);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      }
    })
    .optional(),
});

function sqliteDir(location: string): string {
  return location.slice(SQLITE_PREFIX.length);
}

export function storeCommand(): Command {
  const store = new Command('store').description('move an installation between databases');

  store.addCommand(
    new Command('copy')
      .description(
        'copy every team, key hash, template and version, library, image, usage row, counter, printer, job and kept output record; idempotent; prints the verified counts per table',
      )
      .requiredOption(
        '--from <location>',
        'sqlite:DIR, the data directory of the installation copied (stop its server first)',
      )
      .requiredOption('--to <location>', 'postgres://… (the shared database) or sqlite:DIR')
      .option(
        '--outputs <url>',
        's3://bucket/prefix: copy the kept outputs and print job documents there too (the AWS_* variables as for serve); absent: they stay in the --from directory (a sqlite:DIR target gets its own copy)',
      )
      .action(async (raw: unknown) => {
        const { from, to, outputs } = parseOptions(copySchema, raw);
        const fromDir = sqliteDir(from);
        // Opening would make an empty database: a mistyped directory must not look like a copy of nothing.
        if (!existsSync(join(fromDir, DATABASE_FILE)))
          throw new UsageError(`--from: ${fromDir} holds no ${DATABASE_FILE}`);
        const source = await openStore(fromDir, { removeOrphans: false });
        try {
          // Without --outputs, a PostgreSQL target keeps the outputs where they are: the source's data directory.
          const outputsUrl = outputs === undefined ? {} : { outputsUrl: outputs };
          const target = isPostgresUrl(to)
            ? await openStore(fromDir, { removeOrphans: false, databaseUrl: to, ...outputsUrl })
            : await openStore(sqliteDir(to), { removeOrphans: false, ...outputsUrl });
          try {
            // The objects first: a row committed in the target never points at an object it lacks.
            const objects = outputs !== undefined || !isPostgresUrl(to) ? await copyStoreObjects(source, target) : [];
            printJson({ tables: await copyStore(source, target), objects });
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
