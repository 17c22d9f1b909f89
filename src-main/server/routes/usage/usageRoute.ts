// GET /v1/usage (spec 4.5, 2.6): this calendar month's renders, quota and plan of the key's team, and its kept outputs' storage.
import type Router from '@koa/router';
import { effectiveLimits, periodOf, quotaOf } from '@shared/api/plans';
import type { Usage } from '@shared/api/resources';
import type { Store } from '../../../store/openStore';
import { teamStorage } from '../../../store/storageBudget';
import type { TeamRecord } from '../../../store/storeTypes';
import { authenticate, authState } from '../../middleware/authenticate';
import { knownQuery } from '../../middleware/knownQuery';

/** The usage object of spec 2.6 for a team; the editor's usage page shows the same. */
export async function teamUsage(store: Store, team: TeamRecord): Promise<Usage> {
  const period = periodOf(store.now());
  const renders = await store.usage.get(team.id, period.period);
  return {
    period: { start: period.start, end: period.end },
    renders,
    quota: quotaOf(effectiveLimits(team), renders.live),
    plan: team.plan,
    storage: await teamStorage(store, team),
  };
}

export function registerUsageRoute(router: Router, store: Store): void {
  router.get('/v1/usage', authenticate(store), knownQuery(), async (ctx) => {
    ctx.body = await teamUsage(store, authState(ctx).team);
  });
}
