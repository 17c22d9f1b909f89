// Monthly quota admission for hard-capped plans: counts renders in flight so concurrent requests cannot over-admit.
import { QuotaExceededError } from '../../src-shared/api/apiErrors';

export interface QuotaReservation {
  release(): void;
}

const NOTHING_RESERVED: QuotaReservation = { release: () => undefined };

export class QuotaGate {
  private readonly inFlight = new Map<string, number>();

  /**
   * Admits `count` live renders (a batch's labels) of a team that has used `used` of `limit` this period (limit -1:
   * unlimited), all or none: a batch that does not fit is refused whole. Renders still running count as used until
   * released: with one slot left, exactly one of many concurrent requests passes.
   */
  admit(teamId: string, used: number, limit: number, hardCap: boolean, count = 1): QuotaReservation {
    if (!hardCap || limit < 0) return NOTHING_RESERVED;
    const running = this.inFlight.get(teamId) ?? 0;
    if (used + running + count > limit) throw new QuotaExceededError();
    this.inFlight.set(teamId, running + count);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(teamId) ?? count) - count;
        if (left <= 0) this.inFlight.delete(teamId);
        else this.inFlight.set(teamId, left);
      },
    };
  }
}
