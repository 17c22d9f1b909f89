// Turns every failure into the API's error body {error, code, details?} with the status of spec section 7; never a stack trace.
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import {
  PayloadTooLargeError,
  RateLimitedError,
  ServiceBusyError,
  StorageExceededError,
  TooManyConnectionsError,
  UnavailableError,
} from '@shared/api/apiErrors';
import type { ErrorBody } from '@shared/api/resources';
import { AppError, BadRequestError } from '@shared/errors';
import { backendUnavailable } from '../backendUnavailable';

/**
 * co-body parses with @hapi/bourne, which refuses valid JSON holding a "__proto__" key (its guard against prototype
 * pollution); the message is its only sign. Saying "not valid JSON" there sent clients looking for a syntax error.
 */
const PROTO_KEY_REFUSED = /forbidden prototype property/;

/** Errors raised by Koa's body parser (co-body/raw-body) carry a status and a type but are not AppErrors. */
function fromHttpError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (status === 413 || type === 'entity.too.large') return new PayloadTooLargeError('1 MB');
  if (status === 400 && error instanceof SyntaxError && PROTO_KEY_REFUSED.test(error.message)) {
    return new BadRequestError('the request body has a "__proto__" key: such keys are refused anywhere in the body');
  }
  if (status === 400 || type === 'entity.parse.failed') return new BadRequestError('request body is not valid JSON');
  if (status === 415) return new BadRequestError('Content-Type must be application/json');
  return undefined;
}

export function sendError(ctx: Context, error: AppError): void {
  const body: ErrorBody = { error: error.message, code: error.code };
  if (error.details !== undefined) body.details = error.details;
  ctx.status = error.status;
  ctx.body = body;
  if (error.status === 401) ctx.set('WWW-Authenticate', 'Bearer');
  if (
    error instanceof RateLimitedError ||
    error instanceof UnavailableError ||
    error instanceof TooManyConnectionsError
  )
    ctx.set('Retry-After', String(error.retryAfterSeconds));
  if (
    (error instanceof StorageExceededError || error instanceof ServiceBusyError) &&
    error.retryAfterSeconds !== undefined
  )
    ctx.set('Retry-After', String(error.retryAfterSeconds));
}

export function errorMapper() {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (error) {
      const known = error instanceof AppError ? error : fromHttpError(error);
      if (known) {
        sendError(ctx, known);
        return;
      }
      const log = ctx.state.log as Logger | undefined;
      const unavailable = backendUnavailable(error);
      if (unavailable) {
        log?.warn({ err: error }, unavailable.message);
        sendError(ctx, unavailable);
        return;
      }
      log?.error({ err: error }, 'unexpected error');
      sendError(
        ctx,
        new AppError('INTERNAL_ERROR', 500, 'internal error; the request id identifies it in the server log'),
      );
    }
  };
}
