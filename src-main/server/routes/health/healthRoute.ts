// GET /health (spec 4.6): no authentication, answered without touching the database or the render pool.
import type Router from '@koa/router';
import type { z } from 'zod';
import type { healthSchema } from '@shared/api/resources';

export function registerHealthRoute(router: Router, version: string, now: () => number): void {
  router.get('/health', (ctx) => {
    const body: z.infer<typeof healthSchema> = { ok: true, version, ts: now() };
    ctx.body = body;
  });
}
