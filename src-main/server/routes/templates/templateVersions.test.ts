// Template versions over HTTP: the version list and contents, templateVersion on /v1/render and /v1/print, drafts kept from API keys, and a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { printJobSchema, type PrintJob } from '@shared/api/printRequest';
import { templateVersionListSchema } from '@shared/api/resources';
import { fakePrinter } from '../../../../test/support/printing/printingTestSupport';
import { loadOrCreateAdminToken } from '../../adminSession';
import {
  call,
  cli,
  cliJson,
  dotsFor,
  expectError,
  makeDataDir,
  removeDataDir,
  render,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  type ApiResponse,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

const WIDTHS = { v1: 50, v2: 100, draft: 30, v3: 70 } as const;
const tag = (name: string, widthMm: number) => tagTemplate(name, { width: `${widthMm}mm`, height: '25mm' });

let dataDir: string;
let server: TestServer;
let team: TeamWithKeys;
let other: TeamWithKeys;
let templateId: string;

/** The editor's private API as the admin (Bearer admin token). */
async function editor(path: string, options: { method?: string; json?: unknown } = {}): Promise<ApiResponse> {
  return call(server, path, {
    ...options,
    headers: { Authorization: `Bearer ${await loadOrCreateAdminToken(server.store)}` },
  });
}

/** The label width in mm that an inline ZPL render of the template shows (^PW at 203 dpi), and its version header. */
async function renderedWidth(body: Record<string, unknown>): Promise<{ dots: number; header: string | null }> {
  const response = await render(server, team.live, {
    templateId: 'shelf',
    data: { title: 'x' },
    format: 'zpl',
    delivery: 'inline',
    ...body,
  });
  expect(response.status, response.text).toBe(200);
  return { dots: Number(/\^PW(\d+)/.exec(response.text)?.[1]), header: response.headers.get('X-Template-Version') };
}

/** Polls the job until it is done or failed. */
async function finishedJob(id: string): Promise<PrintJob> {
  for (;;) {
    const job = printJobSchema.parse((await call(server, `/v1/print-jobs/${id}`, { key: team.live })).json());
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  dataDir = await makeDataDir();
  server = await startTestServer({ dataDir });
  const admin = cli(dataDir);
  // The editor's workspace team, so drafts and publishes from the editor concern the templates API keys render.
  const session = await editor('/api/session');
  const workspace = session.json<{ teamId: string }>().teamId;
  const [live, first] = await Promise.all([
    admin.createKey(workspace, 'live'),
    admin.importTemplate(workspace, tag('Shelf v1', WIDTHS.v1), { slug: 'shelf' }),
    teamWithKeys(admin, { name: 'Other' }, ['live']).then((made) => (other = made)),
  ]);
  team = { team: { id: workspace }, live: live.key } as TeamWithKeys;
  templateId = first.id;
  // The same slug again with --publish: version 2, with a note.
  await cliJson(
    dataDir,
    z.looseObject({ id: z.string() }),
    ['template', 'import', '--team', workspace, '--file', '-', '--slug', 'shelf', '--publish', '--note', 'wider'],
    JSON.stringify(tag('Shelf v2', WIDTHS.v2)),
  );
  // Every CLI call is a process of its own: slow on a busy machine.
}, 240_000);

afterAll(async () => {
  await server.close();
  await removeDataDir(dataDir);
});

describe('GET /v1/templates/{idOrSlug}/versions', () => {
  it('lists the versions newest first with number, createdAt, author and note, by slug or id', async () => {
    for (const key of ['shelf', templateId]) {
      const response = await call(server, `/v1/templates/${key}/versions`, { key: team.live });
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      const list = templateVersionListSchema.strict().parse(response.json());
      expect(list.templateId).toBe(templateId);
      expect(list.versions.map(({ number, author, note }) => ({ number, author, note }))).toEqual([
        { number: 2, author: expect.stringMatching(/^cli:/) as unknown, note: 'wider' },
        { number: 1, author: expect.stringMatching(/^cli:/) as unknown, note: null },
      ]);
      for (const version of list.versions) expect(Math.abs(version.createdAt - Date.now())).toBeLessThan(120_000);
      expect(Object.keys(list.versions[0] ?? {}).sort()).toEqual(['author', 'createdAt', 'note', 'number']);
    }
  });

  it("is NOT_FOUND for another team's template and for a draft, AUTH_REQUIRED without a key", async () => {
    expectError(await call(server, '/v1/templates/shelf/versions', { key: other.live }), 404, 'NOT_FOUND');
    await cli(dataDir).importTemplate(team.team.id, tag('Draft only', 40), { slug: 'draft-only', publish: false });
    expectError(await call(server, '/v1/templates/draft-only/versions', { key: team.live }), 404, 'NOT_FOUND');
    expectError(await call(server, '/v1/templates/shelf/versions'), 401, 'AUTH_REQUIRED');
  });
});

describe('GET /v1/templates/{idOrSlug}/versions/{n}/content', () => {
  it("answers each version's template; /content is the newest", async () => {
    const width = async (path: string) => {
      const response = await call(server, path, { key: team.live });
      expect(response.status, response.text).toBe(200);
      return response.json<{ dimensions: { width: string }; meta: { name: string } }>();
    };
    expect(await width('/v1/templates/shelf/versions/1/content')).toMatchObject({
      dimensions: { width: '50mm' },
      meta: { name: 'Shelf v1' },
    });
    expect(await width(`/v1/templates/${templateId}/versions/2/content`)).toMatchObject({
      dimensions: { width: '100mm' },
      meta: { name: 'Shelf v2' },
    });
    expect(await width('/v1/templates/shelf/content')).toMatchObject({ meta: { name: 'Shelf v2' } });
  });

  it('is 404 TEMPLATE_VERSION_NOT_FOUND for a number the template does not have, 400 for one that is no number', async () => {
    const missing = expectError(
      await call(server, '/v1/templates/shelf/versions/9/content', { key: team.live }),
      404,
      'TEMPLATE_VERSION_NOT_FOUND',
    );
    expect(missing.details).toEqual({ templateId: 'shelf', version: 9, latestVersion: 2 });
    expectError(await call(server, '/v1/templates/shelf/versions/0/content', { key: team.live }), 400, 'BAD_REQUEST');
    expectError(await call(server, '/v1/templates/shelf/versions/two/content', { key: team.live }), 400, 'BAD_REQUEST');
  });
});

describe('templateVersion on /v1/render', () => {
  it('renders the newest version by default and the one named, saying which in the answer', async () => {
    expect(await renderedWidth({})).toEqual({ dots: dotsFor(WIDTHS.v2, 203), header: '2' });
    expect(await renderedWidth({ templateVersion: 1 })).toEqual({ dots: dotsFor(WIDTHS.v1, 203), header: '1' });

    const kept = await render(server, team.live, {
      templateId: 'shelf',
      templateVersion: 1,
      data: { title: 'x' },
      format: 'zpl',
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'complete', templateVersion: 1 });
    const download = await call(server, new URL(kept.json<{ url: string }>().url).pathname, { key: team.live });
    expect(/\^PW(\d+)/.exec(download.text)?.[1]).toBe(String(dotsFor(WIDTHS.v1, 203)));

    const inline = await render(server, team.live, {
      template: tag('Inline', 40),
      data: { title: 'x' },
      format: 'zpl',
    });
    expect(inline.json()).toMatchObject({ templateVersion: null });
    expect(inline.headers.get('X-Template-Version')).toBeNull();
  });

  it('is 404 TEMPLATE_VERSION_NOT_FOUND for an unknown version, 400 for one without templateId or not a whole number from 1', async () => {
    const missing = expectError(
      await render(server, team.live, { templateId: 'shelf', templateVersion: 7, data: {}, format: 'zpl' }),
      404,
      'TEMPLATE_VERSION_NOT_FOUND',
    );
    expect(missing.details).toMatchObject({ version: 7, latestVersion: 2 });
    expectError(
      await render(server, team.live, { template: tag('Inline', 40), templateVersion: 1, data: {}, format: 'zpl' }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await render(server, team.live, { templateId: 'shelf', templateVersion: 0, data: {}, format: 'zpl' }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await render(server, team.live, { templateId: 'shelf', templateVersion: 1.5, data: {}, format: 'zpl' }),
      400,
      'BAD_REQUEST',
    );
    // Another team's template stays NOT_FOUND whatever the version.
    expectError(
      await render(server, other.live, { templateId: templateId, templateVersion: 1, data: {}, format: 'zpl' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('templateVersion on /v1/print', () => {
  it('prints the version named and records it in the job', async () => {
    const fake = await fakePrinter();
    const args = [
      'printer',
      'add',
      '--team',
      team.team.id,
      '--name',
      'Dock',
      '--kind',
      'raw',
      '--host',
      fake.host,
      '--port',
      String(fake.port),
    ];
    const printerId = (await cliJson(dataDir, z.looseObject({ id: z.string() }), args)).id;
    const response = await call(server, '/v1/print', {
      key: team.live,
      json: { templateId: 'shelf', templateVersion: 1, data: { title: 'x' }, printerId },
    });
    expect(response.status, response.text).toBe(202);
    const job = printJobSchema.parse(response.json());
    expect(job.templateVersion).toBe(1);
    expect(await finishedJob(job.id)).toMatchObject({ status: 'done', templateVersion: 1 });
    const sent = fake.connections.map((connection) => connection.bytes.toString()).join('');
    expect(/\^PW(\d+)/.exec(sent)?.[1]).toBe(String(dotsFor(WIDTHS.v1, 203)));

    const newest = await call(server, '/v1/print', {
      key: team.live,
      json: { templateId: 'shelf', data: { title: 'x' }, printerId },
    });
    expect(printJobSchema.parse(newest.json()).templateVersion).toBe(2);
    expectError(
      await call(server, '/v1/print', {
        key: team.live,
        json: { templateId: 'shelf', templateVersion: 5, data: {}, printerId },
      }),
      404,
      'TEMPLATE_VERSION_NOT_FOUND',
    );
  });
});

describe('drafts and the editor', () => {
  it('a saved draft does not reach API keys until it is published; publishing and restoring make new versions', async () => {
    const saved = await editor(`/api/templates/${templateId}`, {
      method: 'PUT',
      json: { content: tag('Shelf draft', WIDTHS.draft) },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json()).toMatchObject({ latestVersion: 2, draftChanged: true, status: 'published' });
    expect(await renderedWidth({})).toEqual({ dots: dotsFor(WIDTHS.v2, 203), header: '2' });
    expect((await call(server, '/v1/templates/shelf/content', { key: team.live })).json()).toMatchObject({
      meta: { name: 'Shelf v2' },
    });
    expect(
      (await call(server, '/v1/templates', { key: team.live }))
        .json<{ templates: { _id: string; name: string }[] }>()
        .templates.find((t) => t._id === templateId)?.name,
    ).toBe('Shelf v2');

    const published = await editor(`/api/templates/${templateId}`, {
      method: 'PATCH',
      json: { status: 'published', note: 'narrow for the new shelves' },
    });
    expect(published.status, published.text).toBe(200);
    expect(published.json()).toMatchObject({ latestVersion: 3, draftChanged: false });
    expect(await renderedWidth({})).toEqual({ dots: dotsFor(WIDTHS.draft, 203), header: '3' });

    const restored = await editor(`/api/templates/${templateId}/versions/1/restore`, { method: 'POST', json: {} });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json()).toMatchObject({ latestVersion: 4, draftChanged: false, name: 'Shelf v1' });
    expect(await renderedWidth({})).toEqual({ dots: dotsFor(WIDTHS.v1, 203), header: '4' });

    const history = (await call(server, '/v1/templates/shelf/versions', { key: team.live })).json<{
      versions: { number: number; author: string | null; note: string | null }[];
    }>();
    expect(history.versions.slice(0, 2)).toMatchObject([
      { number: 4, author: 'editor', note: 'restored from 1' },
      { number: 3, author: 'editor', note: 'narrow for the new shelves' },
    ]);
    const listed = await editor(`/api/templates/${templateId}/versions`);
    expect(listed.json<{ versions: { number: number }[] }>().versions.map((version) => version.number)).toEqual([
      4, 3, 2, 1,
    ]);
    const second = await editor(`/api/templates/${templateId}/versions/2`);
    expect(second.json()).toMatchObject({ number: 2, note: 'wider', content: { meta: { name: 'Shelf v2' } } });
    expectError(
      await editor(`/api/templates/${templateId}/versions/12/restore`, { method: 'POST', json: {} }),
      404,
      'TEMPLATE_VERSION_NOT_FOUND',
    );
  });

  it('unpublishing hides every version from API keys; the history stays', async () => {
    await cli(dataDir).importTemplate(team.team.id, tag('Gone soon', 40), { slug: 'gone-soon' });
    const gone = (await call(server, '/v1/templates/gone-soon/versions', { key: team.live })).json<{
      templateId: string;
    }>().templateId;
    expect(
      (await editor(`/api/templates/${gone}`, { method: 'PATCH', json: { status: 'draft' } })).json(),
    ).toMatchObject({ status: 'draft', latestVersion: 1 });
    expectError(
      await render(server, team.live, { templateId: 'gone-soon', templateVersion: 1, data: {}, format: 'zpl' }),
      404,
      'NOT_FOUND',
    );
    expect((await editor(`/api/templates/${gone}/versions`)).json<{ versions: unknown[] }>().versions).toHaveLength(1);
  });
});

describe('a restart', () => {
  it('keeps every version: the store reopened from the same data directory answers the same', async () => {
    const before = (await call(server, '/v1/templates/shelf/versions', { key: team.live })).text;
    await server.close();
    server = await startTestServer({ dataDir });
    const after = await call(server, '/v1/templates/shelf/versions', { key: team.live });
    expect(after.status).toBe(200);
    expect(after.text).toBe(before);
    expect(await renderedWidth({ templateVersion: 2 })).toEqual({ dots: dotsFor(WIDTHS.v2, 203), header: '2' });
    expect(await renderedWidth({})).toEqual({ dots: dotsFor(WIDTHS.v1, 203), header: '4' });
  });
});
