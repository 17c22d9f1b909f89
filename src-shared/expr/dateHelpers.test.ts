import { describe, expect, it } from 'vitest';
import { FIXED_ENV, FIXED_NOW, evaluate } from '../../test/support/engine/exprTestSupport';

const berlin = { ...FIXED_ENV, timeZone: 'Europe/Berlin' };
const newYork = { ...FIXED_ENV, timeZone: 'America/New_York' };

describe('now', () => {
  it("returns the env's clock", () => {
    expect(evaluate('now()')).toBe(FIXED_NOW);
  });

  it('counts as epoch milliseconds in arithmetic and comparisons', () => {
    expect(evaluate('now() - 1000')).toBe(FIXED_NOW.getTime() - 1000);
    expect(evaluate('now() > since', { since: Date.UTC(2020, 0, 1) })).toBe(true);
    expect(evaluate('now() > 0')).toBe(true);
  });
});

describe('formatDate', () => {
  it('formats every token', () => {
    const value = '2024-03-05T09:07:03Z';
    expect(evaluate('formatDate(d, "YYYY YY MMMM MMM MM M DD D dddd ddd HH H hh h mm ss A")', { d: value })).toBe(
      '2024 24 March Mar 03 3 05 5 Tuesday Tue 09 9 09 9 07 03 AM',
    );
    expect(evaluate('formatDate(d, "h A hh")', { d: '2024-03-05T00:30:00Z' })).toBe('12 AM 12');
    expect(evaluate('formatDate(d, "h A H")', { d: '2024-03-05T13:30:00Z' })).toBe('1 PM 13');
  });

  it('defaults to YYYY-MM-DD and keeps [bracketed] text as written', () => {
    expect(evaluate('formatDate("2024-12-31T23:59:59Z")')).toBe('2024-12-31');
    expect(evaluate('formatDate(d, "[Date:] DD.MM.YYYY [at] HH:mm")', { d: '2024-03-05T14:30:00Z' })).toBe(
      'Date: 05.03.2024 at 14:30',
    );
  });

  it("shows instants in the env's time zone, UTC by default", () => {
    const d = { d: '2024-03-05T23:30:00Z' };
    expect(evaluate('formatDate(d, "YYYY-MM-DD HH:mm")', d)).toBe('2024-03-05 23:30');
    expect(evaluate('formatDate(d, "YYYY-MM-DD HH:mm")', d, berlin)).toBe('2024-03-06 00:30');
    expect(evaluate('formatDate(d, "YYYY-MM-DD HH:mm")', d, newYork)).toBe('2024-03-05 18:30');
    expect(evaluate('formatDate("2024-07-01T12:00:00+02:00", "HH:mm")', {}, newYork)).toBe('06:00');
    expect(evaluate('formatDate(now(), "DD.MM.YYYY HH:mm:ss")', {}, berlin)).toBe('05.03.2024 11:15:30');
  });

  it('accepts epoch milliseconds and Dates', () => {
    expect(evaluate('formatDate(0, "YYYY-MM-DD HH:mm")')).toBe('1970-01-01 00:00');
    expect(evaluate('formatDate(ms, "DD.MM.YYYY")', { ms: Date.UTC(2024, 1, 29) })).toBe('29.02.2024');
    expect(evaluate('formatDate(now() + 86400000, "DD.MM.YYYY")')).toBe('06.03.2024');
  });

  it('shows a date or time without a zone as written, in every time zone', () => {
    expect(evaluate('formatDate("2024-03-05", "DD.MM.YYYY")', {}, newYork)).toBe('05.03.2024');
    expect(evaluate('formatDate("2024-03-05T14:30", "DD.MM.YYYY HH:mm")', {}, berlin)).toBe('05.03.2024 14:30');
    expect(evaluate('formatDate("2024-03-05 14:30:15.250", "HH:mm:ss")', {}, newYork)).toBe('14:30:15');
  });

  it('gives empty text for a missing date', () => {
    expect(evaluate('formatDate(missing, "DD.MM.YYYY")')).toBe('');
    expect(evaluate('formatDate(null)')).toBe('');
  });

  it('refuses text that is no ISO date, dates that do not exist, and unknown time zones', () => {
    expect(() => evaluate('formatDate("March 5, 2024")')).toThrow(
      /formatDate: "March 5, 2024" is not a date; use ISO 8601/,
    );
    expect(() => evaluate('formatDate("05.03.2024")')).toThrow(/is not a date/);
    expect(() => evaluate('formatDate("2024-02-30")')).toThrow(/formatDate: "2024-02-30" is not a valid date/);
    expect(() => evaluate('formatDate("2024-03-05T25:00")')).toThrow(/not a valid date/);
    expect(() => evaluate('formatDate(true)')).toThrow(/formatDate: true is not a date/);
    expect(() => evaluate('formatDate(list)', { list: [] })).toThrow(/formatDate: a list is not a date/);
    expect(() => evaluate('formatDate(1e20)')).toThrow(/date is invalid or outside the years 1 to 9999/);
    expect(() => evaluate('formatDate(now())', {}, { ...FIXED_ENV, timeZone: 'Mars/Olympus' })).toThrow(
      /unknown time zone "Mars\/Olympus"/,
    );
  });
});

describe('addDays', () => {
  it('adds calendar days and returns zone-less ISO text that formatDate reads back', () => {
    expect(evaluate('addDays("2024-02-28", 2)')).toBe('2024-03-01');
    expect(evaluate('addDays("2024-03-05T14:30", -5)')).toBe('2024-02-29T14:30:00');
    expect(evaluate('formatDate(addDays(now(), 30), "DD.MM.YYYY")')).toBe('04.04.2024');
    expect(evaluate('addDays("2024-12-31", "1")')).toBe('2025-01-01');
  });

  it("keeps the wall-clock time across a daylight-saving change in the env's zone", () => {
    // 2024-03-30 23:30 in Berlin is 22:30Z; Berlin moves to summer time on March 31st.
    expect(evaluate('addDays(d, 1)', { d: '2024-03-30T22:30:00Z' }, berlin)).toBe('2024-03-31T23:30:00');
    expect(evaluate('formatDate(addDays(d, 1), "DD.MM. HH:mm")', { d: '2024-03-30T22:30:00Z' }, berlin)).toBe(
      '31.03. 23:30',
    );
  });

  it('gives empty text for a missing date and refuses bad day counts', () => {
    expect(evaluate('addDays(missing, 3)')).toBe('');
    expect(() => evaluate('addDays("2024-01-01", 1.5)')).toThrow(/addDays: days must be a whole number/);
    expect(() => evaluate('addDays("2024-01-01", missing)')).toThrow(/addDays: days must be a number/);
    expect(() => evaluate('addDays("9999-12-31", 1)')).toThrow(/outside the years/);
  });
});
