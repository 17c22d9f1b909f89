// Applies the team's rate limits to a route and sets X-RateLimit-* on every answer of it, errors included.
import type { Context, Next } from 'koa';
import { RateLimitedError } from '@shared/api/apiErrors';
import { effectiveLimits } from '@shared/api/plans';
import type { RateWindowState, TeamRateLimits } from './rateLimits';
import { authState } from '../middleware/authenticate';

export function setRateLimitHeaders(ctx: Context, window: RateWindowState): void {
  ctx.set('X-RateLimit-Limit', String(window.limit));
  ctx.set('X-RateLimit-Remaining', String(window.remaining));
  ctx.set('X-RateLimit-Reset', String(Math.ceil(window.resetAt / 1000)));
}

/** Counts a batch's labels after its first (which rateLimit counted) against the team's windows, and updates the headers. */
export async function chargeBatchLabels(ctx: Context, limits: TeamRateLimits, labels: number): Promise<void> {
  if (labels <= 1) return;
  const { team } = authState(ctx);
  const { perMinute, perHour } = effectiveLimits(team);
  setRateLimitHeaders(ctx, await limits.charge(team.id, perMinute, perHour, labels - 1));
}

export function rateLimit(limits: TeamRateLimits) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const { team } = authState(ctx);
    const { perMinute, perHour } = effectiveLimits(team);
    const decision = await limits.take(team.id, perMinute, perHour);
    setRateLimitHeaders(ctx, decision.headerWindow);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
    await next();
  };
}
