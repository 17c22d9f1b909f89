import { describe, expect, it } from 'vitest';
import { openTestStore, tempDataDir } from '../storeTestSupport';

const parcel = { parcel: { start: 1000, step: 1 } };

describe('counters', () => {
  it('hands out consecutive blocks per team and counter, and keeps the next value across a reopen', () => {
    const dir = tempDataDir();
    const store = openTestStore(dir);
    const acme = store.teams.create({ name: 'Acme', plan: 'pro' }).id;
    const other = store.teams.create({ name: 'Other', plan: 'pro' }).id;
    expect(store.counters.reserve(acme, parcel, 500)).toEqual({ first: { parcel: 1000 }, next: { parcel: 1500 } });
    expect(store.counters.reserve(acme, { parcel: { start: 1000, step: 1 }, box: { start: 1, step: 10 } }, 3)).toEqual({
      first: { parcel: 1500, box: 1 },
      next: { parcel: 1503, box: 31 },
    });
    // Another team's counter of the same name is its own.
    expect(store.counters.reserve(other, parcel, 1).first).toEqual({ parcel: 1000 });
    store.close();

    const reopened = openTestStore(dir);
    expect(reopened.counters.peek(acme, { ...parcel, box: { start: 1, step: 10 }, fresh: { start: 7, step: 1 } })).toEqual({ parcel: 1503, box: 31, fresh: 7 });
    expect(reopened.counters.reserve(acme, parcel, 2).first).toEqual({ parcel: 1503 });
    expect(reopened.db.prepare('SELECT team_id, name, next_value FROM counters ORDER BY team_id = ?, name').all(other)).toEqual([
      { team_id: acme, name: 'box', next_value: 31 },
      { team_id: acme, name: 'parcel', next_value: 1505 },
      { team_id: other, name: 'parcel', next_value: 1001 },
    ]);
  });

  it('peeks without taking: the next reservation gets the values a peek showed', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'pro' }).id;
    expect(store.counters.peek(team, parcel)).toEqual({ parcel: 1000 });
    expect(store.counters.peek(team, parcel)).toEqual({ parcel: 1000 });
    expect(store.counters.reserve(team, parcel, 10).first).toEqual({ parcel: 1000 });
    expect(store.counters.peek(team, parcel)).toEqual({ parcel: 1010 });
  });

  it('moves on to a higher start, and never back to a lower one', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'pro' }).id;
    store.counters.reserve(team, parcel, 5);
    expect(store.counters.reserve(team, { parcel: { start: 1, step: 1 } }, 1).first).toEqual({ parcel: 1005 });
    expect(store.counters.reserve(team, { parcel: { start: 9000, step: 1 } }, 1).first).toEqual({ parcel: 9000 });
    expect(store.counters.peek(team, { parcel: { start: 1, step: 1 } })).toEqual({ parcel: 9001 });
  });

  it('takes a block back only while no later block was handed out', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'pro' }).id;
    const failed = store.counters.reserve(team, parcel, 100);
    store.counters.release(team, failed);
    expect(store.counters.reserve(team, parcel, 1).first).toEqual({ parcel: 1000 });
    const early = store.counters.reserve(team, parcel, 10);
    const later = store.counters.reserve(team, parcel, 10);
    store.counters.release(team, early);
    expect(store.counters.peek(team, parcel)).toEqual({ parcel: later.next.parcel });
  });

  it('never gives a value twice to stores interleaving on the same database file', () => {
    const dir = tempDataDir();
    const [one, two] = [openTestStore(dir), openTestStore(dir)];
    const team = one.teams.create({ name: 'Acme', plan: 'pro' }).id;
    const values: number[] = [];
    for (let round = 0; round < 50; round++) {
      for (const store of [one, two]) {
        const { first } = store.counters.reserve(team, parcel, 7);
        for (let label = 0; label < 7; label++) values.push((first.parcel ?? NaN) + label);
      }
    }
    expect(values).toEqual(Array.from({ length: 700 }, (_, index) => 1000 + index));
  });

  it('refuses a block that would pass the largest exact integer, taking nothing', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'pro' }).id;
    const near = { big: { start: Number.MAX_SAFE_INTEGER - 5, step: 1 } };
    expect(() => store.counters.reserve(team, { ...parcel, ...near }, 10)).toThrow(/counter "big" has no more values: it would pass 9007199254740991/);
    expect(store.counters.peek(team, parcel)).toEqual({ parcel: 1000 });
    expect(store.counters.reserve(team, near, 5).first).toEqual({ big: Number.MAX_SAFE_INTEGER - 5 });
  });
});
