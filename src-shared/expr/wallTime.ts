// Dates of expressions as wall-clock times in a time zone: reading ISO text, epoch milliseconds and Dates; adding days.
import { LRUCache } from 'lru-cache';
import { ExpressionError } from './expressionError';
import { describeValue } from './values';

/** Calendar fields as a clock on the wall shows them; weekday 0 is Sunday. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  /** Read from a date without a time ("2024-03-05"); addDays keeps it so. */
  dateOnly: boolean;
}

type CalendarFields = Omit<WallTime, 'weekday' | 'dateOnly'>;

const MIN_YEAR = 1;
const MAX_YEAR = 9999;

/**
 * A wall time without a zone ("2024-03-05", "2024-03-05T14:30", "2024-03-05 14:30:15.250") means the same calendar day
 * in every zone, so a best-before date printed in New York is not the day before.
 */
const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;
/** An instant: ISO 8601 with Z or an offset ("2024-03-05T14:30:00Z", "2024-03-05T14:30:00+01:00"), shown in the env's zone. */
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Normalises overflowing fields (day 32, hour 24) the way Date does, via a Date in UTC; also yields the weekday. */
function wallTimeFromFields(fields: CalendarFields, dateOnly: boolean): WallTime {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(fields.hour, fields.minute, fields.second, 0);
  const year = date.getUTCFullYear();
  if (!(year >= MIN_YEAR && year <= MAX_YEAR))
    throw new ExpressionError(`date is outside the years ${MIN_YEAR} to ${MAX_YEAR}`);
  return {
    year,
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    weekday: date.getUTCDay(),
    dateOnly,
  };
}

/** Time zones usually come from configuration, but may come from data: the cache is bounded. */
const zoneFormats = new LRUCache<string, Intl.DateTimeFormat>({ max: 32 });

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new ExpressionError(`unknown time zone ${describeValue(timeZone)}`);
    }
    zoneFormats.set(timeZone, format);
  }
  return format;
}

function instantInZone(helper: string, instant: Date, timeZone: string): WallTime {
  // Checked before Intl, which would show a year before 1 CE as a positive year of another era.
  const year = instant.getUTCFullYear();
  if (!(year >= MIN_YEAR && year <= MAX_YEAR))
    throw new ExpressionError(`${helper}: date is invalid or outside the years ${MIN_YEAR} to ${MAX_YEAR}`);
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormat(timeZone).formatToParts(instant)) fields[part.type] = Number(part.value);
  return wallTimeFromFields(
    {
      year: fields.year ?? NaN,
      month: fields.month ?? NaN,
      day: fields.day ?? NaN,
      hour: fields.hour ?? NaN,
      minute: fields.minute ?? NaN,
      second: fields.second ?? NaN,
    },
    false,
  );
}

function localWallTime(helper: string, text: string, match: RegExpExecArray): WallTime {
  const field = (index: number) => Number(match[index] ?? 0);
  const fields = { year: field(1), month: field(2), day: field(3), hour: field(4), minute: field(5), second: field(6) };
  const wall = wallTimeFromFields(fields, match[4] === undefined);
  // Date would roll 2024-02-30 over to March 1st; a date that does not exist is an error in the data.
  const keys = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
  if (keys.some((key) => wall[key] !== fields[key]))
    throw new ExpressionError(`${helper}: ${describeValue(text)} is not a valid date`);
  return wall;
}

/**
 * The wall time of a value in a time zone: a Date or epoch milliseconds is an instant; ISO text is an instant when it
 * has Z or an offset, else a wall time as written. Throws ExpressionError for anything else.
 */
export function toWallTime(helper: string, value: unknown, timeZone: string): WallTime {
  if (value instanceof Date) return instantInZone(helper, value, timeZone);
  if (typeof value === 'number') return instantInZone(helper, new Date(value), timeZone);
  if (typeof value === 'string') {
    const text = value.trim();
    const local = LOCAL_ISO.exec(text);
    if (local !== null) return localWallTime(helper, text, local);
    if (ZONED_ISO.test(text)) return instantInZone(helper, new Date(text), timeZone);
  }
  throw new ExpressionError(
    `${helper}: ${describeValue(value)} is not a date; use ISO 8601 such as 2024-03-05 or 2024-03-05T14:30:00Z, or epoch milliseconds`,
  );
}

/** Calendar days, not 24-hour periods, so the clock time stays put across a daylight-saving change. */
export function addDaysToWallTime(wall: WallTime, days: number): WallTime {
  return wallTimeFromFields({ ...wall, day: wall.day + days }, wall.dateOnly);
}

/** ISO 8601 without a zone ("2024-03-05" or "2024-03-05T14:30:00"), which toWallTime reads back as the same wall time. */
export function wallTimeToIsoText(wall: WallTime): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`;
  return wall.dateOnly ? date : `${date}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
}
