-- 0005: print jobs: a document rendered for one printer, waiting for or on its way to it, and how far it got.
-- The document itself is the file print-jobs/<id>.<format> while the job is pending. Times in created_at/updated_at
-- are the store's clock; claims and retry times are the wall clock (Date.now), which every process shares.

CREATE TABLE print_jobs (
  -- Submission order: one printer's jobs are sent in seq order.
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  team_id TEXT NOT NULL REFERENCES teams (id),
  -- NULL for jobs from the editor or the CLI.
  api_key_id TEXT REFERENCES api_keys (id),
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  -- No foreign key: removing a printer keeps its jobs' history; a pending job of a removed printer fails.
  printer_id TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('zpl', 'pdf')),
  status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'done', 'failed')),
  -- Labels in the document, and how many times the whole document is printed.
  label_count INTEGER NOT NULL CHECK (label_count >= 1),
  copies INTEGER NOT NULL CHECK (copies >= 1),
  -- Labels the printer acknowledged (see README, "Print jobs"): sending resumes after them.
  labels_sent INTEGER NOT NULL DEFAULT 0 CHECK (labels_sent BETWEEN 0 AND label_count * copies),
  -- Failed attempts since the last acknowledged chunk, and when the next one may start.
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at INTEGER,
  -- Why the last attempt failed (while retrying), and why the job failed (status 'failed').
  last_error_code TEXT,
  last_error_message TEXT,
  error_code TEXT,
  error_message TEXT CHECK ((error_code IS NULL) = (error_message IS NULL)),
  -- The render's warnings as JSON [{code, message, elementId?, record?}].
  warnings TEXT NOT NULL,
  -- The process working on the job: a random token per queue, its pid and host, and when it last said it is alive.
  claim_token TEXT,
  claim_pid INTEGER,
  claim_host TEXT,
  claim_heartbeat_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX print_jobs_pending ON print_jobs (printer_id, seq) WHERE status IN ('queued', 'sending');
CREATE INDEX print_jobs_by_team ON print_jobs (team_id);
