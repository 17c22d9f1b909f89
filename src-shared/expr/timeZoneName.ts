// IANA time zone names as configuration takes them (a printer's zone, a render request's): checked against the runtime's zone data.
import { z } from 'zod';

/** Zone names are letters, digits and _ + - / ("America/Argentina/Buenos_Aires", "Etc/GMT+1"); offsets such as +01:00 are not names. */
const ZONE_NAME = /^[A-Za-z][\w+/-]{0,63}$/;

export const TIME_ZONE_RULE = 'must be an IANA time zone name such as Europe/Berlin, America/New_York or UTC';

/** The zone's canonical name ("europe/berlin" is Europe/Berlin, "utc" is UTC), or undefined when it is no zone. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!ZONE_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A time zone field: its canonical name, or an issue saying what a zone looks like. */
export const timeZoneSchema = z.string().transform((name, ctx) => {
  const zone = canonicalTimeZone(name.trim());
  if (zone === undefined) ctx.addIssue({ code: 'custom', message: `${TIME_ZONE_RULE}, got ${JSON.stringify(name)}` });
  return zone ?? z.NEVER;
});
