// POST /api/print and /api/print-jobs: the editor's print dialog and print history work as the workspace team, with the same job JSON as /v1.
import type Router from '@koa/router';
import { printJobPage } from '../../../printing/printJobHistory';
import { reprintable, printJobView } from '../../../printing/printJobView';
import { documentFileName } from '../../../printing/printJobDocument';
import { DocumentGoneError } from '@shared/api/apiErrors';
import { BadRequestError } from '@shared/errors';
import { jsonBody, optionalJsonBody } from '../../middleware/jsonBody';
import { requestedTemplate } from '../../admission/renderAdmission';
import { templateVersionFor } from '../../templateAccess';
import {
  acceptPrintJob,
  acceptReprint,
  answerCancel,
  teamJob,
  type JobRequester,
  type PrintJobDeps,
  type PrintRequester,
} from '../print/printJobRequests';
import { workspaceTemplate } from './editorViews';
import { currentWorkspaceTeam } from './workspaceTeam';

const EDITOR_JOBS_PATH = '/api/print-jobs';

export function registerPrintJobsRoutes(router: Router, deps: PrintJobDeps, teamId: string): void {
  const { store } = deps;

  // Printed labels are real usage: counted as the workspace team's live renders (no API key), within its quota.
  const requester = async (): Promise<JobRequester> => ({
    team: await currentWorkspaceTeam(store, teamId),
    apiKeyId: null,
    mode: 'live',
  });

  router.post('/api/print', jsonBody(), async (ctx) => {
    const printRequester: PrintRequester = {
      ...(await requester()),
      // The editor prints its own templates: the saved draft, a version it names, or the one it has open, inline.
      template: (request) =>
        requestedTemplate(request, async (templateId, number) => {
          const template = await workspaceTemplate(store, teamId, templateId);
          if (number === undefined) return { content: template.content, version: null, id: template.id };
          const version = await templateVersionFor(store, template, templateId, number);
          return { content: version.content, version: version.number, id: template.id };
        }),
    };
    await acceptPrintJob(ctx, deps, printRequester, EDITOR_JOBS_PATH);
  });

  router.get(EDITOR_JOBS_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await printJobPage(store, teamId, ctx.query);
  });

  router.get(`${EDITOR_JOBS_PATH}/:id`, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = printJobView(await teamJob(store, teamId, ctx.params.id ?? ''));
  });

  // The ZPL page opens a job's ZPL as the printer got it: what a virtual printer or a hot folder received, say.
  router.get(`${EDITOR_JOBS_PATH}/:id/zpl`, async (ctx) => {
    const job = await teamJob(store, teamId, ctx.params.id ?? '');
    if (job.format !== 'zpl') throw new BadRequestError(`print job "${job.id}" was printed as PDF: it has no ZPL`);
    if (!reprintable(job)) throw new DocumentGoneError(job.id);
    const bytes = await store.printDocuments.read(documentFileName(job)).catch(() => {
      throw new DocumentGoneError(job.id);
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { zpl: Buffer.from(bytes).toString('utf8') };
  });

  router.post(`${EDITOR_JOBS_PATH}/:id/reprint`, optionalJsonBody(), async (ctx) => {
    await acceptReprint(ctx, deps, await requester(), EDITOR_JOBS_PATH);
  });

  router.post(`${EDITOR_JOBS_PATH}/:id/cancel`, async (ctx) => {
    await answerCancel(ctx, deps, teamId);
  });
}
