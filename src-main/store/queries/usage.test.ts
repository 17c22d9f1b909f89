import { describe, expect, it } from 'vitest';
import { STORE_DIALECTS, testStoreOpener } from '../../../test/support/store/storeTestSupport';

const at = (iso: string) => Date.parse(iso);

describe.each(STORE_DIALECTS)('usage counters on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('count live and test renders per UTC month and day', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    await store.transaction(async (trx) => {
      await trx.usage.increment(team.id, 'live', at('2025-12-30T10:00:00Z'));
      await trx.usage.increment(team.id, 'test', at('2025-12-31T23:59:59.999Z'));
      expect(await trx.usage.increment(team.id, 'live', at('2025-12-31T23:59:59.999Z'))).toEqual({ live: 2, test: 1 });
      expect(await trx.usage.increment(team.id, 'live', at('2026-01-01T00:00:00Z'))).toEqual({ live: 1, test: 0 });
    });
    expect(await store.usage.get(team.id, '2025-12')).toEqual({ live: 2, test: 1 });
    expect(await store.usage.get(team.id, '2026-01')).toEqual({ live: 1, test: 0 });
    expect(await store.usage.get(team.id, '2026-02')).toEqual({ live: 0, test: 0 });
    expect(await store.usage.perDay(team.id, '2025-12-01', '2026-01-31')).toEqual([
      { day: '2025-12-30', live: 1, test: 0 },
      { day: '2025-12-31', live: 1, test: 1 },
      { day: '2026-01-01', live: 1, test: 0 },
    ]);
    expect(await store.usage.perDay(team.id, '2025-12-31', '2025-12-31')).toEqual([
      { day: '2025-12-31', live: 1, test: 1 },
    ]);
  });

  it('are per team', async () => {
    const store = await openTestStore();
    const a = await store.teams.create({ name: 'A', plan: 'dev' });
    const b = await store.teams.create({ name: 'B', plan: 'dev' });
    await store.usage.increment(a.id, 'live', at('2025-05-05T00:00:00Z'));
    expect(await store.usage.get(b.id, '2025-05')).toEqual({ live: 0, test: 0 });
    expect(await store.usage.perDay(b.id, '2025-05-01', '2025-05-31')).toEqual([]);
  });
});
