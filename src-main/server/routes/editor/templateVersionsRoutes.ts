// The editor's history panel: a workspace template's versions (drafts' included, unpublished or not), one version's content, and restore.
import type Router from '@koa/router';
import { TemplateVersionNotFoundError } from '@shared/api/apiErrors';
import {
  restoreVersionBodySchema,
  type EditorTemplateVersion,
  type EditorTemplateVersionContent,
} from '@shared/api/editorApi';
import type { Store } from '../../../store/openStore';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { templateVersionFor } from '../../templateAccess';
import { versionNumber, versionView } from '../templates/templatesRoute';
import { EDITOR_AUTHOR, templateView, workspaceTemplate } from './editorViews';

export function registerTemplateVersionsRoutes(router: Router, store: Store, teamId: string): void {
  router.get('/api/templates/:id/versions', async (ctx) => {
    const template = await workspaceTemplate(store, teamId, ctx.params.id ?? '');
    const versions: EditorTemplateVersion[] = (await store.templateVersions.list(template.id)).map(versionView);
    ctx.body = { versions };
  });

  router.get('/api/templates/:id/versions/:version', async (ctx) => {
    const id = ctx.params.id ?? '';
    const version = await templateVersionFor(
      store,
      await workspaceTemplate(store, teamId, id),
      id,
      versionNumber(ctx.params.version),
    );
    const body: EditorTemplateVersionContent = { ...versionView(version), content: version.content };
    ctx.body = body;
  });

  // History stays as it was: the old content comes back as a new version, and as the draft.
  router.post('/api/templates/:id/versions/:version/restore', jsonBody(), async (ctx) => {
    const id = ctx.params.id ?? '';
    const number = versionNumber(ctx.params.version);
    const { note } = parseRequestBody(restoreVersionBodySchema, ctx.request.body ?? {});
    ctx.body = templateView(
      await store.transaction(async (trx) => {
        const template = await workspaceTemplate(trx, teamId, id);
        const restored = await trx.templates.restore(id, number, { author: EDITOR_AUTHOR, note });
        if (!restored) throw new TemplateVersionNotFoundError(id, number, template.latestVersion);
        return restored.template;
      }),
    );
  });
}
