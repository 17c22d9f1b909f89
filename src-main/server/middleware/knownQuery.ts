// Refuses query parameters a /v1 route does not take: a misspelt filter (printerId for printer) would otherwise list everything.
import type { Context, Next } from 'koa';
import { BadRequestError } from '@shared/errors';

/**
 * 400 BAD_REQUEST naming the first unknown parameter and the ones the route takes (none for a route without any).
 * Routes whose callers may add their own parameters (the Labelary-compatible viewer) do not use it.
 */
export function knownQuery(...names: string[]) {
  const known = new Set(names);
  return async (ctx: Context, next: Next): Promise<void> => {
    const unknown = Object.keys(ctx.query).filter((name) => !known.has(name));
    const [first] = unknown;
    if (first !== undefined) {
      const takes = names.length === 0 ? 'takes no query parameters' : `takes only ${names.join(', ')}`;
      throw new BadRequestError(`unknown query parameter "${first}": ${ctx.method} ${ctx.path} ${takes}`, {
        unknown,
        allowed: names,
      });
    }
    await next();
  };
}
