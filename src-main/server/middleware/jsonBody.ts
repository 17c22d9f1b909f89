// Parses JSON request bodies up to 1 MB (spec 8.2 rule 8); anything else is a clear 400, larger bodies 413.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { BadRequestError } from '@shared/errors';

export const BODY_LIMIT = '1mb';

export function jsonBody() {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, encoding: 'utf-8' });
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!ctx.is('application/json'))
      throw new BadRequestError('send the request body as JSON with Content-Type: application/json');
    try {
      await parse(ctx, next);
    } catch (error) {
      // raw-body pauses the request when it stops reading part-way (a chunked body that runs past the limit). Node
      // discards the unread rest of a body only when nobody began reading it, so this one stayed paused: the next
      // request a keep-alive client sent on the connection was never read, and was reset ~5 s later (ECONNRESET).
      // Discard the rest, as Node does with bodies no one read; the server's requestTimeout bounds how long it takes.
      if (!ctx.req.readableEnded) ctx.req.resume();
      throw error;
    }
  };
}

/** jsonBody for requests whose body may be left out entirely (ctx.request.body stays undefined then). */
export function optionalJsonBody() {
  const json = jsonBody();
  // ctx.is() is null when the request has no body at all; fetch sends an empty POST with Content-Length: 0.
  return (ctx: Context, next: Next): Promise<void> =>
    ctx.request.length === 0 || ctx.is('application/json') === null ? next() : json(ctx, next);
}
