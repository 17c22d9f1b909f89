// formatDate patterns: YYYY YY MMMM MMM MM M DD D dddd ddd HH H hh h mm ss A, with [text] kept as written.
import type { WallTime } from './wallTime';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Longer tokens first: alternation takes the first that matches, so MMMM must be tried before MM. */
const TOKENS = /\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|ss|A/g;

/** Letters outside the tokens are kept; put words containing token letters in brackets: "[Date:] DD.MM.YYYY". */
export function formatWallTime(wall: WallTime, pattern: string): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const monthName = MONTH_NAMES[wall.month - 1] ?? '';
  const weekdayName = WEEKDAY_NAMES[wall.weekday] ?? '';
  const values: Readonly<Record<string, string>> = {
    YYYY: String(wall.year).padStart(4, '0'),
    YY: two(wall.year % 100),
    MMMM: monthName,
    MMM: monthName.slice(0, 3),
    MM: two(wall.month),
    M: String(wall.month),
    DD: two(wall.day),
    D: String(wall.day),
    dddd: weekdayName,
    ddd: weekdayName.slice(0, 3),
    HH: two(wall.hour),
    H: String(wall.hour),
    hh: two(hour12),
    h: String(hour12),
    mm: two(wall.minute),
    ss: two(wall.second),
    A: wall.hour < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(TOKENS, (token: string, literal: string | undefined) => literal ?? values[token] ?? token);
}
