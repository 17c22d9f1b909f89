// POST /v1/print and /v1/print-jobs: a job accepted with 202 and sent by the print queue, its state, the team's history, reprints and cancelling.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { printJobPage } from '../../../printing/printJobHistory';
import { printJobView } from '../../../printing/printJobView';
import { authenticate, authState, refuseDemoKeys } from '../../middleware/authenticate';
import { jsonBody, optionalJsonBody } from '../../middleware/jsonBody';
import { rateLimit } from '../../admission/rateLimit';
import type { TeamRateLimits } from '../../admission/rateLimits';
import { apiKeyTemplate } from '../../admission/renderAdmission';
import {
  acceptPrintJob,
  acceptReprint,
  answerCancel,
  teamJob,
  type JobRequester,
  type PrintJobDeps,
  type PrintRequester,
} from './printJobRequests';
import { knownQuery } from '../../middleware/knownQuery';
import { printJobListQuerySchema } from '@shared/api/printRequest';

const PRINT_JOBS_PATH = '/v1/print-jobs';

export interface PrintRouteDeps extends PrintJobDeps {
  /** The same windows as /v1/render's: a print request is a render request. */
  rateLimits: TeamRateLimits;
}

export function registerPrintRoute(router: Router, deps: PrintRouteDeps): void {
  const { store, rateLimits } = deps;

  const requesterOf = (ctx: Context): JobRequester => {
    const auth = authState(ctx);
    return { team: auth.team, apiKeyId: auth.apiKey.id, mode: auth.apiKey.mode };
  };

  // Renders like /v1/render (one request against the rate limit, labels × copies against the quota), then queues.
  router.post(
    '/v1/print',
    authenticate(store),
    knownQuery(),
    rateLimit(rateLimits),
    refuseDemoKeys('print'),
    jsonBody(),
    async (ctx) => {
      const auth = authState(ctx);
      const requester: PrintRequester = {
        ...requesterOf(ctx),
        template: (request) => apiKeyTemplate(store, auth, request),
      };
      await acceptPrintJob(ctx, deps, requester, PRINT_JOBS_PATH);
    },
  );

  // Reading the history is not rate limited, as following a job is not: neither reaches a printer.
  router.get(
    PRINT_JOBS_PATH,
    authenticate(store),
    knownQuery(...Object.keys(printJobListQuerySchema.shape)),
    refuseDemoKeys('read print jobs'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await printJobPage(store, authState(ctx).team.id, ctx.query);
    },
  );

  router.get(
    `${PRINT_JOBS_PATH}/:id`,
    authenticate(store),
    knownQuery(),
    refuseDemoKeys('read print jobs'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = printJobView(await teamJob(store, authState(ctx).team.id, ctx.params.id ?? ''));
    },
  );

  // A reprint sends labels to a printer: one request in the same windows as /v1/print, its labels against the quota.
  router.post(
    `${PRINT_JOBS_PATH}/:id/reprint`,
    authenticate(store),
    knownQuery(),
    rateLimit(rateLimits),
    refuseDemoKeys('reprint'),
    optionalJsonBody(),
    async (ctx) => {
      await acceptReprint(ctx, deps, requesterOf(ctx), PRINT_JOBS_PATH);
    },
  );

  // Not rate limited: stopping a job must work when the team has used its window up.
  router.post(
    `${PRINT_JOBS_PATH}/:id/cancel`,
    authenticate(store),
    knownQuery(),
    refuseDemoKeys('cancel print jobs'),
    async (ctx) => {
      await answerCancel(ctx, deps, authState(ctx).team.id);
    },
  );
}
