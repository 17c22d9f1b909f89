// Templates and libraries over HTTP (spec 4.3, 4.4, 2.4, 2.5, 2.8) and demo keys (spec 5.4), set up through the admin CLI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cli,
  dotsFor,
  expectError,
  expectRenderResult,
  rateLimitHeaders,
  render,
  REPO_ROOT,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  type CliKey,
  type CliTemplate,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

const sample = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'resources', 'samples', file), 'utf8')) as Record<string, unknown>;
const assetTag = sample('asset-tag.template.json');
/** Data every template of this file renders with: the asset tag's sample data plus the title of the test tags. */
const anyData = { ...sample('asset-tag.data.json'), title: 'x' };

let server: TestServer;
let owner: TeamWithKeys;
let other: TeamWithKeys;
let demo: CliKey;
let templates: Record<
  'parcel' | 'asset' | 'libraryDraft' | 'shelf' | 'draft' | 'otherParcel' | 'otherTag',
  CliTemplate
>;

beforeAll(async () => {
  server = await startTestServer();
  const admin = cli(server.dataDir);
  const limits = { rateMinute: 10_000, rateHour: 100_000 };
  [owner, other] = await Promise.all([
    teamWithKeys(admin, { name: 'Owner', ...limits }),
    teamWithKeys(admin, { name: 'Other', ...limits }),
    admin.createLibrary('shipping', 'Shipping labels'),
  ]);
  const o = owner.team.id;
  const b = other.team.id;
  let parcel, asset, libraryDraft, shelf, draft, otherParcel, otherTag;
  [demo, parcel, asset, libraryDraft, shelf, draft, otherParcel, otherTag] = await Promise.all([
    admin.createKey(b, 'test', { demo: true }),
    // The owner's templates in the library: "parcel" and "asset" for the owner, shipping:parcel and shipping:asset for all.
    admin.importTemplate(o, tagTemplate('Parcel label', { width: '100mm', height: '60mm' }), {
      slug: 'parcel',
      library: 'shipping',
    }),
    admin.importTemplate(o, assetTag, { slug: 'asset', library: 'shipping' }),
    admin.importTemplate(o, tagTemplate('Unpublished library label'), {
      slug: 'coming-soon',
      library: 'shipping',
      publish: false,
    }),
    admin.importTemplate(o, tagTemplate('Shelf tag'), { slug: 'shelf' }),
    admin.importTemplate(o, tagTemplate('Draft tag'), { slug: 'draft', publish: false }),
    // Slugs are unique within a team: the other team has its own "parcel", 50 mm wide.
    admin.importTemplate(b, tagTemplate('Other parcel'), { slug: 'parcel' }),
    admin.importTemplate(b, tagTemplate('Other tag'), { slug: 'other-tag' }),
  ]);
  templates = { parcel, asset, libraryDraft, shelf, draft, otherParcel, otherTag };
});

afterAll(async () => {
  await server.dispose();
});

interface Listed {
  templates: Record<string, unknown>[];
}

const list = async (key: string, library?: string): Promise<Listed> => {
  const response = await call(
    server,
    library === undefined ? '/v1/templates' : `/v1/templates?library=${encodeURIComponent(library)}`,
    { key },
  );
  expect(response.status, response.text).toBe(200);
  return response.json<Listed>();
};

const content = (key: string, id: string) => call(server, `/v1/templates/${encodeURIComponent(id)}/content`, { key });

/** The ZPL label width in dots at 203 dpi tells which template was rendered: 100 mm (owner's parcel) or 50 mm. */
async function renderedWidth(key: string, templateId: string): Promise<number> {
  const response = await render(server, key, { templateId, data: { title: 'x' }, format: 'zpl', delivery: 'inline' });
  expect(response.status, response.text).toBe(200);
  return Number(/\^PW(\d+)/.exec(response.text)?.[1]);
}

