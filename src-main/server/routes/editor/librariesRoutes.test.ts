// /api/libraries: create libraries, move workspace templates in and out, and what every team's keys then see through /v1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, EditorLibrary, EditorTemplate, EditorTemplateSummary } from '@shared/api/editorApi';
import { parseTemplate } from '@shared/model/template';
import {
  api,
  smallTemplate,
  startEditorServer,
  type EditorServer,
} from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
/** A key of another team: library templates are for everyone. */
let otherKey: string;
beforeAll(async () => {
  server = await startEditorServer();
  const other = await server.store.teams.create({ name: 'Customer', plan: 'dev' });
  otherKey = (await server.store.apiKeys.create({ teamId: other.id, mode: 'test' })).key;
});
afterAll(async () => {
  await server.close();
});

async function libraryList(slug: string): Promise<{ slug: string; name: string }[]> {
  const answer = await api(server, `/v1/templates?library=${slug}`, {
    auth: 'none',
    headers: { Authorization: `Bearer ${otherKey}` },
  });
  expect(answer.status).toBe(200);
  return answer.json<{ templates: { slug: string; name: string }[] }>().templates;
}

async function newTemplate(name: string, slug?: string): Promise<EditorTemplate> {
  return (await api(server, '/api/templates', { json: { content: smallTemplate(name), slug } })).json<EditorTemplate>();
}

