// Queries of the counters table: reserve a block of values per named counter, read the next ones, give back an unused block.
import { sql } from 'kysely';
import { ConflictError } from '@shared/api/apiErrors';
import type { CounterOptions } from '@shared/expr/counterCall';
import { atomically, type Executor } from '../schema';

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

export function counterQueries(db: Executor, now: () => number) {
  const stored = async (teamId: string, name: string): Promise<number | undefined> =>
    (
      await db
        .selectFrom('counters')
        .select('next_value')
        .where('team_id', '=', teamId)
        .where('name', '=', name)
        .executeTakeFirst()
    )?.next_value;

  /**
   * Takes `count` values of one counter in one statement: the row's next value (or the start, whichever is higher; the
   * start for a counter never used) moves on by count × step, and the statement returns where it ended. The row is
   * locked from the read to the write (SQLite's write lock, PostgreSQL's row lock or the insert's conflict), so
   * concurrent reservations from any number of processes get blocks that never overlap.
   */
  const take = async (trx: Executor, teamId: string, name: string, use: CounterUse, count: number): Promise<number> => {
    const moveBy = count * use.step;
    const row = await trx
      .insertInto('counters')
      .values({ team_id: teamId, name, next_value: use.start + moveBy, updated_at: now() })
      .onConflict((oc) =>
        oc.columns(['team_id', 'name']).doUpdateSet({
          next_value: sql<number>`CASE WHEN counters.next_value > ${use.start} THEN counters.next_value ELSE ${use.start} END + ${moveBy}`,
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        }),
      )
      .returning('next_value')
      .executeTakeFirstOrThrow();
    return row.next_value;
  };

  return {
    /**
     * Hands out `labels` values of each counter to one render: label i gets first + i × step. One transaction moves
     * every counter, so concurrent renders (threads, processes, servers sharing the database) get blocks that never
     * overlap, and a block is only handed out once it is stored.
     */
    reserve(teamId: string, counters: Record<string, CounterUse>, labels: number): Promise<CounterReservation> {
      return atomically(db, async (trx) => {
        const reservation: CounterReservation = { first: {}, next: {} };
        for (const [name, use] of Object.entries(counters)) {
          const next = await take(trx, teamId, name, use, labels);
          // The whole transaction rolls back: no counter moves.
          if (!Number.isSafeInteger(next))
            throw new ConflictError(`counter "${name}" has no more values: it would pass ${Number.MAX_SAFE_INTEGER}`);
          reservation.first[name] = next - labels * use.step;
          reservation.next[name] = next;
        }
        return reservation;
      });
    },

    /**
     * The values the next render would get, without taking them (test keys, previews). A start above the stored value
     * moves the counter on to it (a template can skip ahead); a lower start never takes it back.
     */
    async peek(teamId: string, counters: Record<string, CounterUse>): Promise<CounterValues> {
      const values: CounterValues = {};
      for (const [name, use] of Object.entries(counters))
        values[name] = Math.max((await stored(teamId, name)) ?? use.start, use.start);
      return values;
    },

    /**
     * Gives back the block of a render that produced nothing, for each counter nobody reserved from since (its next
     * value is still the block's end); otherwise the block stays used, since values after it are already out.
     * Returns how many counters took their block back.
     */
    release(teamId: string, reservation: CounterReservation): Promise<number> {
      return atomically(db, async (trx) => {
        let returned = 0;
        for (const [name, first] of Object.entries(reservation.first)) {
          const next = reservation.next[name];
          if (next === undefined) continue;
          const result = await trx
            .updateTable('counters')
            .set({ next_value: first, updated_at: now() })
            .where('team_id', '=', teamId)
            .where('name', '=', name)
            .where('next_value', '=', next)
            .executeTakeFirst();
          returned += Number(result.numUpdatedRows);
        }
        return returned;
      });
    },
  };
}

export type CounterQueries = ReturnType<typeof counterQueries>;