describe('GET /v1/templates without a filter (spec 2.4)', () => {
  it("lists exactly the team's own published templates, library members included, with the fields of 2.4", async () => {
    const { templates: listed } = await list(owner.live);
    const published = [templates.parcel, templates.asset, templates.shelf];
    expect(listed.map((item) => item._id).sort()).toEqual(published.map((t) => t.id).sort());
    for (const item of listed) {
      expect(Object.keys(item).sort()).toEqual(['_id', 'createdAt', 'name', 'status', 'teamId']);
      expect(item).toMatchObject({ status: 'published', teamId: owner.team.id });
      expect(item.createdAt).toEqual(expect.any(Number));
      expect(Math.abs((item.createdAt as number) - Date.now())).toBeLessThan(60_000);
    }
    expect(listed.find((item) => item._id === templates.parcel.id)?.name).toBe('Parcel label');
  });

  it("shows another team only its own templates, not the owner's library templates", async () => {
    const { templates: listed } = await list(other.live);
    expect(listed.map((item) => item._id).sort()).toEqual([templates.otherParcel.id, templates.otherTag.id].sort());
  });

  it('gives every listed _id as a working templateId', async () => {
    for (const item of (await list(owner.test)).templates) {
      expectRenderResult(await render(server, owner.test, { templateId: item._id, data: anyData, format: 'zpl' }));
    }
  });
});

describe('GET /v1/templates?library= (spec 2.5)', () => {
  it("lists the library's published templates for any team, with the fields of 2.5 and numeric dimensions in units", async () => {
    for (const key of [other.live, owner.live]) {
      const { templates: listed } = await list(key, 'shipping');
      expect(listed).toEqual([
        {
          id: templates.asset.id,
          name: 'Asset tag 2x1.25',
          slug: 'asset',
          librarySlug: 'shipping',
          dimensions: { width: 2.25, height: 1.25 },
          units: 'in',
        },
        {
          id: templates.parcel.id,
          name: 'Parcel label',
          slug: 'parcel',
          librarySlug: 'shipping',
          dimensions: { width: 100, height: 60 },
          units: 'mm',
        },
      ]);
    }
  });

  it('gives every listed <librarySlug>:<slug> as a working templateId for another team', async () => {
    for (const item of (await list(other.test, 'shipping')).templates) {
      expectRenderResult(
        await render(server, other.test, {
          templateId: `${String(item.librarySlug)}:${String(item.slug)}`,
          data: anyData,
          format: 'zpl',
        }),
      );
    }
  });

  it('is empty for a library that does not exist', async () => {
    expect(await list(other.live, 'no-such-library')).toEqual({ templates: [] });
  });
});

describe('GET /v1/templates/{id}/content (spec 4.3)', () => {
  it('answers the template as stored, by short slug, raw id or qualified id', async () => {
    const stored = await cli(server.dataDir).exportTemplate(templates.parcel.id);
    for (const id of ['parcel', templates.parcel.id, 'shipping:parcel']) {
      const response = await content(owner.live, id);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(response.json()).toEqual(stored);
    }
    expect(stored).toMatchObject({
      formatVersion: 1,
      meta: { name: 'Parcel label' },
      dimensions: { width: '100mm', height: '60mm' },
    });
  });

  it('gives another team the library template by its qualified id, and its own template by the short slug', async () => {
    expect((await content(other.live, 'shipping:parcel')).json()).toMatchObject({ meta: { name: 'Parcel label' } });
    expect((await content(other.live, 'parcel')).json()).toMatchObject({ meta: { name: 'Other parcel' } });
  });

  it.each([
    ["another team's template by its slug", () => 'shelf'],
    ["another team's template by its raw id", () => templates.shelf.id],
    ["another team's library template by its raw id", () => templates.parcel.id],
    ['an unpublished template', () => 'draft'],
    ['an unpublished library template', () => 'shipping:coming-soon'],
    ['an unknown slug in a known library', () => 'shipping:nope'],
    ['a slug in an unknown library', () => 'nolib:parcel'],
  ])('answers 404 NOT_FOUND for %s', async (_case, id) => {
    expectError(await content(other.live, id()), 404, 'NOT_FOUND');
  });

  it('answers 404 to the owner for its unpublished templates', async () => {
    for (const id of ['draft', templates.draft.id, 'coming-soon', 'shipping:coming-soon'])
      expectError(await content(owner.live, id), 404, 'NOT_FOUND');
  });
});

