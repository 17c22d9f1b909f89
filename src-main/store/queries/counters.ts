// Prepared statements of the counters table: reserve a block of values per named counter, read the next ones, give back an unused block.
import type Database from 'better-sqlite3';
import { ConflictError } from '../../../src-shared/api/apiErrors';
import type { CounterOptions } from '../../../src-shared/expr/counterCall';

/** A counter's options as far as the store is concerned: where it starts and how far each label moves it. */
export type CounterUse = Pick<CounterOptions, 'start' | 'step'>;

/** Values by counter name. */
export type CounterValues = Record<string, number>;

export interface CounterReservation {
  /** The first value of each counter for the render's first label. */
  first: CounterValues;
  /** What each counter's next value became: the one after the block. */
  next: CounterValues;
}

export function counterQueries(db: Database.Database, now: () => number) {
  const selectNext = db.prepare<[string, string], number>('SELECT next_value FROM counters WHERE team_id = ? AND name = ?').pluck();
  const store = db.prepare<[{ team_id: string; name: string; next_value: number; at: number }]>(
    `INSERT INTO counters (team_id, name, next_value, updated_at) VALUES (@team_id, @name, @next_value, @at)
     ON CONFLICT (team_id, name) DO UPDATE SET next_value = excluded.next_value, updated_at = excluded.updated_at`,
  );
  const giveBack = db.prepare<[{ team_id: string; name: string; first: number; next: number; at: number }]>(
    'UPDATE counters SET next_value = @first, updated_at = @at WHERE team_id = @team_id AND name = @name AND next_value = @next',
  );

  /**
   * The value the next label gets: the stored one, or the start for a counter never used. A start above the stored
   * value moves the counter on to it (a template can skip ahead); a lower start never takes it back.
   */
  const nextValue = (teamId: string, name: string, use: CounterUse): number => Math.max(selectNext.get(teamId, name) ?? use.start, use.start);

  const reserveAll = db.transaction((teamId: string, counters: Record<string, CounterUse>, labels: number): CounterReservation => {
    const reservation: CounterReservation = { first: {}, next: {} };
    for (const [name, use] of Object.entries(counters)) {
      const first = nextValue(teamId, name, use);
      const next = first + labels * use.step;
      if (!Number.isSafeInteger(next)) throw new ConflictError(`counter "${name}" has no more values: it would pass ${Number.MAX_SAFE_INTEGER}`);
      store.run({ team_id: teamId, name, next_value: next, at: now() });
      reservation.first[name] = first;
      reservation.next[name] = next;
    }
    return reservation;
  });

  const releaseAll = db.transaction((teamId: string, reservation: CounterReservation): number => {
    let returned = 0;
    for (const [name, first] of Object.entries(reservation.first)) {
      const next = reservation.next[name];
      if (next !== undefined) returned += giveBack.run({ team_id: teamId, name, first, next, at: now() }).changes;
    }
    return returned;
  });

  return {
    /**
     * Hands out `labels` values of each counter to one render: label i gets first + i × step. One IMMEDIATE transaction
     * reads and moves every counter, so concurrent renders (threads, or the CLI and the server sharing the file) get
     * blocks that never overlap, and a block is only handed out once it is stored.
     */
    reserve(teamId: string, counters: Record<string, CounterUse>, labels: number): CounterReservation {
      return reserveAll.immediate(teamId, counters, labels);
    },

    /** The values the next render would get, without taking them (test keys, previews). */
    peek(teamId: string, counters: Record<string, CounterUse>): CounterValues {
      return Object.fromEntries(Object.entries(counters).map(([name, use]) => [name, nextValue(teamId, name, use)]));
    },

    /**
     * Gives back the block of a render that produced nothing, for each counter nobody reserved from since (its next
     * value is still the block's end); otherwise the block stays used, since values after it are already out.
     * Returns how many counters took their block back.
     */
    release(teamId: string, reservation: CounterReservation): number {
      return releaseAll.immediate(teamId, reservation);
    },
  };
}

export type CounterQueries = ReturnType<typeof counterQueries>;
