import { describe, expect, it } from 'vitest';
import { STORE_DIALECTS, testStoreOpener, testClock } from '../../../test/support/store/storeTestSupport';

describe.each(STORE_DIALECTS)('teams on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('creates, reads and lists teams', async () => {
    const clock = testClock('2025-03-01T00:00:00Z');
    const store = await openTestStore(undefined, { now: clock.now });
    const acme = await store.teams.create({ name: 'Acme', plan: 'pro' });
    clock.advance(1);
    const beta = await store.teams.create({ name: 'Beta', plan: 'dev', quotaLimit: 50, rateMinute: 2, rateHour: 20 });
    expect(acme).toEqual({
      id: acme.id,
      name: 'Acme',
      plan: 'pro',
      quotaLimit: null,
      rateMinute: null,
      rateHour: null,
      storageLimit: null,
      flaggedAt: null,
      flaggedPeriod: null,
      createdAt: Date.parse('2025-03-01T00:00:00Z'),
    });
    expect(await store.teams.get(beta.id)).toEqual(beta);
    expect(await store.teams.get('nope')).toBeUndefined();
    expect((await store.teams.list()).map((team) => team.name)).toEqual(['Acme', 'Beta']);
  });

  it('changes the plan and overrides; null drops an override, undefined keeps it', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev', quotaLimit: 10, rateMinute: 3 });
    expect(await store.teams.update(team.id, { plan: 'starter', quotaLimit: null, rateHour: 40 })).toMatchObject({
      plan: 'starter',
      quotaLimit: null,
      rateMinute: 3,
      rateHour: 40,
    });
    expect(await store.teams.update('nope', { plan: 'pro' })).toBeUndefined();
  });

  it('refuses values the schema does not allow', async () => {
    const store = await openTestStore();
    await expect(store.teams.create({ name: 'X', plan: 'gold' as 'dev' })).rejects.toThrow(/check/i);
    await expect(store.teams.create({ name: 'X', plan: 'dev', quotaLimit: -2 })).rejects.toThrow(/check/i);
    await expect(store.teams.create({ name: 'X', plan: 'dev', rateMinute: 0 })).rejects.toThrow(/check/i);
  });

  it('flags a team for review once per period', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'pro' });
    expect(await store.teams.flagForReview(team.id, '2025-05', 1000)).toBe(true);
    expect(await store.teams.flagForReview(team.id, '2025-05', 2000)).toBe(false);
    expect(await store.teams.get(team.id)).toMatchObject({ flaggedAt: 1000, flaggedPeriod: '2025-05' });
    expect(await store.teams.flagForReview(team.id, '2025-06', 3000)).toBe(true);
    expect(await store.teams.get(team.id)).toMatchObject({ flaggedAt: 3000, flaggedPeriod: '2025-06' });
  });
});
