// GET /ready: readiness for a load balancer: 200 only while every backend answers; 503 UNAVAILABLE naming the ones that do not.
import type Router from '@koa/router';
import type { z } from 'zod';
import { UnavailableError } from '../../../../src-shared/api/apiErrors';
import type { readySchema } from '../../../../src-shared/api/resources';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../backendUnavailable';
import { runReadinessChecks, type ReadinessCheck } from './readiness';

export function registerReadyRoute(router: Router, checks: Record<string, ReadinessCheck>): void {
  router.get('/ready', async (ctx) => {
    const results = await runReadinessChecks(checks);
    const failing = Object.keys(results).filter((name) => results[name] !== 'ok');
    if (failing.length > 0) throw new UnavailableError(failing.join(' and '), UNAVAILABLE_RETRY_AFTER_SECONDS, { checks: results });
    const body: z.infer<typeof readySchema> = { ok: true, checks: Object.fromEntries(Object.keys(results).map((name) => [name, 'ok' as const])) };
    ctx.body = body;
  });
}
