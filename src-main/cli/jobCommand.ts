// `labelsmith job list|reprint|cancel`: a team's print history, chosen labels of a job printed again (same serials), and stopping a pending job.
import { Command } from 'commander';
import { z } from 'zod';
import { PRINT_JOB_PAGE, PRINT_JOB_STATUSES, REPRINT_LABELS_EXAMPLE } from '@shared/api/printRequest';
import { cancelPrintJob } from '../printing/cancelJob';
import { printJobPage } from '../printing/printJobHistory';
import { printJobView } from '../printing/printJobView';
import { DEFAULT_RETRY_POLICY } from '../printing/printQueueOptions';
import { submitReprint } from '../printing/reprintJob';
import { QuotaGate } from '../server/admission/quotaGate';
import {
  found,
  parseOptions,
  runWithStore,
  wholeNumberSchema,
  withStoreOptions,
  withStore,
  type StoreLocation,
} from './adminCliSupport';
import { UsageError } from './cliErrors';

const listSchema = z.object({
  team: z.string().optional(),
  printer: z.string().optional(),
  status: z.string().optional(),
  template: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

const reprintSchema = z.object({ labels: z.string().optional(), maxAttempts: wholeNumberSchema(1).optional() });

function listCommand(): Command {
  return withStoreOptions(new Command('list'))
    .description("a team's print jobs, newest first, one page as JSON {printJobs, nextCursor}")
    .option('--team <id>', 'team id (default: the team of --printer)')
    .option('--printer <id>', "only this printer's jobs")
    .option('--status <list>', `only jobs in these states, comma-separated: ${PRINT_JOB_STATUSES.join(', ')}`)
    .option('--template <id>', 'only jobs of this stored template: id, slug or <library>:<slug>')
    .option(
      '--from <time>',
      'only jobs created at or after this ISO 8601 date or time (2026-11-26, 2026-11-26T08:00:00Z)',
    )
    .option('--to <time>', 'only jobs created before this ISO 8601 date or time')
    .option('--limit <n>', `jobs per page, 1..${PRINT_JOB_PAGE.maxLimit} (default ${PRINT_JOB_PAGE.defaultLimit})`)
    .option('--cursor <cursor>', 'the nextCursor of the previous page')
    .action(async (raw: StoreLocation) => {
      const { team, printer, ...query } = parseOptions(listSchema, raw);
      await runWithStore(raw, async (store) => {
        const teamId =
          team ??
          (printer === undefined ? undefined : found(await store.printers.get(printer), 'printer', printer).teamId);
        if (teamId === undefined) throw new UsageError('give --team or --printer');
        found(await store.teams.get(teamId), 'team', teamId);
        // Absent options stay absent: the query's own defaults apply, as for GET /v1/print-jobs.
        const given = Object.fromEntries(
          Object.entries({ printer, ...query }).filter(([, value]) => value !== undefined),
        );
        return printJobPage(store, teamId, given);
      });
    });
}

function reprintCommand(): Command {
  return withStoreOptions(new Command('reprint'))
    .description(
      'print chosen labels of a job again on its printer, with the same data, serials and counter values; waits for the new job and prints it as JSON',
    )
    .argument('<job>', 'print job id (labelsmith job list)')
    .option(
      '--labels <list>',
      `1-based label numbers of the job (labels × copies), ranges and commas: ${REPRINT_LABELS_EXAMPLE} (default all)`,
    )
    .option(
      '--max-attempts <n>',
      `attempts at each part of the job before it fails (default ${DEFAULT_RETRY_POLICY.maxAttempts})`,
    )
    .action(async (jobId: string, raw: StoreLocation) => {
      const options = parseOptions(reprintSchema, raw);
      // A reprint renders and sends: the print queue and the renderer are loaded only by this subcommand.
      const { ownJobQueue, sendOwnJob } = await import('./printJobRun');
      await withStore(raw, async (store) => {
        const original = found(await store.printJobs.get(jobId), 'print job', jobId);
        const team = found(await store.teams.get(original.teamId), 'team', original.teamId);
        const queue = ownJobQueue(store, options.maxAttempts);
        const submission = { team, apiKeyId: null, mode: 'live' as const, original, owner: queue.owner };
        const reprint = await submitReprint(
          { store, quota: new QuotaGate(store) },
          options.labels === undefined ? submission : { ...submission, labels: options.labels },
        );
        await sendOwnJob(queue, reprint.id);
      });
    });
}

export function jobCommand(): Command {
  const job = new Command('job').description('print history: list jobs, reprint labels of a job, cancel a pending job');
  job.addCommand(listCommand());
  job.addCommand(reprintCommand());
  job.addCommand(
    withStoreOptions(new Command('cancel'))
      .description(
        'stop a queued or sending job: no further connection to the printer (a part in flight finishes); prints the job',
      )
      .argument('<job>', 'print job id')
      .action((jobId: string, options: StoreLocation) =>
        runWithStore(options, async (store) =>
          printJobView(await cancelPrintJob(store, found(await store.printJobs.get(jobId), 'print job', jobId))),
        ),
      ),
  );
  return job;
}
