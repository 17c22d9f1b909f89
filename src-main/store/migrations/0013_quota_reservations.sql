-- 0013: quota admission shared by every process on the database. A hard-capped team's renders in flight hold a
-- reservation: `usage_monthly.reserved` is the sum of the period's live reservations, raised by one conditional
-- UPDATE (used + reserved + n <= limit), so concurrent admissions on any number of servers never pass the limit.
-- Each reservation is also a row with an expiry that its holder keeps moving on: the reservations of a process that
-- died are reclaimed once they expire.

ALTER TABLE usage_monthly ADD COLUMN reserved INTEGER NOT NULL DEFAULT 0 CHECK (reserved >= 0);

CREATE TABLE quota_reservations (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  period TEXT NOT NULL,
  renders INTEGER NOT NULL CHECK (renders > 0),
  expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX quota_reservations_expiry ON quota_reservations (team_id, expires_at);
