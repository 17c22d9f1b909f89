// The gallery's /api/templates: the workspace team's templates, drafts included: list, create, read, save, rename, duplicate, delete, import, export.
import type Router from '@koa/router';
import {
  createTemplateBodySchema,
  patchTemplateBodySchema,
  templateContentBodySchema,
  templateListQuerySchema,
  type TemplateSort,
} from '@shared/api/editorApi';
import { parseTemplate, type Template } from '@shared/model/template';
import type { Store } from '../../../store/openStore';
import type { TemplateRecord } from '../../../store/storeTypes';
import { jsonBody } from '../../middleware/jsonBody';
import { parseRequestBody } from '../../requestBody';
import { EDITOR_AUTHOR, templateSummary, templateView, workspaceTemplate } from './editorViews';

const COPY_SUFFIX = ' copy';
/** meta.name's limit in the template schema: a copy's name is cut to stay within it. */
const MAX_TEMPLATE_NAME = 200;

function matches(template: TemplateRecord, search: string): boolean {
  const { meta } = template.content;
  return [template.name, template.slug, meta.description ?? '', ...(meta.tags ?? [])].some((text) =>
    text.toLowerCase().includes(search),
  );
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(sort: TemplateSort): (a: TemplateRecord, b: TemplateRecord) => number {
  if (sort === 'name') return (a, b) => byName.compare(a.name, b.name);
  if (sort === 'created') return (a, b) => b.createdAt - a.createdAt;
  return (a, b) => b.updatedAt - a.updatedAt;
}

function withName(content: Template, name: string): Template {
  return { ...content, meta: { ...content.meta, name } };
}

export function registerTemplatesRoutes(router: Router, store: Store, teamId: string): void {
  const create = (content: unknown, slug?: string): Promise<TemplateRecord> => {
    const template = parseTemplate(content);
    return store.transaction((trx) => trx.templates.create({ teamId, content: template, slug }));
  };

  router.get('/api/templates', async (ctx) => {
    const { search, sort } = parseRequestBody(templateListQuerySchema, { ...ctx.query });
    const needle = search?.trim().toLowerCase() ?? '';
    const templates = (await store.templates.listForTeam(teamId, { publishedOnly: false }))
      .filter((template) => needle === '' || matches(template, needle))
      .sort(compare(sort));
    ctx.body = { templates: templates.map(templateSummary) };
  });

  router.post('/api/templates', jsonBody(), async (ctx) => {
    const { content, slug } = parseRequestBody(createTemplateBodySchema, ctx.request.body);
    const created = await create(content, slug);
    ctx.status = 201;
    ctx.body = templateView(created);
  });

  // A file the user picked: the same as a new template, its slug made from its name.
  router.post('/api/templates/import', jsonBody(), async (ctx) => {
    const { content } = parseRequestBody(templateContentBodySchema, ctx.request.body);
    const created = await create(content);
    ctx.status = 201;
    ctx.body = templateView(created);
  });

  router.get('/api/templates/:id', async (ctx) => {
    ctx.body = templateView(await workspaceTemplate(store, teamId, ctx.params.id ?? ''));
  });

  router.put('/api/templates/:id', jsonBody(), async (ctx) => {
    const { content } = parseRequestBody(templateContentBodySchema, ctx.request.body);
    const template = parseTemplate(content);
    const id = ctx.params.id ?? '';
    ctx.body = templateView(
      await store.transaction(async (trx) => {
        await workspaceTemplate(trx, teamId, id);
        await trx.templates.update(id, template);
        return workspaceTemplate(trx, teamId, id);
      }),
    );
  });

  router.patch('/api/templates/:id', jsonBody(), async (ctx) => {
    const { name, status, note } = parseRequestBody(patchTemplateBodySchema, ctx.request.body);
    const id = ctx.params.id ?? '';
    ctx.body = templateView(
      await store.transaction(async (trx) => {
        const current = await workspaceTemplate(trx, teamId, id);
        // The record's name is meta.name: a rename changes both, so an export carries the new name.
        if (name !== undefined) await trx.templates.update(id, withName(current.content, name));
        // Every publish is a new version of the saved draft; unpublishing keeps the versions.
        if (status === 'published') await trx.templates.publish(id, { author: EDITOR_AUTHOR, note });
        if (status === 'draft') await trx.templates.unpublish(id);
        return workspaceTemplate(trx, teamId, id);
      }),
    );
  });

  router.post('/api/templates/:id/duplicate', async (ctx) => {
    const id = ctx.params.id ?? '';
    const copy = await store.transaction(async (trx) => {
      const original = await workspaceTemplate(trx, teamId, id);
      const name = `${original.name.slice(0, MAX_TEMPLATE_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
      // A fresh draft outside any library; its slug comes from the new name, numbered until free.
      return trx.templates.create({ teamId, content: withName(original.content, name) });
    });
    ctx.status = 201;
    ctx.body = templateView(copy);
  });

  router.delete('/api/templates/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    await store.transaction(async (trx) => {
      await workspaceTemplate(trx, teamId, id);
      await trx.templates.remove(id);
    });
    ctx.status = 204;
  });

  router.get('/api/templates/:id/export', async (ctx) => {
    const template = await workspaceTemplate(store, teamId, ctx.params.id ?? '');
    // The slug is lower-case letters, digits and hyphens: safe in a header as it is.
    ctx.set('Content-Disposition', `attachment; filename="${template.slug}.template.json"`);
    ctx.type = 'application/json';
    ctx.body = `${JSON.stringify(template.content, null, 2)}\n`;
  });
}
