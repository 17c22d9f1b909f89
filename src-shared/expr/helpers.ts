// The table of helper functions expressions may call: the allow-list the syntax check and the evaluator both use.
import { DATE_HELPERS } from './dateHelpers';
import type { HelperSpec } from './helperSpec';
import { NUMBER_HELPERS } from './numberHelpers';
import { TEXT_HELPERS } from './textHelpers';

/** Adding a helper (say a counter with per-render state in the env) is one entry in one of these tables. */
export const HELPERS: Readonly<Record<string, HelperSpec>> = Object.freeze({ ...TEXT_HELPERS, ...NUMBER_HELPERS, ...DATE_HELPERS });
