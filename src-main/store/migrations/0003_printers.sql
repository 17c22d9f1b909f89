-- 0003: the printers a team prints to. The kind's own fields (host and port, queue, device path) are JSON in
-- `connection`, checked by the schema of the kind in queries/printers.ts; the common settings are columns.

CREATE TABLE printers (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('raw', 'system', 'device')),
  connection TEXT NOT NULL,
  dpi INTEGER NOT NULL CHECK (dpi IN (203, 300, 600)),
  -- The default media size as lengths with a unit ("4in", "152.4mm"): both or neither.
  media_width TEXT,
  media_height TEXT CHECK ((media_width IS NULL) = (media_height IS NULL)),
  -- ZPL darkness (~SD, 0..30) and print speed (^PR, inches per second); NULL leaves the printer's own setting.
  darkness INTEGER CHECK (darkness IS NULL OR darkness BETWEEN 0 AND 30),
  speed INTEGER CHECK (speed IS NULL OR speed BETWEEN 2 AND 14),
  created_at INTEGER NOT NULL,
  UNIQUE (team_id, name)
) STRICT;

-- @postgres: insertion order for ties in created_at, as SQLite's rowid.
ALTER TABLE printers ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY;
-- @end
