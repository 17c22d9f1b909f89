// Monthly quota admission for hard-capped plans: reservations in the store, so concurrent requests on any number of servers cannot over-admit.
import { QuotaExceededError } from '@shared/api/apiErrors';
import { periodOf } from '@shared/api/plans';
import type { StoreScope } from '../../store/openStore';
import type { ReservedQuota } from '../../store/recordRender';

export interface QuotaReservation {
  /** The reservation's row, for recordRender to free in the transaction that counts its renders; undefined: none was needed. */
  readonly reserved: ReservedQuota | undefined;
  /** Frees the reservation unless recordRender did: call it once the renders are recorded as usage (or failed). Never rejects. */
  release(): Promise<void>;
}

const NOTHING_RESERVED: QuotaReservation = { reserved: undefined, release: () => Promise.resolve() };

/**
 * A reservation lasts this long unless its holder renews it: the longest a dead server's renders keep a team's quota
 * taken. Renewed every third of it while held, so a live render (a large batch may run for minutes) keeps its own.
 */
const QUOTA_RESERVATION_TTL_MS = 60_000;

export interface QuotaGateOptions {
  ttlMs?: number;
  /** Where a failed renewal or release is reported (the database was lost for a while); default: nowhere. */
  onStoreError?: (error: unknown) => void;
}

export class QuotaGate {
  private readonly held = new Set<string>();
  private renewTimer: NodeJS.Timeout | undefined;
  private readonly ttlMs: number;

  constructor(
    private readonly store: Pick<StoreScope, 'quotaReservations' | 'now' | 'transientTransaction'>,
    private readonly options: QuotaGateOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? QUOTA_RESERVATION_TTL_MS;
  }

  /**
   * Admits `count` live renders (a batch's labels) of a team with a monthly `limit` (-1: unlimited), all or none: a
   * batch that does not fit is refused whole (QUOTA_EXCEEDED). Renders admitted and not yet released count as used,
   * on every server sharing the database: with one render left, exactly one of many concurrent requests passes.
   * Reservations are transient rows (see transientTransaction): on SQLite they cost no sync of their own.
   */
  async admit(teamId: string, limit: number, hardCap: boolean, count = 1): Promise<QuotaReservation> {
    if (!hardCap || limit < 0) return NOTHING_RESERVED;
    const { period } = periodOf(this.store.now());
    const admission = { teamId, period, renders: count, limit, ttlMs: this.ttlMs };
    const id = await this.store.transientTransaction((trx) => trx.quotaReservations.admit(admission));
    if (id === undefined) throw new QuotaExceededError();
    this.hold(id);
    let freedByRecord = false;
    let released: Promise<void> | undefined;
    const stopHolding = () => {
      this.held.delete(id);
      if (this.held.size === 0) this.stopRenewing();
    };
    return {
      reserved: {
        id,
        freed: () => {
          freedByRecord = true;
          stopHolding();
        },
      },
      release: () =>
        (released ??= (async () => {
          stopHolding();
          if (freedByRecord) return;
          // Not released now (the database is lost): the reservation expires by itself, as a dead server's would.
          await this.store
            .transientTransaction((trx) => trx.quotaReservations.release(id))
            .catch((error: unknown) => this.options.onStoreError?.(error));
        })()),
    };
  }

  private hold(id: string): void {
    this.held.add(id);
    if (this.renewTimer !== undefined) return;
    this.renewTimer = setInterval(() => {
      this.store
        .transientTransaction((trx) => trx.quotaReservations.renew([...this.held], this.ttlMs))
        .catch((error: unknown) => this.options.onStoreError?.(error));
    }, this.ttlMs / 3);
    // Never what keeps a process alive: the renders holding the reservations do that.
    this.renewTimer.unref();
  }

  private stopRenewing(): void {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }
}
