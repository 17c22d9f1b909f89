// The gallery's template routes over HTTP: create, list (search, sort), read, save, rename, publish, duplicate, delete, import, export, thumbnails.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorSession, EditorTemplate, EditorTemplateSummary } from '@shared/api/editorApi';
import { parseTemplate } from '@shared/model/template';
import { decodePng, inkShare } from '../../../../test/support/chromium/pixels';
import { loadSample } from '../../../samples/sampleTemplates';
import {
  api,
  rawGet,
  smallTemplate,
  startEditorServer,
  type EditorServer,
} from '../../../../test/support/server/editorTestSupport';

/** The store's clock, moved on by the tests so creation and update times differ. */
let clock = Date.parse('2025-06-15T12:00:00Z');
let server: EditorServer;
let teamId: string;

beforeAll(async () => {
  server = await startEditorServer({ now: () => clock });
  teamId = (await api(server, '/api/session')).json<EditorSession>().teamId;
});
afterAll(async () => {
  await server.close();
});

async function create(content: unknown, slug?: string): Promise<EditorTemplate> {
  clock += 1000;
  const answer = await api(server, '/api/templates', { json: { content, slug } });
  expect(answer.status, answer.text).toBe(201);
  return answer.json<EditorTemplate>();
}

async function list(query = ''): Promise<EditorTemplateSummary[]> {
  const answer = await api(server, `/api/templates${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json<{ templates: EditorTemplateSummary[] }>().templates;
}

function expectError(
  answer: { status: number; json(): Record<string, unknown> },
  status: number,
  code: string,
): Record<string, unknown> {
  expect(answer.status).toBe(status);
  const body = answer.json();
  expect(body).toMatchObject({ code, error: expect.any(String) });
  return body;
}

describe('creating and reading templates', () => {
  it('makes a draft with a slug from its name and answers the record with its content', async () => {
    const created = await create(smallTemplate('Shelf tag'));
    expect(created).toMatchObject({
      slug: 'shelf-tag',
      name: 'Shelf tag',
      status: 'draft',
      librarySlug: null,
      createdAt: clock,
      updatedAt: clock,
    });
    expect(created.dimensions).toEqual({ width: '50mm', height: '25mm' });
    expect(created.content.meta.name).toBe('Shelf tag');
    const read = await api(server, `/api/templates/${created.id}`);
    expect(read.json()).toEqual(created);
    expect((await server.store.templates.get(created.id))?.teamId).toBe(teamId);
  });

  it('takes a slug, refuses a taken one (409) or a malformed one (400)', async () => {
    expect((await create(smallTemplate('Bin label'), 'bin-a')).slug).toBe('bin-a');
    expectError(
      await api(server, '/api/templates', { json: { content: smallTemplate('Other'), slug: 'bin-a' } }),
      409,
      'CONFLICT',
    );
    expectError(
      await api(server, '/api/templates', { json: { content: smallTemplate('Other'), slug: 'Bin A' } }),
      400,
      'BAD_REQUEST',
    );
  });

  it('refuses an invalid template with 400 INVALID_TEMPLATE listing every problem, and a missing content with 400', async () => {
    const bad = {
      ...smallTemplate(),
      dimensions: { width: '50', height: '25mm' },
      elements: [{ id: 'x', type: 'nope' }],
    };
    const body = expectError(await api(server, '/api/templates', { json: { content: bad } }), 400, 'INVALID_TEMPLATE');
    const paths = (body.details as { errors: { path: string }[] }).errors.map((error) => error.path);
    expect(paths).toContain('dimensions.width');
    expect(paths.some((path) => path.startsWith('elements[0]'))).toBe(true);
    expectError(await api(server, '/api/templates', { json: {} }), 400, 'BAD_REQUEST');
    expectError(await api(server, '/api/templates', { json: { content: [] } }), 400, 'BAD_REQUEST');
  });

  it('answers 404 for unknown ids and for another team’s template', async () => {
    expectError(await api(server, '/api/templates/nope'), 404, 'NOT_FOUND');
    const other = await server.store.teams.create({ name: 'Other team', plan: 'dev' });
    const theirs = await server.store.transaction((trx) =>
      trx.templates.create({ teamId: other.id, content: parseTemplate(smallTemplate('Theirs')) }),
    );
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['GET', '/export'],
      ['POST', '/duplicate'],
      ['GET', '/thumbnail.png'],
    ] as const) {
      const json =
        method === 'PUT' ? { content: smallTemplate() } : method === 'PATCH' ? { name: 'Mine now' } : undefined;
      expectError(await api(server, `/api/templates/${theirs.id}${path}`, { method, json }), 404, 'NOT_FOUND');
    }
    expect((await server.store.templates.get(theirs.id))?.name).toBe(theirs.name);
  });
});

describe('listing', () => {
  it('includes drafts and published ones, searches name, slug, description and tags, and sorts', async () => {
    const banana = await create({ ...smallTemplate('banana crate'), meta: { name: 'banana crate', tags: ['fruit'] } });
    const apple = await create({
      ...smallTemplate('Apple box'),
      meta: { name: 'Apple box', description: 'Orchard shipping' },
    });
    const cherry = await create({ ...smallTemplate('Cherry tray'), meta: { name: 'Cherry tray' } });
    clock += 1000;
    await api(server, `/api/templates/${apple.id}`, { method: 'PATCH', json: { status: 'published' } });

    const ids = (templates: EditorTemplateSummary[]): string[] =>
      templates.map((template) => template.id).filter((id) => [apple.id, banana.id, cherry.id].includes(id));
    expect(ids(await list('?sort=name'))).toEqual([apple.id, banana.id, cherry.id]);
    expect(ids(await list('?sort=created'))).toEqual([cherry.id, apple.id, banana.id]);
    expect(ids(await list('?sort=updated'))).toEqual([apple.id, cherry.id, banana.id]);
    expect(ids(await list())).toEqual([apple.id, cherry.id, banana.id]);
    expect((await list()).find((template) => template.id === apple.id)?.status).toBe('published');

    expect((await list('?search=FRUIT')).map((template) => template.id)).toEqual([banana.id]);
    expect((await list('?search=orchard')).map((template) => template.id)).toEqual([apple.id]);
    expect((await list('?search=cherry-tray')).map((template) => template.id)).toEqual([cherry.id]);
    expect(await list('?search=nothing-like-this')).toEqual([]);
    const summary = (await list('?search=cherry'))[0];
    expect(summary).not.toHaveProperty('content');
    expect(summary?.dimensions).toEqual({ width: '50mm', height: '25mm' });
  });

  it('refuses an unknown sort', async () => {
    expectError(await api(server, '/api/templates?sort=size'), 400, 'BAD_REQUEST');
  });
});

describe('changing templates', () => {
  it('saves new content: the name follows meta.name, the slug stays, updatedAt moves', async () => {
    const created = await create(smallTemplate('Draft one'));
    clock += 5000;
    const saved = await api(server, `/api/templates/${created.id}`, {
      method: 'PUT',
      json: { content: smallTemplate('Renamed in content', { width: '4in', height: '2in' }) },
    });
    expect(saved.status).toBe(200);
    expect(saved.json<EditorTemplate>()).toMatchObject({
      id: created.id,
      slug: 'draft-one',
      name: 'Renamed in content',
      updatedAt: clock,
      createdAt: created.createdAt,
      dimensions: { width: '4in', height: '2in' },
    });
    const invalid = await api(server, `/api/templates/${created.id}`, {
      method: 'PUT',
      json: { content: { formatVersion: 2 } },
    });
    expectError(invalid, 400, 'INVALID_TEMPLATE');
    expect((await api(server, `/api/templates/${created.id}`)).json<EditorTemplate>().name).toBe('Renamed in content');
  });

  it('renames (the content’s meta.name too) and publishes with PATCH; an empty PATCH is refused', async () => {
    const created = await create(smallTemplate('Old name'));
    const renamed = (
      await api(server, `/api/templates/${created.id}`, {
        method: 'PATCH',
        json: { name: '  New name  ', status: 'published' },
      })
    ).json<EditorTemplate>();
    expect(renamed).toMatchObject({ name: 'New name', status: 'published', slug: 'old-name' });
    expect(renamed.content.meta.name).toBe('New name');
    expect(
      (
        await api(server, `/api/templates/${created.id}`, { method: 'PATCH', json: { status: 'draft' } })
      ).json<EditorTemplate>().status,
    ).toBe('draft');
    expectError(await api(server, `/api/templates/${created.id}`, { method: 'PATCH', json: {} }), 400, 'BAD_REQUEST');
    expectError(
      await api(server, `/api/templates/${created.id}`, { method: 'PATCH', json: { name: '' } }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await api(server, `/api/templates/${created.id}`, { method: 'PATCH', json: { status: 'live' } }),
      400,
      'BAD_REQUEST',
    );
  });

  it('makes published templates renderable with the team’s API key, and drafts not', async () => {
    const created = await create(smallTemplate('Key visible'));
    const { key } = (await api(server, '/api/keys', { json: { mode: 'test' } })).json<{ key: string }>();
    const listed = async (): Promise<string[]> =>
      (await api(server, '/v1/templates', { auth: 'none', headers: { Authorization: `Bearer ${key}` } }))
        .json<{ templates: { _id: string }[] }>()
        .templates.map((t) => t._id);
    expect(await listed()).not.toContain(created.id);
    await api(server, `/api/templates/${created.id}`, { method: 'PATCH', json: { status: 'published' } });
    expect(await listed()).toContain(created.id);
  });

  it('duplicates as a draft named "<name> copy" with a fresh slug, outside any library', async () => {
    const original = await create(smallTemplate('Pallet label'));
    await api(server, `/api/templates/${original.id}`, { method: 'PATCH', json: { status: 'published' } });
    const first = await api(server, `/api/templates/${original.id}/duplicate`, { method: 'POST' });
    expect(first.status).toBe(201);
    const copy = first.json<EditorTemplate>();
    expect(copy).toMatchObject({
      name: 'Pallet label copy',
      slug: 'pallet-label-copy',
      status: 'draft',
      librarySlug: null,
    });
    expect(copy.id).not.toBe(original.id);
    expect(copy.content.meta.name).toBe('Pallet label copy');
    expect(copy.content.elements).toEqual(original.content.elements);
    const second = (
      await api(server, `/api/templates/${original.id}/duplicate`, { method: 'POST' })
    ).json<EditorTemplate>();
    expect(second.slug).toBe('pallet-label-copy-2');
  });

  it('keeps a copy of a 200-character name within the name limit', async () => {
    const long = await create(smallTemplate('x'.repeat(200)));
    const copy = (await api(server, `/api/templates/${long.id}/duplicate`, { method: 'POST' })).json<EditorTemplate>();
    expect(copy.name).toHaveLength(200);
    expect(copy.name.endsWith(' copy')).toBe(true);
  });

  it('deletes with 204, after which the template is gone', async () => {
    const doomed = await create(smallTemplate('Doomed'));
    const deleted = await api(server, `/api/templates/${doomed.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await api(server, `/api/templates/${doomed.id}`), 404, 'NOT_FOUND');
    expectError(await api(server, `/api/templates/${doomed.id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    expect(await server.store.templates.get(doomed.id)).toBeUndefined();
  });
});

describe('import and export', () => {
  it('exports the stored JSON as an attachment, and imports it back as a new draft', async () => {
    // Renamed: the new workspace holds the sample itself, which would take the slug this test numbers.
    const sample = loadSample('asset-tag').template as { meta: Record<string, unknown> };
    const created = await create({ ...sample, meta: { ...sample.meta, name: 'Rack tag' } });
    const exported = await api(server, `/api/templates/${created.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^application\/json/);
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="${created.slug}.template.json"`);
    expect(JSON.parse(exported.text)).toEqual(created.content);

    const imported = await api(server, '/api/templates/import', { json: { content: JSON.parse(exported.text) } });
    expect(imported.status).toBe(201);
    const again = imported.json<EditorTemplate>();
    expect(again).toMatchObject({ name: created.name, status: 'draft', slug: `${created.slug}-2` });
    expect(again.content).toEqual(created.content);
    expectError(
      await api(server, '/api/templates/import', { json: { content: { meta: {} } } }),
      400,
      'INVALID_TEMPLATE',
    );
  });
});

describe('thumbnails', () => {
  function pngSize(bytes: Buffer): { width: number; height: number } {
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height };
  }

  it('are PNGs about 240 px on the longer side, revalidated by an ETag that changes with the template', async () => {
    const created = await create(smallTemplate('Thumb', { width: '50mm', height: '25mm' }));
    const first = await api(server, `/api/templates/${created.id}/thumbnail.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(pngSize(first.bytes)).toEqual({ width: 240, height: 120 });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');

    const revalidate = { Authorization: `Bearer ${server.token}`, 'If-None-Match': etag };
    const unchanged = await rawGet(server, `/api/templates/${created.id}/thumbnail.png`, revalidate);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    clock += 1000;
    await api(server, `/api/templates/${created.id}`, {
      method: 'PUT',
      json: { content: smallTemplate('Thumb', { width: '20mm', height: '40mm' }) },
    });
    expect((await rawGet(server, `/api/templates/${created.id}/thumbnail.png`, revalidate)).status).toBe(200);
    const changed = await api(server, `/api/templates/${created.id}/thumbnail.png`);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(pngSize(changed.bytes)).toEqual({ width: 120, height: 240 });
  });

  it('draw a label whose barcode needs data (left out) at the lowest PNG resolution when 240 px would need less', async () => {
    // 4 x 6 in: 240 px would be 40 dpi, below the PNG minimum of 50, so 200 x 300 px.
    const created = await create(loadSample('shipping-4x6').template);
    const answer = await api(server, `/api/templates/${created.id}/thumbnail.png`);
    expect(answer.status, answer.text).toBe(200);
    expect(pngSize(answer.bytes)).toEqual({ width: 200, height: 300 });
  });

  it('show a label whose content is all data with its first sample record, and without samples leave the data out', async () => {
    const boundLabel = (sampleData?: Record<string, unknown>[]) => ({
      formatVersion: 1,
      meta: { name: 'Bound', ...(sampleData ? { sampleData } : {}) },
      dimensions: { width: '50mm', height: '25mm' },
      elements: [
        {
          id: 'name',
          type: 'text',
          position: { mode: 'absolute', x: '2mm', y: '2mm' },
          width: '46mm',
          height: '12mm',
          content: { expression: 'data.name' },
          style: { fontSize: '24pt', fontWeight: 'bold' },
        },
        {
          id: 'sku',
          type: 'barcode',
          symbology: 'code128',
          position: { mode: 'absolute', x: '2mm', y: '15mm' },
          width: '46mm',
          height: '8mm',
          contentExpression: 'sku',
          showText: false,
        },
      ],
    });
    // 240 x 120 px for 50 x 25 mm: 4.8 px a millimetre.
    const textArea = { x: 2 * 4.8, y: 2 * 4.8, width: 46 * 4.8, height: 12 * 4.8 };
    const barcodeArea = { x: 2 * 4.8, y: 15 * 4.8, width: 46 * 4.8, height: 8 * 4.8 };
    const thumbnail = async (content: unknown) => {
      const answer = await api(server, `/api/templates/${(await create(content)).id}/thumbnail.png`);
      expect(answer.status, answer.text).toBe(200);
      return decodePng(answer.bytes);
    };

    const withSamples = await thumbnail(boundLabel([{ name: 'WWWW', sku: 'LS-0001' }, { name: 'second record' }]));
    expect(inkShare(withSamples, textArea)).toBeGreaterThan(0.05);
    expect(inkShare(withSamples, barcodeArea)).toBeGreaterThan(0.2);
    const withoutSamples = await thumbnail(boundLabel());
    expect(inkShare(withoutSamples, textArea)).toBe(0);
    expect(inkShare(withoutSamples, barcodeArea)).toBe(0);
  });
});
