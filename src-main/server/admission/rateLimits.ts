// Per-team rate limits on /v1/render (spec 8.2): a minute window and an hour window, counted per label (a request of one label, or each label of a batch); in this process, or in Redis for all nodes.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateWindowState {
  limit: number;
  remaining: number;
  /** When the window resets, epoch milliseconds. */
  resetAt: number;
}

export type RateDecision =
  | { allowed: true; headerWindow: RateWindowState }
  | { allowed: false; headerWindow: RateWindowState; retryAfterSeconds: number };

interface WindowSpec {
  seconds: number;
  limit: number;
}

/** Prefix of the limiters' keys in Redis (then the window, then the team id), so a Redis shared with other software stays readable. */
const REDIS_KEY_PREFIX = 'labelsmith:rate';

export class TeamRateLimits {
  /** One limiter per window length and limit: teams on the same plan share it, keyed by team id. */
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  /**
   * `redis`: the windows live there, one budget per team across every node using the same Redis (counted atomically by
   * the library's Lua script); without it, in this process. A request while Redis is gone fails with the client's
   * error (backendUnavailable: 503), never with a fresh in-process budget.
   */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly redis?: Redis,
  ) {}

  private limiter(window: WindowSpec): RateLimiterAbstract {
    const key = `${window.seconds}/${window.limit}`;
    let limiter = this.limiters.get(key);
    if (!limiter) {
      const options = { points: window.limit, duration: window.seconds };
      limiter =
        this.redis === undefined
          ? new RateLimiterMemory({ ...options, keyPrefix: key })
          : new RateLimiterRedis({
              ...options,
              keyPrefix: `${REDIS_KEY_PREFIX}:${key}`,
              storeClient: this.redis,
              rejectIfRedisNotReady: true,
            });
      this.limiters.set(key, limiter);
    }
    return limiter;
  }

  private state(window: WindowSpec, result: RateLimiterRes): RateWindowState {
    return {
      limit: window.limit,
      remaining: Math.max(0, result.remainingPoints),
      resetAt: this.now() + result.msBeforeNext,
    };
  }

  /**
   * Counts one request (one label) against both windows. A request refused by the minute window is not counted against
   * the hour.
   */
  async take(teamId: string, perMinute: number, perHour: number): Promise<RateDecision> {
    const windows: WindowSpec[] = [
      { seconds: 60, limit: perMinute },
      { seconds: 3600, limit: perHour },
    ];
    const states: RateWindowState[] = [];
    for (const window of windows) {
      try {
        states.push(this.state(window, await this.limiter(window).consume(teamId)));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const state = this.state(window, rejection);
        return {
          allowed: false,
          headerWindow: state,
          retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      }
    }
    return { allowed: true, headerWindow: closestToExhaustion(states) };
  }

  /**
   * Counts `labels` more against both windows without refusing: a batch admitted by take() (its first label) adds the
   * rest of its labels. A window may so go past its limit; the team's next requests wait until it resets.
   */
  async charge(teamId: string, perMinute: number, perHour: number, labels: number): Promise<RateWindowState> {
    const windows: WindowSpec[] = [
      { seconds: 60, limit: perMinute },
      { seconds: 3600, limit: perHour },
    ];
    const states = await Promise.all(
      windows.map(async (window) => this.state(window, await this.limiter(window).penalty(teamId, labels))),
    );
    return closestToExhaustion(states);
  }
}

/** The headers describe the window closest to exhaustion: fewest requests left; on a tie the one that resets later. */
function closestToExhaustion(states: RateWindowState[]): RateWindowState {
  return states.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.resetAt > a.resetAt) ? b : a,
  );
}
