-- 0018: hot folders kept as settings: the server (`labelsmith serve`, the desktop app) watches each enabled one, as
-- `labelsmith watch` does in the foreground. hot_folder_files rows are purged once their file has left the folder
-- (moved_at) for long enough: the index serves that sweep.

CREATE TABLE hot_folders (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  -- The folder's real path: claims of its files are recorded under it. One configuration a folder.
  folder TEXT NOT NULL UNIQUE,
  -- The team's printer its files print on; no reference, so removing the printer is not refused: the folder then
  -- stops with an error saying so.
  printer_id TEXT NOT NULL,
  -- The template data files print with, unless a "template" column or key names one; NULL: none.
  template_slug TEXT,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;

-- @postgres: insertion order for ties in created_at, as SQLite's rowid.
ALTER TABLE hot_folders ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY;
-- @end

CREATE INDEX hot_folder_files_moved ON hot_folder_files (moved_at) WHERE moved_at IS NOT NULL;
