import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDataDir, STORE_DIALECTS, testStoreOpener } from '../../../test/support/store/storeTestSupport';

const parcel = { parcel: { start: 1000, step: 1 } };

describe.each(STORE_DIALECTS)('counters on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('hands out consecutive blocks per team and counter, and keeps the next value across a reopen', async () => {
    const dir = tempDataDir();
    const store = await openTestStore(dir);
    const acme = (await store.teams.create({ name: 'Acme', plan: 'pro' })).id;
    const other = (await store.teams.create({ name: 'Other', plan: 'pro' })).id;
    expect(await store.counters.reserve(acme, parcel, 500)).toEqual({
      first: { parcel: 1000 },
      next: { parcel: 1500 },
    });
    expect(
      await store.counters.reserve(acme, { parcel: { start: 1000, step: 1 }, box: { start: 1, step: 10 } }, 3),
    ).toEqual({
      first: { parcel: 1500, box: 1 },
      next: { parcel: 1503, box: 31 },
    });
    // Another team's counter of the same name is its own.
    expect((await store.counters.reserve(other, parcel, 1)).first).toEqual({ parcel: 1000 });
    await store.close();

    const reopened = await openTestStore(dir);
    expect(
      await reopened.counters.peek(acme, { ...parcel, box: { start: 1, step: 10 }, fresh: { start: 7, step: 1 } }),
    ).toEqual({ parcel: 1503, box: 31, fresh: 7 });
    expect((await reopened.counters.reserve(acme, parcel, 2)).first).toEqual({ parcel: 1503 });
    const rows = await reopened.db
      .selectFrom('counters')
      .select(['team_id', 'name', 'next_value'])
      .orderBy(sql`team_id = ${other}`)
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { team_id: acme, name: 'box', next_value: 31 },
      { team_id: acme, name: 'parcel', next_value: 1505 },
      { team_id: other, name: 'parcel', next_value: 1001 },
    ]);
  });

  it('peeks without taking: the next reservation gets the values a peek showed', async () => {
    const store = await openTestStore();
    const team = (await store.teams.create({ name: 'Acme', plan: 'pro' })).id;
    expect(await store.counters.peek(team, parcel)).toEqual({ parcel: 1000 });
    expect(await store.counters.peek(team, parcel)).toEqual({ parcel: 1000 });
    expect((await store.counters.reserve(team, parcel, 10)).first).toEqual({ parcel: 1000 });
    expect(await store.counters.peek(team, parcel)).toEqual({ parcel: 1010 });
  });

  it('moves on to a higher start, and never back to a lower one', async () => {
    const store = await openTestStore();
    const team = (await store.teams.create({ name: 'Acme', plan: 'pro' })).id;
    await store.counters.reserve(team, parcel, 5);
    expect((await store.counters.reserve(team, { parcel: { start: 1, step: 1 } }, 1)).first).toEqual({ parcel: 1005 });
    expect((await store.counters.reserve(team, { parcel: { start: 9000, step: 1 } }, 1)).first).toEqual({
      parcel: 9000,
    });
    expect(await store.counters.peek(team, { parcel: { start: 1, step: 1 } })).toEqual({ parcel: 9001 });
  });

  it('takes a block back only while no later block was handed out', async () => {
    const store = await openTestStore();
    const team = (await store.teams.create({ name: 'Acme', plan: 'pro' })).id;
    const failed = await store.counters.reserve(team, parcel, 100);
    await store.counters.release(team, failed);
    expect((await store.counters.reserve(team, parcel, 1)).first).toEqual({ parcel: 1000 });
    const early = await store.counters.reserve(team, parcel, 10);
    const later = await store.counters.reserve(team, parcel, 10);
    await store.counters.release(team, early);
    expect(await store.counters.peek(team, parcel)).toEqual({ parcel: later.next.parcel });
  });

  it('never gives a value twice to stores interleaving on the same database file', async () => {
    const dir = tempDataDir();
    const [one, two] = [await openTestStore(dir), await openTestStore(dir)];
    const team = (await one.teams.create({ name: 'Acme', plan: 'pro' })).id;
    const values: number[] = [];
    for (let round = 0; round < 50; round++) {
      for (const store of [one, two]) {
        const { first } = await store.counters.reserve(team, parcel, 7);
        for (let label = 0; label < 7; label++) values.push((first.parcel ?? NaN) + label);
      }
    }
    expect(values).toEqual(Array.from({ length: 700 }, (_, index) => 1000 + index));
  });

  it('refuses a block that would pass the largest exact integer, taking nothing', async () => {
    const store = await openTestStore();
    const team = (await store.teams.create({ name: 'Acme', plan: 'pro' })).id;
    const near = { big: { start: Number.MAX_SAFE_INTEGER - 5, step: 1 } };
    await expect(store.counters.reserve(team, { ...parcel, ...near }, 10)).rejects.toThrow(
      /counter "big" has no more values: it would pass 9007199254740991/,
    );
    expect(await store.counters.peek(team, parcel)).toEqual({ parcel: 1000 });
    expect((await store.counters.reserve(team, near, 5)).first).toEqual({ big: Number.MAX_SAFE_INTEGER - 5 });
  });
});
