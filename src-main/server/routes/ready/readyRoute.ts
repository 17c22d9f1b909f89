// GET /ready: readiness for a load balancer: 200 only while every backend answers; 503 UNAVAILABLE naming the ones that do not.
import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { UnavailableError } from '@shared/api/apiErrors';
import type { readySchema } from '@shared/api/resources';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../backendUnavailable';
import { runReadinessChecks, type ReadinessCheck } from './readiness';

/**
 * /ready needs no key (load balancers probe it), so it names the backends that fail and no more: why they fail (a
 * driver's message holds hosts, ports, bucket names) goes to the log, for the operator.
 */
export function registerReadyRoute(router: Router, checks: Record<string, ReadinessCheck>, logger?: Logger): void {
  router.get('/ready', async (ctx) => {
    const results = await runReadinessChecks(checks);
    const failing = Object.keys(results).filter((name) => results[name] !== 'ok');
    if (failing.length > 0) {
      logger?.warn({ checks: results }, `not ready: ${failing.join(' and ')} did not answer`);
      const shown = Object.fromEntries(
        Object.entries(results).map(([name, result]) => [name, result === 'ok' ? 'ok' : 'unavailable']),
      );
      throw new UnavailableError(failing.join(' and '), UNAVAILABLE_RETRY_AFTER_SECONDS, { checks: shown });
    }
    const body: z.infer<typeof readySchema> = {
      ok: true,
      checks: Object.fromEntries(Object.keys(results).map((name) => [name, 'ok' as const])),
    };
    ctx.body = body;
  });
}
