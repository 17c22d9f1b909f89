// The table of helper functions expressions may call: the allow-list the syntax check and the evaluator both use.
import { COUNTER_HELPERS } from './counterHelpers';
import { DATE_HELPERS } from './dateHelpers';
import type { HelperSpec } from './helperSpec';
import { NUMBER_HELPERS } from './numberHelpers';
import { TEXT_HELPERS } from './textHelpers';

/** Adding a helper is one entry in one of these tables; per-render state (the clock, counters) comes in the env. */
export const HELPERS: Readonly<Record<string, HelperSpec>> = Object.freeze({
  ...TEXT_HELPERS,
  ...NUMBER_HELPERS,
  ...DATE_HELPERS,
  ...COUNTER_HELPERS,
});
