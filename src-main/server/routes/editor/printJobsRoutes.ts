// POST /api/print and GET /api/print-jobs/:id: the editor's print dialog prints as the workspace team, with the same job JSON as /v1.
import type Router from '@koa/router';
import { printJobView } from '../../../printing/printJobView';
import { jsonBody } from '../../middleware/jsonBody';
import { requestedTemplate } from '../../renderAdmission';
import { templateVersionFor } from '../../templateAccess';
import { acceptPrintJob, teamJob, type PrintJobDeps, type PrintRequester } from '../print/printJobRequests';
import { workspaceTemplate } from './editorViews';
import { currentWorkspaceTeam } from './workspaceTeam';

const EDITOR_JOBS_PATH = '/api/print-jobs';

export function registerPrintJobsRoutes(router: Router, deps: PrintJobDeps, teamId: string): void {
  const { store } = deps;

  // Printed labels are real usage: counted as the workspace team's live renders (no API key), within its quota.
  router.post('/api/print', jsonBody(), async (ctx) => {
    const requester: PrintRequester = {
      team: currentWorkspaceTeam(store, teamId),
      apiKeyId: null,
      mode: 'live',
      // The editor prints its own templates: the saved draft, a version it names, or the one it has open, inline.
      template: (request) =>
        requestedTemplate(request, (templateId, number) => {
          const template = workspaceTemplate(store, teamId, templateId);
          if (number === undefined) return { content: template.content, version: null };
          const version = templateVersionFor(store, template, templateId, number);
          return { content: version.content, version: version.number };
        }),
    };
    await acceptPrintJob(ctx, deps, requester, EDITOR_JOBS_PATH);
  });

  router.get(`${EDITOR_JOBS_PATH}/:id`, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = printJobView(teamJob(store, teamId, ctx.params.id ?? ''));
  });
}
