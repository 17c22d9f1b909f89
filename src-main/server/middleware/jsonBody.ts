// Parses JSON request bodies up to 1 MB (spec 8.2 rule 8); anything else is a clear 400, larger bodies 413.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { BadRequestError } from '../../../src-shared/errors';

export const BODY_LIMIT = '1mb';

export function jsonBody() {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, encoding: 'utf-8' });
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!ctx.is('application/json')) throw new BadRequestError('send the request body as JSON with Content-Type: application/json');
    await parse(ctx, next);
  };
}
