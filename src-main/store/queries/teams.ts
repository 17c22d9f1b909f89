// Queries of the teams table: create, read, change plan and overrides, flag for review.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PlanName } from '@shared/api/plans';
import type { HotCache } from '../hotCache';
import { precompiled } from '../precompiled';
import type { Executor, TeamRow } from '../schema';
import type { TeamRecord } from '../storeTypes';

function toTeam(row: TeamRow): TeamRecord {
  return {
    id: row.id,
    name: row.name,
    // The column's CHECK constraint admits only plan names.
    plan: row.plan as PlanName,
    quotaLimit: row.quota_limit,
    rateMinute: row.rate_minute,
    rateHour: row.rate_hour,
    storageLimit: row.storage_limit,
    flaggedAt: row.flagged_at,
    flaggedPeriod: row.flagged_period,
    createdAt: row.created_at,
  };
}

export interface NewTeam {
  name: string;
  plan: PlanName;
  quotaLimit?: number | null;
  rateMinute?: number | null;
  rateHour?: number | null;
  storageLimit?: number | null;
}

/** Fields left out stay as they are; null clears an override back to the plan's value. */
export type TeamChanges = Partial<Omit<NewTeam, 'name'>>;

/** The request path's statements (see precompiled): a team by id (authentication, every live render's count). */
const teamById = precompiled<'id', TeamRow>((db, value) =>
  db.selectFrom('teams').selectAll().where('id', '=', value('id')),
);
const lockTeam = precompiled<'id', never>((db, value) =>
  db
    .updateTable('teams')
    .set({ id: value('id') })
    .where('id', '=', value('id')),
);

/**
 * Inside a transaction: holds the team's row until the commit, so transactions that check a team-wide budget (its
 * storage) and then write take turns. A no-op write: on PostgreSQL it takes the row lock that read committed otherwise
 * never takes for a check; on SQLite the transaction holds the one write lock already. It changes nothing the hot
 * cache holds.
 */
export async function lockTeamForBudget(db: Executor, id: string): Promise<void> {
  await lockTeam.execute(db, { id });
}

export function teamQueries(db: Executor, now: () => number, hot: HotCache) {
  const get = async (id: string): Promise<TeamRecord | undefined> => {
    const row = await teamById.first(db, { id });
    return row && toTeam(row);
  };

  return {
    lockForBudget: (id: string): Promise<void> => lockTeamForBudget(db, id),
    async create(team: NewTeam): Promise<TeamRecord> {
      const row: TeamRow = {
        id: randomUUID(),
        name: team.name,
        plan: team.plan,
        quota_limit: team.quotaLimit ?? null,
        rate_minute: team.rateMinute ?? null,
        rate_hour: team.rateHour ?? null,
        storage_limit: team.storageLimit ?? null,
        flagged_at: null,
        flagged_period: null,
        created_at: now(),
      };
      await db.insertInto('teams').values(row).execute();
      return toTeam(row);
    },

    get,

    async list(): Promise<TeamRecord[]> {
      const rows = await db
        .selectFrom('teams')
        .selectAll()
        .orderBy('created_at')
        .orderBy(sql`rowid`)
        .execute();
      return rows.map(toTeam);
    },

    async update(id: string, changes: TeamChanges): Promise<TeamRecord | undefined> {
      const team = await get(id);
      if (!team) return undefined;
      const pick = <T>(change: T | null | undefined, current: T | null): T | null =>
        change === undefined ? current : change;
      await db
        .updateTable('teams')
        .set({
          plan: changes.plan ?? team.plan,
          quota_limit: pick(changes.quotaLimit, team.quotaLimit),
          rate_minute: pick(changes.rateMinute, team.rateMinute),
          rate_hour: pick(changes.rateHour, team.rateHour),
          storage_limit: pick(changes.storageLimit, team.storageLimit),
        })
        .where('id', '=', id)
        .execute();
      await hot.changed(db);
      return get(id);
    },

    /** Marks the team for review in `period`; true if this call set the flag (it is set once per period). */
    async flagForReview(id: string, period: string, at: number = now()): Promise<boolean> {
      const result = await db
        .updateTable('teams')
        .set({ flagged_at: at, flagged_period: period })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('flagged_period', 'is', null), eb('flagged_period', '<>', period)]))
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await hot.changed(db);
      return true;
    },
  };
}

export type TeamQueries = ReturnType<typeof teamQueries>;
