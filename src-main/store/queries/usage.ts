// Queries of usage_monthly and usage_daily: render counters per team, live and test, by UTC month and day.
import { dayOf, periodOf } from '@shared/api/plans';
import type { Executor } from '../schema';
import type { KeyMode, UsageCounts } from '../storeTypes';

export interface DailyUsage extends UsageCounts {
  day: string;
}

export function usageQueries(db: Executor) {
  const get = async (teamId: string, period: string): Promise<UsageCounts> =>
    (await db
      .selectFrom('usage_monthly')
      .select(['live', 'test'])
      .where('team_id', '=', teamId)
      .where('period', '=', period)
      .executeTakeFirst()) ?? { live: 0, test: 0 };

  return {
    /** Renders counted in a period ('YYYY-MM', see periodOf); zeros for a period without renders. */
    get,

    /** Counts `count` renders (a batch's labels) in their month and day; returns the month's counts after. Part of recordRender's transaction. */
    async increment(teamId: string, mode: KeyMode, at: number, count = 1): Promise<UsageCounts> {
      const period = periodOf(at).period;
      const bump = { team_id: teamId, live: mode === 'live' ? count : 0, test: mode === 'test' ? count : 0 };
      // Qualified names: in PostgreSQL a bare column in DO UPDATE is ambiguous with the excluded row.
      await db
        .insertInto('usage_monthly')
        .values({ ...bump, period })
        .onConflict((oc) =>
          oc.columns(['team_id', 'period']).doUpdateSet((eb) => ({
            live: eb('usage_monthly.live', '+', eb.ref('excluded.live')),
            test: eb('usage_monthly.test', '+', eb.ref('excluded.test')),
          })),
        )
        .execute();
      await db
        .insertInto('usage_daily')
        .values({ ...bump, day: dayOf(at) })
        .onConflict((oc) =>
          oc.columns(['team_id', 'day']).doUpdateSet((eb) => ({
            live: eb('usage_daily.live', '+', eb.ref('excluded.live')),
            test: eb('usage_daily.test', '+', eb.ref('excluded.test')),
          })),
        )
        .execute();
      return get(teamId, period);
    },

    /** Days with renders between fromDay and toDay inclusive ('YYYY-MM-DD'); days without renders are absent. */
    perDay(teamId: string, fromDay: string, toDay: string): Promise<DailyUsage[]> {
      return db
        .selectFrom('usage_daily')
        .select(['day', 'live', 'test'])
        .where('team_id', '=', teamId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .orderBy('day')
        .execute();
    },
  };
}

export type UsageQueries = ReturnType<typeof usageQueries>;
