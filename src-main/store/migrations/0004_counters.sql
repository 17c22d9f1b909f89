-- 0004: named counters per team (counter("parcel", {start, step, pad}) in expressions), and a printer's time zone.
-- `next_value` is the value the next label gets: a reservation of n labels hands out next_value, next_value + step,
-- ... and stores the one after, in the same transaction, so no value is ever handed out twice.

CREATE TABLE counters (
  team_id TEXT NOT NULL REFERENCES teams (id),
  name TEXT NOT NULL,
  next_value INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (team_id, name)
) STRICT, WITHOUT ROWID;

-- The IANA time zone now() and formatDate use for labels printed on this printer; NULL: UTC.
ALTER TABLE printers ADD COLUMN time_zone TEXT;
