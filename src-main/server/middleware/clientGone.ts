// A request's client leaving before its answer, as an AbortSignal: render work queued for a client that has gone is dropped, never run.
import type { Context } from 'koa';

/**
 * Aborts when the connection closes before the whole answer was written (the client gave up, timed out or was
 * killed). One signal per request, however many renders it queues.
 */
export function clientGoneSignal(ctx: Context): AbortSignal {
  const state = ctx.state as { clientGone?: AbortSignal };
  if (state.clientGone) return state.clientGone;
  const controller = new AbortController();
  const { res } = ctx;
  if (res.destroyed && !res.writableFinished) controller.abort();
  else res.once('close', () => !res.writableFinished && controller.abort());
  state.clientGone = controller.signal;
  return controller.signal;
}
