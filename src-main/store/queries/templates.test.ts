import { describe, expect, it } from 'vitest';
import { ConflictError } from '@shared/api/apiErrors';
import { slugSchema } from '@shared/api/slug';
import type { Store } from '../openStore';
import {
  sampleTemplate,
  testClock,
  STORE_DIALECTS,
  testStoreOpener,
} from '../../../test/support/store/storeTestSupport';

const ALL = { publishedOnly: false };
const PUBLISHED = { publishedOnly: true };

async function twoTeamsAndALibrary(store: Store) {
  const owner = await store.teams.create({ name: 'Owner', plan: 'pro' });
  const other = await store.teams.create({ name: 'Other', plan: 'dev' });
  const library = await store.libraries.create({ slug: 'shipping', name: 'Shipping labels' });
  return { owner, other, library };
}

describe.each(STORE_DIALECTS)('libraries on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('are created, listed and found by slug; slugs are unique', async () => {
    const store = await openTestStore();
    const b = await store.libraries.create({ slug: 'b-lib', name: 'B' });
    const a = await store.libraries.create({ slug: 'a-lib', name: 'A' });
    expect(await store.libraries.list()).toEqual([a, b]);
    expect(await store.libraries.getBySlug('b-lib')).toEqual(b);
    expect(await store.libraries.getBySlug('c-lib')).toBeUndefined();
    await expect(store.libraries.create({ slug: 'a-lib', name: 'again' })).rejects.toThrow(ConflictError);
  });
});

