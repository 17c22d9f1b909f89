// `labelsmith watch DIR`: a hot folder: prints each file dropped in DIR once, then moves it to done/ or failed/, until SIGTERM/SIGINT.
import { Command } from 'commander';
import { pino } from 'pino';
import { z } from 'zod';
import { found, openCommandStore, parseOptions, wholeNumberSchema, withStoreOptions } from './adminCliSupport';
import { UsageError } from './cliErrors';
import { hotFolderPath } from '../printing/inbound/hotFolderSetup';

const watchOptionsSchema = z.object({
  team: z.string(),
  printer: z.string().optional(),
  template: z.string().optional(),
  stableMs: wholeNumberSchema(0).optional(),
  pollMs: wholeNumberSchema(10).optional(),
});

async function watch(dir: string, raw: Record<string, unknown>): Promise<void> {
  const options = parseOptions(watchOptionsSchema, raw);
  // Not a folder, or not writable: exit 2 with FOLDER_NOT_FOUND or FOLDER_NOT_WRITABLE, as the editor's API answers.
  const folder = await hotFolderPath(dir);
  const store = await openCommandStore(raw);
  const team = found(await store.teams.get(options.team), 'team', options.team);
  const printers = await store.printers.list(team.id);
  const printer =
    options.printer === undefined
      ? printers.length === 1
        ? printers[0]
        : undefined
      : printers.find((candidate) => candidate.id === options.printer || candidate.name === options.printer);
  if (printer === undefined) {
    await store.close();
    throw new UsageError(
      options.printer === undefined
        ? `--printer: required, the team has ${printers.length} printers`
        : `--printer: the team has no printer ${JSON.stringify(options.printer)}`,
    );
  }
  // Loaded once the options are known good: the renderer, the queue and the folder's code.
  const [{ createPrintQueue }, { createRenderPool }, { resolveLibraryImages }, { QuotaGate }, { startHotFolder }] =
    await Promise.all([
      import('../printing/printQueue'),
      import('../render/renderPool'),
      import('../images/resolveLibraryImages'),
      import('../server/admission/quotaGate'),
      import('../printing/inbound/hotFolder'),
    ]);
  const logger = pino({ name: 'labelsmith-watch' }, pino.destination(2));
  // A whole queue, not only this process's jobs: after a kill -9 the next start sends what the last one left pending.
  const queue = createPrintQueue(store, { logger });
  queue.start();
  const pool = createRenderPool({ threads: 1 });
  const folderWatch = await startHotFolder(
    {
      store,
      render: async (job) =>
        pool.render({ ...job, template: await resolveLibraryImages(store, team.id, job.template) }),
      quota: new QuotaGate(store),
      queue,
      logger,
    },
    {
      folder,
      team,
      printer,
      templateSlug: options.template,
      stableMs: options.stableMs,
      pollMs: options.pollMs,
      onFile: (outcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`),
    },
  );
  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'stopping the hot folder');
    void (async () => {
      await folderWatch.close();
      await queue.stop();
      await pool.close();
      await store.close();
      process.exit(0);
    })();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // One JSON line a file follows this one: scripts (and tests) wait for it.
  process.stdout.write(`${JSON.stringify({ watching: folder, teamId: team.id, printerId: printer.id })}\n`);
}

export function watchCommand(): Command {
  return withStoreOptions(new Command('watch'))
    .description(
      'print each file dropped in DIR once (.zpl as raw ZPL; .csv/.tsv/.xlsx/.ods/.json as records of a template), then move it to DIR/done or DIR/failed (with NAME.error.txt); one JSON line a file on stdout',
    )
    .argument('<dir>', 'the folder to watch')
    .requiredOption('--team <id>', 'team id')
    .option('--printer <id-or-name>', "the team's printer to print on (default: the team's only printer)")
    .option('--template <slug>', 'the template data files print with, unless a "template" column or key names one')
    .option(
      '--stable-ms <ms>',
      'a file is printed once its size and time have not changed this long (default 2000); NAME.ready prints it at once',
    )
    .option('--poll-ms <ms>', 'how often the folder is looked at (default 500)')
    .action((dir: string, options: Record<string, unknown>) => watch(dir, options));
}
