// /api/libraries: shared template libraries (super admin): list with their templates, create, move a workspace template in or out.
import type Router from '@koa/router';
import { NotFoundError } from '../../../../src-shared/api/apiErrors';
import { createLibraryBodySchema, libraryTemplateBodySchema, type EditorLibrary } from '../../../../src-shared/api/editorApi';
import type { Store } from '../../../store/openStore';
import type { LibraryRecord } from '../../../store/storeTypes';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { templateSummary, workspaceTemplate } from './editorViews';

function libraryView(store: Store, library: LibraryRecord): EditorLibrary {
  const templates = store.templates.listForLibrary(library.slug, { publishedOnly: false });
  return {
    slug: library.slug,
    name: library.name,
    templates: templates.map(({ id, slug, name, status }) => ({ id, slug, name, status })),
  };
}

function libraryBySlug(store: Store, slug: string): LibraryRecord {
  const library = store.libraries.getBySlug(slug);
  if (!library) throw new NotFoundError(`library "${slug}" was not found`);
  return library;
}

export function registerLibrariesRoutes(router: Router, store: Store, teamId: string): void {
  router.get('/api/libraries', (ctx) => {
    ctx.body = { libraries: store.libraries.list().map((library) => libraryView(store, library)) };
  });

  router.post('/api/libraries', jsonBody(), (ctx) => {
    const body = parseRequestBody(createLibraryBodySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = libraryView(store, store.transaction(() => store.libraries.create(body)));
  });

  // Moves a workspace template in (out of any other library): every team can then render it as <library>:<slug>.
  router.post('/api/libraries/:slug/templates', jsonBody(), (ctx) => {
    const { templateId } = parseRequestBody(libraryTemplateBodySchema, ctx.request.body);
    const slug = ctx.params.slug ?? '';
    ctx.body = templateSummary(
      store.transaction(() => {
        const library = libraryBySlug(store, slug);
        workspaceTemplate(store, teamId, templateId);
        store.templates.setLibrary(templateId, library.id);
        return workspaceTemplate(store, teamId, templateId);
      }),
    );
  });

  // Super admin: any template in the library may be taken out, whichever team owns it; it stays its team's template.
  router.delete('/api/libraries/:slug/templates/:templateId', (ctx) => {
    const slug = ctx.params.slug ?? '';
    const templateId = ctx.params.templateId ?? '';
    ctx.body = templateSummary(
      store.transaction(() => {
        libraryBySlug(store, slug);
        const template = store.templates.get(templateId);
        if (template?.librarySlug !== slug) throw new NotFoundError(`template "${templateId}" is not in library "${slug}"`);
        // Found in this same transaction, so the update finds it too.
        return store.templates.setLibrary(templateId, null) ?? template;
      }),
    );
  });
}