describe('library addressing in renders (spec 2.8)', () => {
  it('the owning team renders its library template by short slug and by qualified id', async () => {
    expect(await renderedWidth(owner.live, 'parcel')).toBe(dotsFor(100, 203));
    expect(await renderedWidth(owner.live, 'shipping:parcel')).toBe(dotsFor(100, 203));
  });

  it("another team renders it by the qualified id, while its short slug stays that team's own template", async () => {
    expect(await renderedWidth(other.live, 'shipping:parcel')).toBe(dotsFor(100, 203));
    expect(await renderedWidth(other.live, 'parcel')).toBe(dotsFor(50, 203));
  });

  it("another team cannot reach the owner's templates by raw id or slug", async () => {
    for (const templateId of [templates.parcel.id, templates.shelf.id, 'shelf', 'asset']) {
      expectError(await render(server, other.live, { templateId, data: {}, format: 'zpl' }), 404, 'NOT_FOUND');
    }
  });

  it('an unpublished library template is 404 for everyone', async () => {
    for (const key of [owner.live, other.live])
      expectError(
        await render(server, key, { templateId: 'shipping:coming-soon', data: {}, format: 'zpl' }),
        404,
        'NOT_FOUND',
      );
  });
});

describe('demo keys (spec 5.4): qualified library ids only, anything else 403 FORBIDDEN', () => {
  it('render a library template by its qualified id', async () => {
    const result = expectRenderResult(
      await render(server, demo.key, { templateId: 'shipping:parcel', data: { title: 'Demo' }, format: 'pdf' }),
    );
    expect((await call(server, `/v1/render-outputs/${result.id}`, { key: demo.key })).status).toBe(200);
  });

  it.each([
    ["its team's template by plain slug", () => ({ templateId: 'other-tag' })],
    ["its team's template by raw id", () => ({ templateId: templates.otherTag.id })],
    ['a library template by plain slug', () => ({ templateId: 'parcel' })],
    ['a library template by raw id', () => ({ templateId: templates.parcel.id })],
    ['an inline template', () => ({ template: tagTemplate() })],
  ])('refuse %s', async (_case, target) => {
    const response = await render(server, demo.key, { ...target(), data: { title: 'x' }, format: 'pdf' });
    const error = expectError(response, 403, 'FORBIDDEN');
    expect(error.error).toMatch(/library/);
    // A refused render is still a render request of the team: it carries the rate limit headers.
    rateLimitHeaders(response);
  });

  it('read library template content by qualified id only', async () => {
    expect((await content(demo.key, 'shipping:parcel')).status).toBe(200);
    for (const id of ['other-tag', templates.otherTag.id, templates.parcel.id])
      expectError(await content(demo.key, id), 403, 'FORBIDDEN');
  });

  it('list a library but not the team templates', async () => {
    expect((await list(demo.key, 'shipping')).templates).toHaveLength(2);
    expectError(await call(server, '/v1/templates', { key: demo.key }), 403, 'FORBIDDEN');
  });
});

describe('401 AUTH_REQUIRED', () => {
  it.each([
    '/v1/templates',
    '/v1/templates?library=shipping',
    '/v1/templates/shipping:parcel/content',
    '/v1/templates/shelf/content',
  ])('%s', async (path) => {
    expectError(await call(server, path), 401, 'AUTH_REQUIRED');
    expectError(await call(server, path, { key: 'svc_sk_live_short' }), 401, 'AUTH_REQUIRED');
  });
});
