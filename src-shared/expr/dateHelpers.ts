// Helpers on dates: the injected clock, formatting in the env's time zone, and adding calendar days.
import type { ExpressionEnv } from './env';
import { formatWallTime } from './formatWallTime';
import { integerArgument, type HelperSpec } from './helperSpec';
import { MISSING, isMissing, toDisplayString } from './values';
import { addDaysToWallTime, toWallTime, wallTimeToIsoText } from './wallTime';

const DEFAULT_TIME_ZONE = 'UTC';
const DEFAULT_DATE_PATTERN = 'YYYY-MM-DD';
/** About 10,000 years either way: any further leaves the supported years anyway. */
const MAX_DAYS = 3_660_000;

const timeZoneOf = (env: ExpressionEnv): string => env.timeZone ?? DEFAULT_TIME_ZONE;

export const DATE_HELPERS: Readonly<Record<string, HelperSpec>> = {
  /** The env's clock as a Date; show it with formatDate(now(), pattern). */
  now: { minArgs: 0, maxArgs: 0, run: (env) => env.now() },
  /** formatDate(date, pattern = 'YYYY-MM-DD') in the env's time zone; a missing date gives ''. */
  formatDate: {
    minArgs: 1,
    maxArgs: 2,
    run: (env, value, pattern = DEFAULT_DATE_PATTERN) =>
      isMissing(value)
        ? MISSING
        : formatWallTime(toWallTime('formatDate', value, timeZoneOf(env)), toDisplayString(pattern)),
  },
  /** addDays(date, days): the calendar date that many days on, as zone-less ISO text for formatDate; missing gives ''. */
  addDays: {
    minArgs: 2,
    maxArgs: 2,
    run: (env, value, days) => {
      if (isMissing(value)) return MISSING;
      const wall = toWallTime('addDays', value, timeZoneOf(env));
      return wallTimeToIsoText(addDaysToWallTime(wall, integerArgument('addDays', 'days', days, -MAX_DAYS, MAX_DAYS)));
    },
  },
};
