// Gives each request an id (echoed as X-Request-Id) and a child logger, and logs one line per answered request.
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { requestClient } from '../clientAddress';
import type { TrustedProxies } from '../trustedProxies';

/** An id the client sent is kept when it is short and plain, so logs on both sides line up. */
const CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** `trustedProxies`: whose X-Forwarded-For names the client the line logs (see requestClient). */
export function requestLog(logger: Logger, trustedProxies?: TrustedProxies) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const sent = ctx.get('X-Request-Id');
    const requestId = CLIENT_ID_PATTERN.test(sent) ? sent : randomUUID();
    ctx.set('X-Request-Id', requestId);
    const log = logger.child({ requestId });
    ctx.state.log = log;
    // Read now: once the answer is out the socket may be closed and no longer know its peer.
    const client = requestClient(ctx.req, trustedProxies);
    const start = performance.now();
    try {
      await next();
    } finally {
      // Only the client, method, path and outcome: never headers (Authorization) or bodies (customer data).
      log.info(
        { client, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - start) },
        'request',
      );
    }
  };
}
