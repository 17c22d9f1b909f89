// `labelsmith team create|list|show|set`: teams, their plans and limit overrides, and their usage this period.
import { Command, Option } from 'commander';
import { z } from 'zod';
import { effectiveLimits, overQuota, periodOf, PLAN_NAMES, planNameSchema, quotaOf } from '@shared/api/plans';
import type { StoreScope } from '../store/openStore';
import { teamStorage } from '../store/storageBudget';
import type { TeamRecord } from '../store/storeTypes';
import { UsageError } from './cliErrors';
import {
  found,
  nameSchema,
  overrideSchema,
  parseOptions,
  runWithStore,
  wholeNumberSchema,
  withStoreOptions,
  type StoreLocation,
} from './adminCliSupport';

const OVERRIDE_HELP = {
  quotaLimit: 'monthly live renders, overriding the plan (-1: unlimited)',
  rateMinute: 'renders per minute, overriding the plan',
  rateHour: 'renders per hour, overriding the plan',
  storageLimit: "bytes of kept outputs, overriding the plan's storage budget",
};

const createSchema = z.object({
  name: nameSchema,
  plan: planNameSchema,
  quotaLimit: wholeNumberSchema(-1).optional(),
  rateMinute: wholeNumberSchema(1).optional(),
  rateHour: wholeNumberSchema(1).optional(),
  storageLimit: wholeNumberSchema(0).optional(),
});

const setSchema = z.object({
  plan: planNameSchema.optional(),
  quotaLimit: overrideSchema(-1).optional(),
  rateMinute: overrideSchema(1).optional(),
  rateHour: overrideSchema(1).optional(),
  storageLimit: overrideSchema(0).optional(),
});

/** The team with what an admin checks: effective limits, this period's usage, overage, kept outputs' storage and the review flag. */
export async function describeTeam(store: StoreScope, team: TeamRecord): Promise<object> {
  const period = periodOf(store.now());
  const limits = effectiveLimits(team);
  const usage = await store.usage.get(team.id, period.period);
  return {
    ...team,
    limits,
    period,
    usage,
    quota: quotaOf(limits, usage.live),
    overage: overQuota(limits, usage.live),
    storage: await teamStorage(store, team),
    flaggedForReview: team.flaggedPeriod === period.period,
  };
}

export function teamCommand(): Command {
  const team = new Command('team').description('create, list, show and change teams');

  team.addCommand(
    withStoreOptions(new Command('create'))
      .description('create a team; prints {"id": …}')
      .requiredOption('--name <name>', 'team name')
      .addOption(new Option('--plan <plan>', 'plan').choices(PLAN_NAMES).makeOptionMandatory())
      .option('--quota-limit <n>', OVERRIDE_HELP.quotaLimit)
      .option('--rate-minute <n>', OVERRIDE_HELP.rateMinute)
      .option('--rate-hour <n>', OVERRIDE_HELP.rateHour)
      .option('--storage-limit <bytes>', OVERRIDE_HELP.storageLimit)
      .action(async (raw: StoreLocation) => {
        const fields = parseOptions(createSchema, raw);
        await runWithStore(raw, (store) => store.transaction((trx) => trx.teams.create(fields)));
      }),
  );

  team.addCommand(
    withStoreOptions(new Command('list'))
      .description('list teams; prints {"teams": […]}')
      .action((options: StoreLocation) =>
        runWithStore(options, async (store) => ({ teams: await store.teams.list() })),
      ),
  );

  team.addCommand(
    withStoreOptions(new Command('show'))
      .description("show a team with its limits, this period's usage, overage and review flag")
      .argument('<id>', 'team id')
      .action((id: string, options: StoreLocation) =>
        runWithStore(options, async (store) => describeTeam(store, found(await store.teams.get(id), 'team', id))),
      ),
  );

  team.addCommand(
    withStoreOptions(new Command('set'))
      .description('change a team\'s plan or overrides ("default" drops an override)')
      .argument('<id>', 'team id')
      .addOption(new Option('--plan <plan>', 'plan').choices(PLAN_NAMES))
      .option('--quota-limit <n>', `${OVERRIDE_HELP.quotaLimit}, or "default"`)
      .option('--rate-minute <n>', `${OVERRIDE_HELP.rateMinute}, or "default"`)
      .option('--rate-hour <n>', `${OVERRIDE_HELP.rateHour}, or "default"`)
      .option('--storage-limit <bytes>', `${OVERRIDE_HELP.storageLimit}, or "default"`)
      .action(async (id: string, raw: StoreLocation) => {
        const changes = parseOptions(setSchema, raw);
        if (Object.values(changes).every((value) => value === undefined)) {
          throw new UsageError(
            'nothing to change: give --plan, --quota-limit, --rate-minute, --rate-hour or --storage-limit',
          );
        }
        await runWithStore(raw, (store) =>
          store.transaction(async (trx) => describeTeam(trx, found(await trx.teams.update(id, changes), 'team', id))),
        );
      }),
  );

  return team;
}
