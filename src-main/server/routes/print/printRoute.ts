// POST /v1/print and GET /v1/print-jobs/{id}: a job accepted with 202 and sent by the print queue, and its state.
import type Router from '@koa/router';
import { printJobView } from '../../../printing/printJobView';
import { authenticate, authState, refuseDemoKeys } from '../../middleware/authenticate';
import { jsonBody } from '../../middleware/jsonBody';
import { rateLimit } from '../../middleware/rateLimit';
import type { TeamRateLimits } from '../../rateLimits';
import { apiKeyTemplate } from '../../renderAdmission';
import { acceptPrintJob, teamJob, type PrintJobDeps, type PrintRequester } from './printJobRequests';

const PRINT_JOBS_PATH = '/v1/print-jobs';

export interface PrintRouteDeps extends PrintJobDeps {
  /** The same windows as /v1/render's: a print request is a render request. */
  rateLimits: TeamRateLimits;
}

export function registerPrintRoute(router: Router, deps: PrintRouteDeps): void {
  const { store, rateLimits } = deps;

  // Renders like /v1/render (one request against the rate limit, labels × copies against the quota), then queues.
  router.post('/v1/print', authenticate(store), rateLimit(rateLimits), refuseDemoKeys('print'), jsonBody(), async (ctx) => {
    const auth = authState(ctx);
    const requester: PrintRequester = { team: auth.team, apiKeyId: auth.apiKey.id, mode: auth.apiKey.mode, template: (request) => apiKeyTemplate(store, auth, request) };
    await acceptPrintJob(ctx, deps, requester, PRINT_JOBS_PATH);
  });

  router.get(`${PRINT_JOBS_PATH}/:id`, authenticate(store), refuseDemoKeys('read print jobs'), (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = printJobView(teamJob(store, authState(ctx).team.id, ctx.params.id ?? ''));
  });
}
