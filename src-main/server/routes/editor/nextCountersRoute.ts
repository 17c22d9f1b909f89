// POST /api/counters/next: the values the workspace's next live render or print would give the template's counters, read without taking them, so the canvas shows what the preview and the printer show.
import type Router from '@koa/router';
import { nextCountersBodySchema, type NextCounters } from '@shared/api/editorApi';
import type { Store } from '../../../store/openStore';
import { renderCounters } from '../../../store/renderCounters';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';

export function registerNextCountersRoute(router: Router, store: Store, teamId: string): void {
  router.post('/api/counters/next', jsonBody(), async (ctx) => {
    const { template } = parseRequestBody(nextCountersBodySchema, ctx.request.body);
    const answer: NextCounters = { counters: (await renderCounters(store, teamId, template, 1, false)).values ?? {} };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });
}
