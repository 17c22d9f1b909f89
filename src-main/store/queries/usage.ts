// Queries of usage_monthly and usage_daily: render counters per team, live and test, by UTC month and day.
import { dayOf, periodOf } from '@shared/api/plans';
import { precompiled } from '../precompiled';
import type { Executor } from '../schema';
import type { KeyMode, UsageCounts } from '../storeTypes';

export interface DailyUsage extends UsageCounts {
  day: string;
}

/** The request path's statements (see precompiled): every render counts in its month (answering the month's counts) and day. */
const monthOf = precompiled<'teamId' | 'period', UsageCounts>((db, value) =>
  db
    .selectFrom('usage_monthly')
    .select(['live', 'test'])
    .where('team_id', '=', value('teamId'))
    .where('period', '=', value('period')),
);
// Qualified names: in PostgreSQL a bare column in DO UPDATE is ambiguous with the excluded row.
const countInMonth = precompiled<'teamId' | 'period' | 'live' | 'test', UsageCounts>((db, value) =>
  db
    .insertInto('usage_monthly')
    .values({ team_id: value('teamId'), period: value('period'), live: value('live'), test: value('test') })
    .onConflict((oc) =>
      oc.columns(['team_id', 'period']).doUpdateSet((eb) => ({
        live: eb('usage_monthly.live', '+', eb.ref('excluded.live')),
        test: eb('usage_monthly.test', '+', eb.ref('excluded.test')),
      })),
    )
    .returning(['live', 'test']),
);
const countInDay = precompiled<'teamId' | 'day' | 'live' | 'test', never>((db, value) =>
  db
    .insertInto('usage_daily')
    .values({ team_id: value('teamId'), day: value('day'), live: value('live'), test: value('test') })
    .onConflict((oc) =>
      oc.columns(['team_id', 'day']).doUpdateSet((eb) => ({
        live: eb('usage_daily.live', '+', eb.ref('excluded.live')),
        test: eb('usage_daily.test', '+', eb.ref('excluded.test')),
      })),
    ),
);

export function usageQueries(db: Executor) {
  const get = async (teamId: string, period: string): Promise<UsageCounts> =>
    (await monthOf.first(db, { teamId, period })) ?? { live: 0, test: 0 };

  return {
    /** Renders counted in a period ('YYYY-MM', see periodOf); zeros for a period without renders. */
    get,

    /** Counts `count` renders (a batch's labels) in their month and day; returns the month's counts after. Part of recordRender's transaction. */
    async increment(teamId: string, mode: KeyMode, at: number, count = 1): Promise<UsageCounts> {
      const period = periodOf(at).period;
      const bump = { teamId, live: mode === 'live' ? count : 0, test: mode === 'test' ? count : 0 };
      const month = await countInMonth.first(db, { ...bump, period });
      await countInDay.execute(db, { ...bump, day: dayOf(at) });
      if (!month) throw new Error(`the usage of team ${teamId} in ${period} was not counted`);
      return month;
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
