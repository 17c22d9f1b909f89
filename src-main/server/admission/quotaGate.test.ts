import { describe, expect, it } from 'vitest';
import { periodOf } from '@shared/api/plans';
import { countRendersAhead, recordRender } from '../../store/recordRender';
import { STORE_DIALECTS, testClock, testStoreOpener } from '../../../test/support/store/storeTestSupport';
import { QuotaGate } from './quotaGate';

const TTL_MS = 300;

describe.each(STORE_DIALECTS)('the quota gate on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  async function cappedTeam() {
    const clock = testClock('2025-06-15T12:00:00Z');
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Capped', plan: 'dev', quotaLimit: 1 });
    return { store, team, clock, period: periodOf(clock.now()).period };
  }

  it('keeps a reservation it holds past its expiry by renewing it, and frees it on release', async () => {
    const { store, team, clock, period } = await cappedTeam();
    const gate = new QuotaGate(store, { ttlMs: TTL_MS });
    const held = await gate.admit(team.id, 1, true);
    // The store's clock jumps far past the expiry; the gate's renewal moves the expiry on from there.
    clock.advance(60 * 60 * 1000);
    const renewedUntil = clock.now() + TTL_MS;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const row = await store.db.selectFrom('quota_reservations').select('expires_at').executeTakeFirst();
      if ((row?.expires_at ?? 0) >= renewedUntil) break;
      await new Promise((resolve) => setTimeout(resolve, TTL_MS / 3));
    }
    // Another server's admission finds it still held: nothing is reclaimed from a live holder.
    await expect(new QuotaGate(store, { ttlMs: TTL_MS }).admit(team.id, 1, true)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    await held.release();
    await held.release();
    expect(await store.quotaReservations.reserved(team.id, period)).toBe(0);
    await (await gate.admit(team.id, 1, true)).release();
  });

  it('takes back the reservation of a holder that stopped renewing (a dead server) once it expires', async () => {
    const { store, team, clock, period } = await cappedTeam();
    // A holder that never renews: the reservation as a killed server leaves it.
    await store.quotaReservations.admit({ teamId: team.id, period, renders: 1, limit: 1, ttlMs: TTL_MS });
    const gate = new QuotaGate(store, { ttlMs: TTL_MS });
    await expect(gate.admit(team.id, 1, true)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    clock.advance(TTL_MS);
    await (await gate.admit(team.id, 1, true)).release();
  });

  it('frees a reservation in the transaction that counts its renders, and one whose record failed on release', async () => {
    const { store, team, period } = await cappedTeam();
    const gate = new QuotaGate(store, { ttlMs: TTL_MS });
    const render = {
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      format: 'zpl',
      bytes: Buffer.from('^XA^XZ'),
      renderTimeMs: 1,
    } as const;

    const failed = await gate.admit(team.id, 3, true, 2);
    await expect(
      recordRender(store, { ...render, count: 2, maxOutputBytes: 1, reservedQuota: failed.reserved }),
    ).rejects.toMatchObject({ code: 'OUTPUT_TOO_LARGE' });
    expect(await store.quotaReservations.reserved(team.id, period)).toBe(2);
    await failed.release();
    expect(await store.quotaReservations.reserved(team.id, period)).toBe(0);

    const recorded = await gate.admit(team.id, 3, true, 2);
    await countRendersAhead(store, team.id, 'live', 2, recorded.reserved).settle(2);
    // Usage, and nothing reserved, before the holder releases: no moment where another admission sees both or neither.
    expect(await store.quotaReservations.reserved(team.id, period)).toBe(0);
    expect(await store.usage.get(team.id, period)).toMatchObject({ live: 2 });
    expect(await store.db.selectFrom('quota_reservations').selectAll().execute()).toEqual([]);
    await recorded.release();
    await expect(gate.admit(team.id, 3, true, 2)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await (await gate.admit(team.id, 3, true, 1)).release();
  });

  it('reserves nothing for an unlimited or soft-capped quota', async () => {
    const { store, team, period } = await cappedTeam();
    const gate = new QuotaGate(store);
    await gate.admit(team.id, -1, true, 5);
    await gate.admit(team.id, 1, false, 5);
    expect(await store.quotaReservations.reserved(team.id, period)).toBe(0);
  });
});
