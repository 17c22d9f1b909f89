import { describe, expect, it } from 'vitest';
import { openTestStore, testClock } from '../storeTestSupport';

describe('teams', () => {
  it('creates, reads and lists teams', () => {
    const clock = testClock('2025-03-01T00:00:00Z');
    const store = openTestStore(undefined, { now: clock.now });
    const acme = store.teams.create({ name: 'Acme', plan: 'pro' });
    clock.advance(1);
    const beta = store.teams.create({ name: 'Beta', plan: 'dev', quotaLimit: 50, rateMinute: 2, rateHour: 20 });
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
    expect(store.teams.get(beta.id)).toEqual(beta);
    expect(store.teams.get('nope')).toBeUndefined();
    expect(store.teams.list().map((team) => team.name)).toEqual(['Acme', 'Beta']);
  });

  it('changes the plan and overrides; null drops an override, undefined keeps it', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'dev', quotaLimit: 10, rateMinute: 3 });
    expect(store.teams.update(team.id, { plan: 'starter', quotaLimit: null, rateHour: 40 })).toMatchObject({
      plan: 'starter',
      quotaLimit: null,
      rateMinute: 3,
      rateHour: 40,
    });
    expect(store.teams.update('nope', { plan: 'pro' })).toBeUndefined();
  });

  it('refuses values the schema does not allow', () => {
    const store = openTestStore();
    expect(() => store.teams.create({ name: 'X', plan: 'gold' as 'dev' })).toThrow(/CHECK/);
    expect(() => store.teams.create({ name: 'X', plan: 'dev', quotaLimit: -2 })).toThrow(/CHECK/);
    expect(() => store.teams.create({ name: 'X', plan: 'dev', rateMinute: 0 })).toThrow(/CHECK/);
  });

  it('flags a team for review once per period', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'pro' });
    expect(store.teams.flagForReview(team.id, '2025-05', 1000)).toBe(true);
    expect(store.teams.flagForReview(team.id, '2025-05', 2000)).toBe(false);
    expect(store.teams.get(team.id)).toMatchObject({ flaggedAt: 1000, flaggedPeriod: '2025-05' });
    expect(store.teams.flagForReview(team.id, '2025-06', 3000)).toBe(true);
    expect(store.teams.get(team.id)).toMatchObject({ flaggedAt: 3000, flaggedPeriod: '2025-06' });
  });
});
