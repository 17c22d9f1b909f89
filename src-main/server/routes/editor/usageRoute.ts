// GET /api/usage?days=30: the workspace team's usage as /v1/usage shows it, plus renders per day for the chart.
import type Router from '@koa/router';
import { usageQuerySchema, type DailyRenders, type EditorUsage } from '@shared/api/editorApi';
import { dayOf } from '@shared/api/plans';
import type { Store } from '../../../store/openStore';
import { parseRequestBody } from '../../requestBody';
import { teamUsage } from '../usage/usageRoute';
import { currentWorkspaceTeam } from './workspaceTeam';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` UTC days ending today, oldest first; the store keeps only days with renders, the chart wants every day. */
async function rendersPerDay(store: Store, teamId: string, days: number): Promise<DailyRenders[]> {
  const now = store.now();
  const dayAt = (index: number): string => dayOf(now - (days - 1 - index) * DAY_MS);
  const counted = new Map(
    (await store.usage.perDay(teamId, dayAt(0), dayAt(days - 1))).map((entry) => [entry.day, entry]),
  );
  return Array.from({ length: days }, (_, index) => {
    const day = dayAt(index);
    const found = counted.get(day);
    return { day, live: found?.live ?? 0, test: found?.test ?? 0 };
  });
}

export function registerEditorUsageRoute(router: Router, store: Store, teamId: string): void {
  router.get('/api/usage', async (ctx) => {
    const { days } = parseRequestBody(usageQuerySchema, { ...ctx.query });
    const usage: EditorUsage = {
      ...(await teamUsage(store, await currentWorkspaceTeam(store, teamId))),
      perDay: await rendersPerDay(store, teamId, days),
    };
    ctx.body = usage;
  });
}
