import { describe, expect, it } from 'vitest';
import { STORE_DIALECTS, testClock, testStoreOpener } from '../../../test/support/store/storeTestSupport';

const PERIOD = '2025-06';
const TTL_MS = 60_000;

describe.each(STORE_DIALECTS)('quota reservations on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  async function teamStore() {
    const clock = testClock('2025-06-15T12:00:00Z');
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Capped', plan: 'dev' });
    const admit = (renders: number, limit = 5) =>
      store.quotaReservations.admit({ teamId: team.id, period: PERIOD, renders, limit, ttlMs: TTL_MS });
    return { store, team, clock, admit };
  }

  it('admit all of a request or none, counting the renders used and those reserved', async () => {
    const { store, team, admit } = await teamStore();
    await store.usage.increment(team.id, 'live', Date.parse('2025-06-02T00:00:00Z'), 2);
    // Test renders never take the quota.
    await store.usage.increment(team.id, 'test', Date.parse('2025-06-02T00:00:00Z'), 10);
    const first = await admit(2);
    expect(first).toBeDefined();
    expect(await admit(2)).toBeUndefined();
    expect(await store.quotaReservations.reserved(team.id, PERIOD)).toBe(2);
    expect(await admit(1)).toBeDefined();
    expect(await admit(1)).toBeUndefined();
    expect(await store.quotaReservations.reserved(team.id, PERIOD)).toBe(3);
    // The usage counts themselves are untouched.
    expect(await store.usage.get(team.id, PERIOD)).toEqual({ live: 2, test: 10 });
  });

  it('give the renders back on release, once however often it is called', async () => {
    const { store, team, admit } = await teamStore();
    const id = await admit(5);
    expect(id).toBeDefined();
    expect(await admit(1)).toBeUndefined();
    await store.quotaReservations.release(id ?? '');
    await store.quotaReservations.release(id ?? '');
    expect(await store.quotaReservations.reserved(team.id, PERIOD)).toBe(0);
    expect(await admit(5)).toBeDefined();
  });

  it('reclaim a reservation nobody renewed once it expires, and keep one that is renewed', async () => {
    const { store, team, clock, admit } = await teamStore();
    const abandoned = await admit(2);
    const renewed = await admit(2);
    clock.advance(TTL_MS - 1);
    expect(await store.quotaReservations.renew([renewed ?? ''], TTL_MS)).toBe(1);
    clock.advance(1);
    // The abandoned 2 come back at this admission; the renewed 2 still hold.
    expect(await admit(3)).toBeDefined();
    expect(await store.quotaReservations.reserved(team.id, PERIOD)).toBe(5);
    // Releasing a reclaimed reservation changes nothing; renewing it finds nothing.
    await store.quotaReservations.release(abandoned ?? '');
    expect(await store.quotaReservations.renew([abandoned ?? ''], TTL_MS)).toBe(0);
    expect(await store.quotaReservations.reserved(team.id, PERIOD)).toBe(5);
  });

  it('never admit past the limit when many admissions race', async () => {
    const { store, team, admit } = await teamStore();
    const ids = await Promise.all(Array.from({ length: 20 }, () => admit(1, 7)));
    expect(ids.filter((id) => id !== undefined)).toHaveLength(7);
    expect(await store.quotaReservations.reserved(team.id, PERIOD)).toBe(7);
  });
});
