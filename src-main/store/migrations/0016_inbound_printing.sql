-- 0016: printing for systems that cannot call the API. Virtual printers take ZPL on a TCP port as a Zebra printer does
-- and queue each label as a print job for the printers they route to; hot folders print the files dropped in them,
-- each file claimed in the same commit as its job, so a crash never prints it twice. A print job remembers where it
-- came from.

CREATE TABLE virtual_printers (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  name TEXT NOT NULL,
  -- The address and port it listens on; one virtual printer a port, whatever the address.
  listen_host TEXT NOT NULL,
  listen_port INTEGER NOT NULL UNIQUE CHECK (listen_port BETWEEN 1 AND 65535),
  -- JSON array of the team's printer ids its jobs go to, in order (the first one first for failover).
  routes TEXT NOT NULL,
  pool TEXT NOT NULL CHECK (pool IN ('failover', 'round-robin')),
  -- JSON array of the client addresses and CIDR ranges that may connect when it listens beyond loopback.
  allowed_clients TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (team_id, name)
) STRICT;

-- @postgres: insertion order for ties in created_at, as SQLite's rowid.
ALTER TABLE virtual_printers ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY;
-- @end

-- Where a job came from, JSON: {"kind": "virtual-printer", "virtualPrinterId", "name", "client"} or
-- {"kind": "hot-folder", "folder", "file"}; NULL for the API, the editor and the CLI.
ALTER TABLE print_jobs ADD COLUMN source TEXT;

CREATE TABLE hot_folder_files (
  -- The folder's absolute path, the file's name in it and its content's SHA-256 (hex).
  folder TEXT NOT NULL,
  name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams (id),
  -- The job it became, written in the same commit as the job: a claim is one job.
  job_id TEXT PRIMARY KEY,
  claimed_at INTEGER NOT NULL,
  -- When the file was moved to done/: until then a file of this name and content in the folder is this one.
  moved_at INTEGER
) STRICT;
CREATE UNIQUE INDEX hot_folder_files_open ON hot_folder_files (folder, name, sha256) WHERE moved_at IS NULL;