describe.each(STORE_DIALECTS)('templates on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('store the validated content and read it back typed', async () => {
    const clock = testClock(42_000);
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const created = await store.templates.create({ teamId: team.id, content: sampleTemplate('Asset tag') });
    expect(created).toMatchObject({
      teamId: team.id,
      slug: 'asset-tag',
      name: 'Asset tag',
      status: 'draft',
      libraryId: null,
      librarySlug: null,
      createdAt: 42_000,
      updatedAt: 42_000,
    });
    expect(created.content).toEqual(sampleTemplate('Asset tag'));
    expect(await store.templates.get(created.id)).toEqual(created);
    expect(await store.templates.get('nope')).toBeUndefined();
  });

  it('publish and unpublish; API-key visibility sees published ones only', async () => {
    const clock = testClock(1000);
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const draft = await store.templates.create({ teamId: team.id, content: sampleTemplate('Draft') });
    const published = await store.templates.create({
      teamId: team.id,
      content: sampleTemplate('Live one'),
      publish: { author: 'test' },
    });
    expect((await store.templates.listForTeam(team.id, PUBLISHED)).map((t) => t.id)).toEqual([published.id]);
    expect((await store.templates.listForTeam(team.id, ALL)).map((t) => t.id)).toEqual([draft.id, published.id]);
    expect(await store.templates.findForTeam(team.id, 'draft', PUBLISHED)).toBeUndefined();
    clock.advance(5);
    expect((await store.templates.publish(draft.id, { author: 'test' }))?.template).toMatchObject({
      status: 'published',
      updatedAt: 1005,
    });
    expect((await store.templates.findForTeam(team.id, 'draft', PUBLISHED))?.id).toBe(draft.id);
    expect((await store.templates.unpublish(published.id))?.status).toBe('draft');
    expect(await store.templates.findForTeam(team.id, published.id, PUBLISHED)).toBeUndefined();
    expect(await store.templates.unpublish('nope')).toBeUndefined();
  });

  it('answer to an id or short slug for their own team only', async () => {
    const store = await openTestStore();
    const { owner, other } = await twoTeamsAndALibrary(store);
    const template = await store.templates.create({
      teamId: owner.id,
      content: sampleTemplate('Box label'),
      publish: { author: 'test' },
    });
    expect((await store.templates.resolve(owner.id, 'box-label', PUBLISHED))?.id).toBe(template.id);
    expect((await store.templates.resolve(owner.id, template.id, PUBLISHED))?.id).toBe(template.id);
    expect(await store.templates.resolve(other.id, 'box-label', PUBLISHED)).toBeUndefined();
    expect(await store.templates.resolve(other.id, template.id, PUBLISHED)).toBeUndefined();
  });

  it('in a library answer to the short slug for the owning team and to <library>:<slug> for every team (spec 2.8)', async () => {
    const store = await openTestStore();
    const { owner, other, library } = await twoTeamsAndALibrary(store);
    const template = await store.templates.create({
      teamId: owner.id,
      content: sampleTemplate('Parcel 4x6'),
      libraryId: library.id,
      publish: { author: 'test' },
    });
    expect(template).toMatchObject({ slug: 'parcel-4x6', libraryId: library.id, librarySlug: 'shipping' });
    expect((await store.templates.resolve(owner.id, 'parcel-4x6', PUBLISHED))?.id).toBe(template.id);
    expect((await store.templates.resolve(owner.id, 'shipping:parcel-4x6', PUBLISHED))?.id).toBe(template.id);
    expect((await store.templates.resolve(other.id, 'shipping:parcel-4x6', PUBLISHED))?.id).toBe(template.id);
    expect(await store.templates.resolve(other.id, 'parcel-4x6', PUBLISHED)).toBeUndefined();
    expect(await store.templates.resolve(other.id, 'elsewhere:parcel-4x6', PUBLISHED)).toBeUndefined();
    expect(await store.templates.resolve(other.id, 'shipping:', PUBLISHED)).toBeUndefined();
    expect((await store.templates.findInLibrary('shipping', 'parcel-4x6', PUBLISHED))?.id).toBe(template.id);
    expect((await store.templates.listForLibrary('shipping', PUBLISHED)).map((t) => t.id)).toEqual([template.id]);
    await store.templates.unpublish(template.id);
    expect(await store.templates.resolve(other.id, 'shipping:parcel-4x6', PUBLISHED)).toBeUndefined();
    expect(await store.templates.listForLibrary('shipping', PUBLISHED)).toEqual([]);
    expect((await store.templates.listForLibrary('shipping', ALL)).map((t) => t.id)).toEqual([template.id]);
  });

  it('have slugs unique per team: defaults are numbered, a taken explicit slug is a conflict, other teams may reuse it', async () => {
    const store = await openTestStore();
    const { owner, other } = await twoTeamsAndALibrary(store);
    const slugs: string[] = [];
    for (let n = 0; n < 3; n += 1)
      slugs.push((await store.templates.create({ teamId: owner.id, content: sampleTemplate('Asset tag') })).slug);
    expect(slugs).toEqual(['asset-tag', 'asset-tag-2', 'asset-tag-3']);
    expect((await store.templates.create({ teamId: other.id, content: sampleTemplate('Asset tag') })).slug).toBe(
      'asset-tag',
    );
    await expect(
      store.templates.create({ teamId: owner.id, content: sampleTemplate(), slug: 'asset-tag-2' }),
    ).rejects.toThrow(ConflictError);
    expect((await store.templates.create({ teamId: owner.id, content: sampleTemplate(), slug: 'custom' })).slug).toBe(
      'custom',
    );
  });

  it('have slugs unique per library, across teams', async () => {
    const store = await openTestStore();
    const { owner, other, library } = await twoTeamsAndALibrary(store);
    await store.templates.create({ teamId: owner.id, content: sampleTemplate('Parcel'), libraryId: library.id });
    await expect(
      store.templates.create({ teamId: other.id, content: sampleTemplate(), slug: 'parcel', libraryId: library.id }),
    ).rejects.toThrow(ConflictError);
    expect(
      (await store.templates.create({ teamId: other.id, content: sampleTemplate('Parcel'), libraryId: library.id }))
        .slug,
    ).toBe('parcel-2');
    // Outside the library the other team's own namespace is free.
    expect((await store.templates.create({ teamId: other.id, content: sampleTemplate(), slug: 'parcel' })).slug).toBe(
      'parcel',
    );
  });

  it('make a slug from any name, within 64 characters', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    expect(
      (await store.templates.create({ teamId: team.id, content: sampleTemplate('Étiquette  Café – 4×6!') })).slug,
    ).toBe('etiquette-cafe-4-6');
    expect((await store.templates.create({ teamId: team.id, content: sampleTemplate('!!!') })).slug).toBe('template');
    const long = 'word '.repeat(40);
    const first = (await store.templates.create({ teamId: team.id, content: sampleTemplate(long) })).slug;
    const second = (await store.templates.create({ teamId: team.id, content: sampleTemplate(long) })).slug;
    expect(slugSchema.safeParse(first).success).toBe(true);
    expect(slugSchema.safeParse(second).success).toBe(true);
    expect(second.endsWith('-2')).toBe(true);
  });
});
