import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../../src-shared/api/apiErrors';
import { slugSchema } from '../../../src-shared/api/slug';
import type { Store } from '../openStore';
import { openTestStore, sampleTemplate, testClock } from '../storeTestSupport';

const ALL = { publishedOnly: false };
const PUBLISHED = { publishedOnly: true };

function twoTeamsAndALibrary(store: Store) {
  const owner = store.teams.create({ name: 'Owner', plan: 'pro' });
  const other = store.teams.create({ name: 'Other', plan: 'dev' });
  const library = store.libraries.create({ slug: 'shipping', name: 'Shipping labels' });
  return { owner, other, library };
}

describe('libraries', () => {
  it('are created, listed and found by slug; slugs are unique', () => {
    const store = openTestStore();
    const b = store.libraries.create({ slug: 'b-lib', name: 'B' });
    const a = store.libraries.create({ slug: 'a-lib', name: 'A' });
    expect(store.libraries.list()).toEqual([a, b]);
    expect(store.libraries.getBySlug('b-lib')).toEqual(b);
    expect(store.libraries.getBySlug('c-lib')).toBeUndefined();
    expect(() => store.libraries.create({ slug: 'a-lib', name: 'again' })).toThrow(ConflictError);
  });
});

describe('templates', () => {
  it('store the validated content and read it back typed', () => {
    const clock = testClock(42_000);
    const store = openTestStore(undefined, { now: clock.now });
    const team = store.teams.create({ name: 'Acme', plan: 'dev' });
    const created = store.templates.create({ teamId: team.id, content: sampleTemplate('Asset tag') });
    expect(created).toMatchObject({ teamId: team.id, slug: 'asset-tag', name: 'Asset tag', status: 'draft', libraryId: null, librarySlug: null, createdAt: 42_000, updatedAt: 42_000 });
    expect(created.content).toEqual(sampleTemplate('Asset tag'));
    expect(store.templates.get(created.id)).toEqual(created);
    expect(store.templates.get('nope')).toBeUndefined();
  });

  it('publish and unpublish; API-key visibility sees published ones only', () => {
    const clock = testClock(1000);
    const store = openTestStore(undefined, { now: clock.now });
    const team = store.teams.create({ name: 'Acme', plan: 'dev' });
    const draft = store.templates.create({ teamId: team.id, content: sampleTemplate('Draft') });
    const published = store.templates.create({ teamId: team.id, content: sampleTemplate('Live one'), publish: { author: 'test' } });
    expect(store.templates.listForTeam(team.id, PUBLISHED).map((t) => t.id)).toEqual([published.id]);
    expect(store.templates.listForTeam(team.id, ALL).map((t) => t.id)).toEqual([draft.id, published.id]);
    expect(store.templates.findForTeam(team.id, 'draft', PUBLISHED)).toBeUndefined();
    clock.advance(5);
    expect(store.templates.publish(draft.id, { author: 'test' })?.template).toMatchObject({ status: 'published', updatedAt: 1005 });
    expect(store.templates.findForTeam(team.id, 'draft', PUBLISHED)?.id).toBe(draft.id);
    expect(store.templates.unpublish(published.id)?.status).toBe('draft');
    expect(store.templates.findForTeam(team.id, published.id, PUBLISHED)).toBeUndefined();
    expect(store.templates.unpublish('nope')).toBeUndefined();
  });

  it('answer to an id or short slug for their own team only', () => {
    const store = openTestStore();
    const { owner, other } = twoTeamsAndALibrary(store);
    const template = store.templates.create({ teamId: owner.id, content: sampleTemplate('Box label'), publish: { author: 'test' } });
    expect(store.templates.resolve(owner.id, 'box-label', PUBLISHED)?.id).toBe(template.id);
    expect(store.templates.resolve(owner.id, template.id, PUBLISHED)?.id).toBe(template.id);
    expect(store.templates.resolve(other.id, 'box-label', PUBLISHED)).toBeUndefined();
    expect(store.templates.resolve(other.id, template.id, PUBLISHED)).toBeUndefined();
  });

  it('in a library answer to the short slug for the owning team and to <library>:<slug> for every team (spec 2.8)', () => {
    const store = openTestStore();
    const { owner, other, library } = twoTeamsAndALibrary(store);
    const template = store.templates.create({ teamId: owner.id, content: sampleTemplate('Parcel 4x6'), libraryId: library.id, publish: { author: 'test' } });
    expect(template).toMatchObject({ slug: 'parcel-4x6', libraryId: library.id, librarySlug: 'shipping' });
    expect(store.templates.resolve(owner.id, 'parcel-4x6', PUBLISHED)?.id).toBe(template.id);
    expect(store.templates.resolve(owner.id, 'shipping:parcel-4x6', PUBLISHED)?.id).toBe(template.id);
    expect(store.templates.resolve(other.id, 'shipping:parcel-4x6', PUBLISHED)?.id).toBe(template.id);
    expect(store.templates.resolve(other.id, 'parcel-4x6', PUBLISHED)).toBeUndefined();
    expect(store.templates.resolve(other.id, 'elsewhere:parcel-4x6', PUBLISHED)).toBeUndefined();
    expect(store.templates.resolve(other.id, 'shipping:', PUBLISHED)).toBeUndefined();
    expect(store.templates.findInLibrary('shipping', 'parcel-4x6', PUBLISHED)?.id).toBe(template.id);
    expect(store.templates.listForLibrary('shipping', PUBLISHED).map((t) => t.id)).toEqual([template.id]);
    store.templates.unpublish(template.id);
    expect(store.templates.resolve(other.id, 'shipping:parcel-4x6', PUBLISHED)).toBeUndefined();
    expect(store.templates.listForLibrary('shipping', PUBLISHED)).toEqual([]);
    expect(store.templates.listForLibrary('shipping', ALL).map((t) => t.id)).toEqual([template.id]);
  });

  it('have slugs unique per team: defaults are numbered, a taken explicit slug is a conflict, other teams may reuse it', () => {
    const store = openTestStore();
    const { owner, other } = twoTeamsAndALibrary(store);
    const slugs = [1, 2, 3].map(() => store.templates.create({ teamId: owner.id, content: sampleTemplate('Asset tag') }).slug);
    expect(slugs).toEqual(['asset-tag', 'asset-tag-2', 'asset-tag-3']);
    expect(store.templates.create({ teamId: other.id, content: sampleTemplate('Asset tag') }).slug).toBe('asset-tag');
    expect(() => store.templates.create({ teamId: owner.id, content: sampleTemplate(), slug: 'asset-tag-2' })).toThrow(ConflictError);
    expect(store.templates.create({ teamId: owner.id, content: sampleTemplate(), slug: 'custom' }).slug).toBe('custom');
  });

  it('have slugs unique per library, across teams', () => {
    const store = openTestStore();
    const { owner, other, library } = twoTeamsAndALibrary(store);
    store.templates.create({ teamId: owner.id, content: sampleTemplate('Parcel'), libraryId: library.id });
    expect(() => store.templates.create({ teamId: other.id, content: sampleTemplate(), slug: 'parcel', libraryId: library.id })).toThrow(ConflictError);
    expect(store.templates.create({ teamId: other.id, content: sampleTemplate('Parcel'), libraryId: library.id }).slug).toBe('parcel-2');
    // Outside the library the other team's own namespace is free.
    expect(store.templates.create({ teamId: other.id, content: sampleTemplate(), slug: 'parcel' }).slug).toBe('parcel');
  });

  it('make a slug from any name, within 64 characters', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'dev' });
    expect(store.templates.create({ teamId: team.id, content: sampleTemplate('Étiquette  Café – 4×6!') }).slug).toBe('etiquette-cafe-4-6');
    expect(store.templates.create({ teamId: team.id, content: sampleTemplate('!!!') }).slug).toBe('template');
    const long = 'word '.repeat(40);
    const first = store.templates.create({ teamId: team.id, content: sampleTemplate(long) }).slug;
    const second = store.templates.create({ teamId: team.id, content: sampleTemplate(long) }).slug;
    expect(slugSchema.safeParse(first).success).toBe(true);
    expect(slugSchema.safeParse(second).success).toBe(true);
    expect(second.endsWith('-2')).toBe(true);
  });
});
