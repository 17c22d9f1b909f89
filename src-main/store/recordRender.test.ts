import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dayOf, periodOf } from '@shared/api/plans';
import type { Store } from './openStore';
import { countRendersAhead, OUTPUT_TTL_MS, recordRender, type FinishedRender } from './recordRender';
import { openTestStore, outputsDir, testClock, sqliteOf } from '../../test/support/store/storeTestSupport';

function render(teamId: string, overrides: Partial<FinishedRender> = {}): FinishedRender {
  return {
    teamId,
    apiKeyId: null,
    mode: 'live',
    format: 'pdf',
    bytes: Buffer.from('%PDF-1.7 test'),
    renderTimeMs: 12.5,
    ...overrides,
  };
}

function count(store: Store, table: string): number {
  return (sqliteOf(store).prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

describe('recordRender', () => {
  it('writes the output file, the render row and the usage counts', async () => {
    const clock = testClock('2025-06-15T12:00:00Z');
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const { record: key } = await store.apiKeys.create({ teamId: team.id, mode: 'live' });
    const record = await recordRender(
      store,
      render(team.id, { apiKeyId: key.id, format: 'png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }),
    );
    expect(record).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      teamId: team.id,
      apiKeyId: key.id,
      mode: 'live',
      format: 'png',
      contentType: 'image/png',
      sizeBytes: 4,
      renderTimeMs: 12.5,
      fileName: `${record.id}.png`,
      createdAt: clock.now(),
      expiresAt: clock.now() + OUTPUT_TTL_MS,
    });
    expect(await store.renders.get(record.id)).toEqual(record);
    expect([...(await store.outputs.read(record.fileName))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(await store.usage.get(team.id, '2025-06')).toEqual({ live: 1, test: 0 });
    expect(await store.usage.perDay(team.id, '2025-06-15', '2025-06-15')).toEqual([
      { day: '2025-06-15', live: 1, test: 0 },
    ]);
    await recordRender(store, render(team.id, { mode: 'test' }));
    expect(await store.usage.get(team.id, '2025-06')).toEqual({ live: 1, test: 1 });
  });

  it('counts renders ahead (inline delivery) and flags overage, keeping no row and no file; settles a difference and takes a failed one back', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Pro', plan: 'pro', quotaLimit: 1 });
    const period = periodOf(store.now()).period;
    await countRendersAhead(store, team.id, 'live', 1).settle(1);
    await countRendersAhead(store, team.id, 'test', 1).settle(1);
    expect(await store.usage.get(team.id, period)).toEqual({ live: 1, test: 1 });
    expect(count(store, 'renders')).toBe(0);
    expect(readdirSync(outputsDir(store))).toEqual([]);
    expect((await store.teams.get(team.id))?.flaggedPeriod).toBeNull();
    // A batch planned at 3 labels that drew 2 counts 2; a render that failed counts nothing.
    await countRendersAhead(store, team.id, 'live', 3).settle(2);
    expect(await store.usage.get(team.id, period)).toEqual({ live: 3, test: 1 });
    expect((await store.teams.get(team.id))?.flaggedPeriod).toBe(period);
    await countRendersAhead(store, team.id, 'live', 4).takeBack();
    expect(await store.usage.get(team.id, period)).toEqual({ live: 3, test: 1 });
    const day = dayOf(store.now());
    expect(await store.usage.perDay(team.id, day, day)).toEqual([{ day, live: 3, test: 1 }]);
  });

  it('counts nothing ahead and takes nothing back when the count cannot be written', async () => {
    const store = await openTestStore();
    const ahead = countRendersAhead(store, 'no-such-team', 'live', 1);
    await expect(ahead.settle(1)).rejects.toThrow(/FOREIGN KEY/);
    await ahead.takeBack();
    expect(count(store, 'usage_monthly')).toBe(0);
  });

  it('leaves nothing behind when the transaction fails: no row, no count, no file', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    // The render row and the monthly counter are written before the daily counter fails.
    sqliteOf(store).exec(
      "CREATE TEMP TRIGGER fail_daily BEFORE INSERT ON usage_daily BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    await expect(recordRender(store, render(team.id))).rejects.toThrow('disk full');
    expect(count(store, 'renders')).toBe(0);
    expect(count(store, 'usage_monthly')).toBe(0);
    expect(readdirSync(outputsDir(store))).toEqual([]);
    await expect(recordRender(store, render('no-such-team'))).rejects.toThrow(/FOREIGN KEY/);
    expect(readdirSync(outputsDir(store))).toEqual([]);
  });

  it('flags a soft-capped team for review when it goes over its quota, once per period', async () => {
    const clock = testClock('2025-06-30T23:00:00Z');
    const store = await openTestStore(undefined, { now: clock.now });
    const pro = await store.teams.create({ name: 'Pro', plan: 'pro', quotaLimit: 2 });
    await recordRender(store, render(pro.id));
    await recordRender(store, render(pro.id));
    await recordRender(store, render(pro.id, { mode: 'test' }));
    expect((await store.teams.get(pro.id))?.flaggedPeriod).toBeNull();
    await recordRender(store, render(pro.id));
    expect(await store.teams.get(pro.id)).toMatchObject({ flaggedPeriod: '2025-06', flaggedAt: clock.now() });
    clock.advance(60_000);
    await recordRender(store, render(pro.id));
    expect((await store.teams.get(pro.id))?.flaggedAt).toBe(clock.now() - 60_000);
    // July starts from zero again.
    clock.set('2025-07-01T00:00:00Z');
    await recordRender(store, render(pro.id));
    await recordRender(store, render(pro.id));
    expect((await store.teams.get(pro.id))?.flaggedPeriod).toBe('2025-06');
    await recordRender(store, render(pro.id));
    expect((await store.teams.get(pro.id))?.flaggedPeriod).toBe(periodOf(clock.now()).period);
  });

  it('flags neither hard-capped nor unlimited teams, nor test renders', async () => {
    const store = await openTestStore();
    const dev = await store.teams.create({ name: 'Dev', plan: 'dev', quotaLimit: 1 });
    const enterprise = await store.teams.create({ name: 'Big', plan: 'enterprise' });
    const testOnly = await store.teams.create({ name: 'Test', plan: 'pro', quotaLimit: 0 });
    for (let i = 0; i < 3; i += 1) {
      await recordRender(store, render(dev.id));
      await recordRender(store, render(enterprise.id));
      await recordRender(store, render(testOnly.id, { mode: 'test' }));
    }
    for (const team of [dev, enterprise, testOnly]) expect((await store.teams.get(team.id))?.flaggedAt).toBeNull();
  });
});
