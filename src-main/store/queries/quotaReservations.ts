// Queries of quota_reservations and usage_monthly.reserved: hard-capped quota admission that holds across every process sharing the database.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { atomically, type Executor } from '../schema';

export interface QuotaAdmission {
  teamId: string;
  /** The billing period ('YYYY-MM', see periodOf) whose used renders count. */
  period: string;
  renders: number;
  limit: number;
  /** How long the reservation holds unless renewed: a holder that dies frees it then. */
  ttlMs: number;
}

export function quotaReservationQueries(db: Executor, now: () => number) {
  /**
   * Takes expired reservations back from their periods' `reserved`. DELETE … RETURNING hands each row to one
   * transaction only (a concurrent one waits for the row lock, then finds it gone), so nothing is taken back twice.
   */
  const reclaimExpired = async (trx: Executor, teamId: string): Promise<void> => {
    const expired = await trx
      .deleteFrom('quota_reservations')
      .where('team_id', '=', teamId)
      .where('expires_at', '<=', now())
      .returning(['period', 'renders'])
      .execute();
    const byPeriod = new Map<string, number>();
    for (const { period, renders } of expired) byPeriod.set(period, (byPeriod.get(period) ?? 0) + renders);
    for (const [period, renders] of byPeriod) {
      await trx
        .updateTable('usage_monthly')
        .set({ reserved: sql<number>`reserved - ${renders}` })
        .where('team_id', '=', teamId)
        .where('period', '=', period)
        .execute();
    }
  };

  return {
    /**
     * Reserves `renders` of the period's quota if used + reserved + renders stays within the limit; returns the
     * reservation's id, or undefined when it does not fit (nothing is reserved then). The conditional UPDATE is the
     * admission: PostgreSQL's row lock makes concurrent ones wait and re-check the condition on the row as committed,
     * SQLite's write lock runs them one at a time.
     */
    admit({ teamId, period, renders, limit, ttlMs }: QuotaAdmission): Promise<string | undefined> {
      return atomically(db, async (trx) => {
        await reclaimExpired(trx, teamId);
        await trx
          .insertInto('usage_monthly')
          .values({ team_id: teamId, period })
          .onConflict((oc) => oc.columns(['team_id', 'period']).doNothing())
          .execute();
        const admitted = await trx
          .updateTable('usage_monthly')
          .set({ reserved: sql<number>`reserved + ${renders}` })
          .where('team_id', '=', teamId)
          .where('period', '=', period)
          .where(sql<boolean>`live + reserved + ${renders} <= ${limit}`)
          .returning('reserved')
          .executeTakeFirst();
        if (admitted === undefined) return undefined;
        const id = randomUUID();
        await trx
          .insertInto('quota_reservations')
          .values({ id, team_id: teamId, period, renders, expires_at: now() + ttlMs })
          .execute();
        return id;
      });
    },

    /** Moves the expiry of reservations still held to ttlMs from now; returns how many were still there (not yet released or reclaimed). */
    async renew(ids: readonly string[], ttlMs: number): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('quota_reservations')
        .set({ expires_at: now() + ttlMs })
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Frees a reservation (its renders were recorded as usage, or failed); a second release, or one after it was reclaimed, does nothing. */
    release(id: string): Promise<void> {
      return atomically(db, async (trx) => {
        const released = await trx
          .deleteFrom('quota_reservations')
          .where('id', '=', id)
          .returning(['team_id', 'period', 'renders'])
          .executeTakeFirst();
        if (released === undefined) return;
        await trx
          .updateTable('usage_monthly')
          .set({ reserved: sql<number>`reserved - ${released.renders}` })
          .where('team_id', '=', released.team_id)
          .where('period', '=', released.period)
          .execute();
      });
    },

    /** Renders the team holds reserved in a period now, expired reservations included until the next admission reclaims them. */
    async reserved(teamId: string, period: string): Promise<number> {
      return (
        (
          await db
            .selectFrom('usage_monthly')
            .select('reserved')
            .where('team_id', '=', teamId)
            .where('period', '=', period)
            .executeTakeFirst()
        )?.reserved ?? 0
      );
    },
  };
}

export type QuotaReservationQueries = ReturnType<typeof quotaReservationQueries>;
