// Prepared statements of usage_monthly and usage_daily: render counters per team, live and test, by UTC month and day.
import type Database from 'better-sqlite3';
import { dayOf, periodOf } from '../../../src-shared/api/plans';
import type { KeyMode, UsageCounts } from '../storeTypes';

export interface DailyUsage extends UsageCounts {
  day: string;
}

export function usageQueries(db: Database.Database) {
  type Bump = { team_id: string; key: string; live: number; test: number };
  const bumpMonthly = db.prepare<[Bump]>(
    `INSERT INTO usage_monthly (team_id, period, live, test) VALUES (@team_id, @key, @live, @test)
     ON CONFLICT (team_id, period) DO UPDATE SET live = live + excluded.live, test = test + excluded.test`,
  );
  const bumpDaily = db.prepare<[Bump]>(
    `INSERT INTO usage_daily (team_id, day, live, test) VALUES (@team_id, @key, @live, @test)
     ON CONFLICT (team_id, day) DO UPDATE SET live = live + excluded.live, test = test + excluded.test`,
  );
  const selectMonth = db.prepare<[string, string], UsageCounts>('SELECT live, test FROM usage_monthly WHERE team_id = ? AND period = ?');
  const selectDays = db.prepare<[string, string, string], DailyUsage>(
    'SELECT day, live, test FROM usage_daily WHERE team_id = ? AND day >= ? AND day <= ? ORDER BY day',
  );

  const get = (teamId: string, period: string): UsageCounts => selectMonth.get(teamId, period) ?? { live: 0, test: 0 };

  return {
    /** Renders counted in a period ('YYYY-MM', see periodOf); zeros for a period without renders. */
    get,

    /** Counts `count` renders (a batch's labels) in their month and day; returns the month's counts after. Part of recordRender's transaction. */
    increment(teamId: string, mode: KeyMode, at: number, count = 1): UsageCounts {
      const period = periodOf(at).period;
      const bump = { team_id: teamId, live: mode === 'live' ? count : 0, test: mode === 'test' ? count : 0 };
      bumpMonthly.run({ ...bump, key: period });
      bumpDaily.run({ ...bump, key: dayOf(at) });
      return get(teamId, period);
    },

    /** Days with renders between fromDay and toDay inclusive ('YYYY-MM-DD'); days without renders are absent. */
    perDay(teamId: string, fromDay: string, toDay: string): DailyUsage[] {
      return selectDays.all(teamId, fromDay, toDay);
    },
  };
}

export type UsageQueries = ReturnType<typeof usageQueries>;
