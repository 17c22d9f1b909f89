// GET /v1/usage (spec 4.5, 2.6): this calendar month's renders, quota and plan of the key's team.
import type Router from '@koa/router';
import { effectiveLimits, periodOf, quotaOf } from '../../../../src-shared/api/plans';
import type { Usage } from '../../../../src-shared/api/resources';
import type { Store } from '../../../store/openStore';
import { authenticate, authState } from '../../middleware/authenticate';

export function registerUsageRoute(router: Router, store: Store): void {
  router.get('/v1/usage', authenticate(store), (ctx) => {
    const { team } = authState(ctx);
    const period = periodOf(store.now());
    const renders = store.usage.get(team.id, period.period);
    const usage: Usage = {
      period: { start: period.start, end: period.end },
      renders,
      quota: quotaOf(effectiveLimits(team), renders.live),
      plan: team.plan,
    };
    ctx.body = usage;
  });
}
