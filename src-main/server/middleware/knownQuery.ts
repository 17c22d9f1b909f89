// Refuses query parameters a route does not take: a typo (?printerId= for ?printer=) would otherwise be ignored and answer more than was asked for.
import type { Context, Next } from 'koa';
import { BadRequestError } from '../../../src-shared/errors';

/** `known`: every parameter the route reads; none by default. `route` names the route in the message ("GET /v1/print-jobs"). */
export function knownQuery(route: string, known: readonly string[] = []) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const unknown = Object.keys(ctx.query).filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      const named = unknown.map((name) => JSON.stringify(name.slice(0, 100))).join(', ');
      const takes = known.length === 0 ? 'takes no query parameters' : `takes only ${known.join(', ')}`;
      throw new BadRequestError(`unknown query parameter${unknown.length === 1 ? '' : 's'} ${named}: ${route} ${takes}`, { unknown: unknown.map((name) => name.slice(0, 100)), known });
    }
    await next();
  };
}
