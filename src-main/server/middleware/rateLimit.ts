// Applies the team's rate limits to a route and sets X-RateLimit-* on every answer of it, errors included.
import type { Context, Next } from 'koa';
import { RateLimitedError } from '../../../src-shared/api/apiErrors';
import { effectiveLimits } from '../../../src-shared/api/plans';
import type { TeamRateLimits } from '../rateLimits';
import { authState } from './authenticate';

export function rateLimit(limits: TeamRateLimits) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const { team } = authState(ctx);
    const { perMinute, perHour } = effectiveLimits(team);
    const decision = await limits.take(team.id, perMinute, perHour);
    ctx.set('X-RateLimit-Limit', String(decision.headerWindow.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.headerWindow.remaining));
    ctx.set('X-RateLimit-Reset', String(Math.ceil(decision.headerWindow.resetAt / 1000)));
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
    await next();
  };
}
