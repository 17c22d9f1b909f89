// The counter values of one render: taken from the store for renders that advance counters, read without taking for the others.
import { templateCounters } from '@shared/model/templateCounters';
import type { StoreScope } from './openStore';
import type { CounterReservation } from './queries/counters';

export interface RenderCounters {
  /** RenderJob.counters: the first value of each counter the template uses; undefined when it uses none. */
  values?: Record<string, number>;
  /** The block taken (advancing renders only): a print job keeps it, to give it back if it ends having printed nothing. */
  reservation?: CounterReservation;
  /**
   * For a render that produced nothing (it failed, or its output was never delivered): gives its block back if no
   * other render took values since. Never call it once any label of the render may have been printed or delivered.
   */
  release(): Promise<void>;
}

const NOTHING_TO_RELEASE = async (): Promise<void> => undefined;

/**
 * Counter values for a render of `labels` labels (after quantity) of `template` (validated or not) for a team.
 * `advance`: live /v1/render renders and print jobs take their values, so no other render gets them again; test-key
 * renders and previews pass false and see the values the next advancing render would get. A template whose counters
 * conflict gets none: the render thread's validation refuses it with INVALID_TEMPLATE.
 */
export async function renderCounters(
  store: StoreScope,
  teamId: string,
  template: unknown,
  labels: number,
  advance: boolean,
): Promise<RenderCounters> {
  const { counters, errors } = templateCounters(template);
  if (errors.length > 0 || Object.keys(counters).length === 0) return { release: NOTHING_TO_RELEASE };
  if (!advance) return { values: await store.counters.peek(teamId, counters), release: NOTHING_TO_RELEASE };
  const reservation: CounterReservation = await store.counters.reserve(teamId, counters, labels);
  let released = false;
  return {
    values: reservation.first,
    reservation,
    release: async () => {
      if (released) return;
      released = true;
      await store.counters.release(teamId, reservation);
    },
  };
}