describe('libraries in the editor', () => {
  it('are created with a unique valid slug and listed with their templates', async () => {
    const created = await api(server, '/api/libraries', { json: { slug: 'shipping', name: 'Shipping labels' } });
    expect(created.status).toBe(201);
    expect(created.json<EditorLibrary>()).toEqual({ slug: 'shipping', name: 'Shipping labels', templates: [] });
    expect((await api(server, '/api/libraries', { json: { slug: 'shipping', name: 'Again' } })).json()).toMatchObject({
      code: 'CONFLICT',
    });
    for (const json of [{ slug: 'Bad Slug', name: 'x' }, { slug: 'ok', name: '' }, { name: 'no slug' }]) {
      expect((await api(server, '/api/libraries', { json })).status, JSON.stringify(json)).toBe(400);
    }
    const libraries = (await api(server, '/api/libraries')).json<{ libraries: EditorLibrary[] }>().libraries;
    expect(libraries).toContainEqual({ slug: 'shipping', name: 'Shipping labels', templates: [] });
  });

  it('take a workspace template in: published ones are then listed for every team as <library>:<slug>', async () => {
    await api(server, '/api/libraries', { json: { slug: 'assets', name: 'Asset tags' } });
    const template = await newTemplate('Asset tag', 'asset-tag');
    const moved = await api(server, '/api/libraries/assets/templates', { json: { templateId: template.id } });
    expect(moved.status).toBe(200);
    expect(moved.json<EditorTemplateSummary>()).toMatchObject({ id: template.id, librarySlug: 'assets' });
    // A draft in a library is listed in the editor, not to API keys.
    expect(await libraryList('assets')).toEqual([]);
    await api(server, `/api/templates/${template.id}`, { method: 'PATCH', json: { status: 'published' } });
    expect((await libraryList('assets')).map((item) => item.slug)).toEqual(['asset-tag']);
    const render = await api(server, '/v1/render', {
      auth: 'none',
      headers: { Authorization: `Bearer ${otherKey}` },
      json: { templateId: 'assets:asset-tag', data: {}, format: 'zpl', delivery: 'inline' },
    });
    expect(render.status).toBe(200);
    const libraries = (await api(server, '/api/libraries')).json<{ libraries: EditorLibrary[] }>().libraries;
    expect(libraries.find((library) => library.slug === 'assets')?.templates).toEqual([
      { id: template.id, slug: 'asset-tag', name: 'Asset tag', status: 'published' },
    ]);
    expect((await api(server, `/api/templates/${template.id}`)).json<EditorTemplate>().librarySlug).toBe('assets');

    const out = await api(server, `/api/libraries/assets/templates/${template.id}`, { method: 'DELETE' });
    expect(out.status).toBe(200);
    expect(out.json<EditorTemplateSummary>()).toMatchObject({
      id: template.id,
      librarySlug: null,
      status: 'published',
    });
    expect(await libraryList('assets')).toEqual([]);
    expect((await api(server, `/api/libraries/assets/templates/${template.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it('refuse a slug the library has already, unknown libraries and templates, and other teams’ templates', async () => {
    await api(server, '/api/libraries', { json: { slug: 'pricing', name: 'Price tags' } });
    const customer = await server.store.teams.create({ name: 'Another', plan: 'pro' });
    const library = await server.store.libraries.getBySlug('pricing');
    const theirs = await server.store.transaction((trx) =>
      trx.templates.create({
        teamId: customer.id,
        content: parseTemplate(smallTemplate('Price tag')),
        slug: 'price-tag',
        libraryId: library?.id,
      }),
    );
    const mine = await newTemplate('Price tag', 'price-tag');
    const taken = await api(server, '/api/libraries/pricing/templates', { json: { templateId: mine.id } });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await api(server, `/api/templates/${mine.id}`)).json<EditorTemplate>().librarySlug).toBeNull();

    expect((await api(server, '/api/libraries/nope/templates', { json: { templateId: mine.id } })).status).toBe(404);
    expect((await api(server, '/api/libraries/pricing/templates', { json: { templateId: 'nope' } })).status).toBe(404);
    expect((await api(server, '/api/libraries/pricing/templates', { json: {} })).status).toBe(400);
    const otherTeams = await server.store.transaction((trx) =>
      trx.templates.create({ teamId: customer.id, content: parseTemplate(smallTemplate('Not mine')) }),
    );
    expect(
      (await api(server, '/api/libraries/pricing/templates', { json: { templateId: otherTeams.id } })).status,
    ).toBe(404);

    // Super admin: another team's template can be taken out of a library; it stays that team's.
    const removed = await api(server, `/api/libraries/pricing/templates/${theirs.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await server.store.templates.get(theirs.id)).toMatchObject({ teamId: customer.id, libraryId: null });
    expect((await api(server, '/api/libraries/pricing/templates', { json: { templateId: mine.id } })).status).toBe(200);
  });

  it('move a template from one library to another', async () => {
    await api(server, '/api/libraries', { json: { slug: 'first', name: 'First' } });
    await api(server, '/api/libraries', { json: { slug: 'second', name: 'Second' } });
    const template = await newTemplate('Mover');
    await api(server, '/api/libraries/first/templates', { json: { templateId: template.id } });
    const moved = await api(server, '/api/libraries/second/templates', { json: { templateId: template.id } });
    expect(moved.json<EditorTemplateSummary>().librarySlug).toBe('second');
    const libraries = (await api(server, '/api/libraries')).json<{ libraries: EditorLibrary[] }>().libraries;
    expect(libraries.find((library) => library.slug === 'first')?.templates).toEqual([]);
    expect(libraries.find((library) => library.slug === 'second')?.templates.map((item) => item.id)).toEqual([
      template.id,
    ]);
  });
});

// The key is made through the editor too, so the workspace team can render its own library templates by slug.
describe('the workspace team’s own key', () => {
  it('lists its templates whether or not they are in a library', async () => {
    const { key } = (await api(server, '/api/keys', { json: { mode: 'test' } })).json<CreatedApiKey>();
    const template = await newTemplate('Own one');
    await api(server, `/api/templates/${template.id}`, { method: 'PATCH', json: { status: 'published' } });
    await api(server, '/api/libraries/shipping/templates', { json: { templateId: template.id } });
    const own = (
      await api(server, '/v1/templates', { auth: 'none', headers: { Authorization: `Bearer ${key}` } })
    ).json<{ templates: { _id: string }[] }>();
    expect(own.templates.map((item) => item._id)).toContain(template.id);
  });
});
