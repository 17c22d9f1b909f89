// Prepared statements of the teams table: create, read, change plan and overrides, flag for review.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { PlanName } from '../../../src-shared/api/plans';
import type { TeamRecord } from '../storeTypes';

interface TeamRow {
  id: string;
  name: string;
  plan: string;
  quota_limit: number | null;
  rate_minute: number | null;
  rate_hour: number | null;
  storage_limit: number | null;
  flagged_at: number | null;
  flagged_period: string | null;
  created_at: number;
}

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

export function teamQueries(db: Database.Database, now: () => number) {
  const insert = db.prepare<[TeamRow]>(
    `INSERT INTO teams (id, name, plan, quota_limit, rate_minute, rate_hour, storage_limit, flagged_at, flagged_period, created_at)
     VALUES (@id, @name, @plan, @quota_limit, @rate_minute, @rate_hour, @storage_limit, @flagged_at, @flagged_period, @created_at)`,
  );
  const selectOne = db.prepare<[string], TeamRow>('SELECT * FROM teams WHERE id = ?');
  const selectAll = db.prepare<[], TeamRow>('SELECT * FROM teams ORDER BY created_at, rowid');
  const updateLimits = db.prepare<[Pick<TeamRow, 'id' | 'plan' | 'quota_limit' | 'rate_minute' | 'rate_hour' | 'storage_limit'>]>(
    'UPDATE teams SET plan = @plan, quota_limit = @quota_limit, rate_minute = @rate_minute, rate_hour = @rate_hour, storage_limit = @storage_limit WHERE id = @id',
  );
  const flag = db.prepare<[{ id: string; at: number; period: string }]>(
    'UPDATE teams SET flagged_at = @at, flagged_period = @period WHERE id = @id AND flagged_period IS NOT @period',
  );

  const get = (id: string): TeamRecord | undefined => {
    const row = selectOne.get(id);
    return row && toTeam(row);
  };

  return {
    create(team: NewTeam): TeamRecord {
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
      insert.run(row);
      return toTeam(row);
    },

    get,

    list(): TeamRecord[] {
      return selectAll.all().map(toTeam);
    },

    update(id: string, changes: TeamChanges): TeamRecord | undefined {
      const team = get(id);
      if (!team) return undefined;
      const pick = <T>(change: T | null | undefined, current: T | null): T | null => (change === undefined ? current : change);
      updateLimits.run({
        id,
        plan: changes.plan ?? team.plan,
        quota_limit: pick(changes.quotaLimit, team.quotaLimit),
        rate_minute: pick(changes.rateMinute, team.rateMinute),
        rate_hour: pick(changes.rateHour, team.rateHour),
        storage_limit: pick(changes.storageLimit, team.storageLimit),
      });
      return get(id);
    },

    /** Marks the team for review in `period`; true if this call set the flag (it is set once per period). */
    flagForReview(id: string, period: string, at: number = now()): boolean {
      return flag.run({ id, at, period }).changes > 0;
    },
  };
}

export type TeamQueries = ReturnType<typeof teamQueries>;
