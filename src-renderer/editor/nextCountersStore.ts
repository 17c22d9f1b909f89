// The values the workspace's next live render or print would give the open template's counters: the canvas numbers its labels from them, as the preview and the printer do.
import { createStore } from 'zustand/vanilla';
import { templateCounters } from '@shared/model/templateCounters';
import { client } from '../api/appClient';

export interface NextCountersState {
  /** Counter name → the next value; empty while unknown (the canvas then counts from each counter's start). */
  values: Readonly<Record<string, number>>;
  /** The counters (names and options) the values were read for, as JSON. */
  readFor: string;
}

export const nextCountersStore = createStore<NextCountersState>(() => ({ values: {}, readFor: '' }));

/** The template's counters as JSON: the values are read again only when these change, or after a print. */
export function countersKey(template: unknown): string {
  const { counters, errors } = templateCounters(template);
  return errors.length > 0 ? '' : JSON.stringify(counters);
}

/** Reads the next values for `template` (unless `force` is false and they were read for the same counters). */
export async function refreshNextCounters(template: unknown, force = false): Promise<void> {
  const key = countersKey(template);
  if (key === '' || key === '{}') return nextCountersStore.setState({ values: {}, readFor: key });
  if (!force && nextCountersStore.getState().readFor === key) return;
  try {
    const values = await client.nextCounters(template);
    // A slower answer for counters the template no longer has is not kept.
    if (countersKey(template) === key) nextCountersStore.setState({ values, readFor: key });
  } catch {
    // Without the server the canvas counts from each start, as it always could; the preview says what prints.
  }
}
