// /api/libraries: shared template libraries (super admin): list with their templates, create, move a workspace template in or out.
import type Router from '@koa/router';
import { NotFoundError } from '@shared/api/apiErrors';
import { createLibraryBodySchema, libraryTemplateBodySchema, type EditorLibrary } from '@shared/api/editorApi';
import type { Store, StoreScope } from '../../../store/openStore';
import type { LibraryRecord } from '../../../store/storeTypes';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { templateSummary, workspaceTemplate } from './editorViews';

async function libraryView(store: StoreScope, library: LibraryRecord): Promise<EditorLibrary> {
  const templates = await store.templates.listForLibrary(library.slug, { publishedOnly: false });
  return {
    slug: library.slug,
    name: library.name,
    templates: templates.map(({ id, slug, name, status }) => ({ id, slug, name, status })),
  };
}

async function libraryBySlug(store: StoreScope, slug: string): Promise<LibraryRecord> {
  const library = await store.libraries.getBySlug(slug);
  if (!library) throw new NotFoundError(`library "${slug}" was not found`);
  return library;
}

export function registerLibrariesRoutes(router: Router, store: Store, teamId: string): void {
  router.get('/api/libraries', async (ctx) => {
    const libraries = await store.libraries.list();
    ctx.body = { libraries: await Promise.all(libraries.map((library) => libraryView(store, library))) };
  });

  router.post('/api/libraries', jsonBody(), async (ctx) => {
    const body = parseRequestBody(createLibraryBodySchema, ctx.request.body);
    const library = await store.transaction((trx) => trx.libraries.create(body));
    ctx.status = 201;
    ctx.body = await libraryView(store, library);
  });

  // Moves a workspace template in (out of any other library): every team can then render it as <library>:<slug>.
  router.post('/api/libraries/:slug/templates', jsonBody(), async (ctx) => {
    const { templateId } = parseRequestBody(libraryTemplateBodySchema, ctx.request.body);
    const slug = ctx.params.slug ?? '';
    ctx.body = templateSummary(
      await store.transaction(async (trx) => {
        const library = await libraryBySlug(trx, slug);
        await workspaceTemplate(trx, teamId, templateId);
        await trx.templates.setLibrary(templateId, library.id);
        return workspaceTemplate(trx, teamId, templateId);
      }),
    );
  });

  // Super admin: any template in the library may be taken out, whichever team owns it; it stays its team's template.
  router.delete('/api/libraries/:slug/templates/:templateId', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const templateId = ctx.params.templateId ?? '';
    ctx.body = templateSummary(
      await store.transaction(async (trx) => {
        await libraryBySlug(trx, slug);
        const template = await trx.templates.get(templateId);
        if (template?.librarySlug !== slug)
          throw new NotFoundError(`template "${templateId}" is not in library "${slug}"`);
        // Found in this same transaction, so the update finds it too.
        return (await trx.templates.setLibrary(templateId, null)) ?? template;
      }),
    );
  });
}
