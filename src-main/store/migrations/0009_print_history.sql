-- 0009: print history and reprints. A job may be cancelled; it remembers the stored template it printed, the reprint it
-- is (of which job, which labels), the counter values it took (to give them back when nothing of it can have printed),
-- and, once it ended, whether its document is kept for reprints (counted in the team's storage like render outputs).
-- SQLite cannot change a CHECK constraint in place, so the table is rebuilt; nothing references print_jobs.

CREATE TABLE print_jobs_0009 (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  team_id TEXT NOT NULL REFERENCES teams (id),
  api_key_id TEXT REFERENCES api_keys (id),
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  printer_id TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('zpl', 'pdf')),
  status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'done', 'failed', 'cancelled')),
  label_count INTEGER NOT NULL CHECK (label_count >= 1),
  copies INTEGER NOT NULL CHECK (copies >= 1),
  labels_sent INTEGER NOT NULL DEFAULT 0 CHECK (labels_sent BETWEEN 0 AND label_count * copies),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at INTEGER,
  last_error_code TEXT,
  last_error_message TEXT,
  error_code TEXT,
  error_message TEXT CHECK ((error_code IS NULL) = (error_message IS NULL)),
  warnings TEXT NOT NULL,
  claim_token TEXT,
  claim_pid INTEGER,
  claim_host TEXT,
  claim_heartbeat_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  raw INTEGER NOT NULL DEFAULT 0 CHECK (raw IN (0, 1)),
  -- The template version printed (0008); NULL for an inline template, raw ZPL or an editor draft.
  template_version INTEGER CHECK (template_version IS NULL OR template_version >= 1),
  -- The stored template printed (its id, a library's included); NULL for an inline template or raw ZPL.
  template_id TEXT,
  -- A reprint: the job whose labels it prints again, and which of them as asked ("12-15", 1-based over labels × copies).
  reprint_of TEXT,
  reprint_labels TEXT CHECK ((reprint_of IS NULL) = (reprint_labels IS NULL)),
  -- The counter values the job took, JSON {first, next} as reserved; NULL when its template uses no counter.
  counters TEXT,
  -- 1 once the values went back to the counters (the job ended having printed nothing, and nobody took values since).
  counters_returned INTEGER NOT NULL DEFAULT 0 CHECK (counters_returned IN (0, 1)),
  -- 1 once any label of the job may have reached a printer: a chunk acknowledged, an attempt cut after bytes went out,
  -- or a reprint of it. Its counter values are then never given back.
  maybe_printed INTEGER NOT NULL DEFAULT 0 CHECK (maybe_printed IN (0, 1)),
  -- 1 while a chunk is being sent: set as an attempt starts, cleared when its outcome is recorded. A crash mid-send
  -- leaves it set, so what that attempt delivered stays unknown and the values are never given back.
  sending_chunk INTEGER NOT NULL DEFAULT 0 CHECK (sending_chunk IN (0, 1)),
  -- An ended job's document kept in print-jobs/ for reprints: its size (counted in team_storage) and when it goes.
  document_bytes INTEGER CHECK (document_bytes IS NULL OR document_bytes >= 0),
  document_expires_at INTEGER CHECK ((document_bytes IS NULL) = (document_expires_at IS NULL))
) STRICT;

INSERT INTO print_jobs_0009 (seq, id, team_id, api_key_id, mode, printer_id, format, status, label_count, copies, labels_sent, attempts,
                             next_attempt_at, last_error_code, last_error_message, error_code, error_message, warnings, claim_token,
                             claim_pid, claim_host, claim_heartbeat_at, created_at, updated_at, raw, template_version, maybe_printed)
SELECT seq, id, team_id, api_key_id, mode, printer_id, format, status, label_count, copies, labels_sent, attempts,
       next_attempt_at, last_error_code, last_error_message, error_code, error_message, warnings, claim_token,
       claim_pid, claim_host, claim_heartbeat_at, created_at, updated_at, raw, template_version,
       -- Jobs from before this version took no recorded values; whether they printed is unknown, so: maybe.
       1
FROM print_jobs;

DROP TABLE print_jobs;
ALTER TABLE print_jobs_0009 RENAME TO print_jobs;

-- @postgres: the copied rows kept their seq; new jobs number on after them.
SELECT setval(pg_get_serial_sequence('print_jobs', 'seq'), coalesce(max(seq), 0) + 1, false) FROM print_jobs;
-- @end

CREATE INDEX print_jobs_pending ON print_jobs (printer_id, seq) WHERE status IN ('queued', 'sending');
-- The history: a team's jobs newest first, filtered further by printer, status, template and time.
CREATE INDEX print_jobs_by_team ON print_jobs (team_id, seq);
CREATE INDEX print_jobs_kept_documents ON print_jobs (document_expires_at) WHERE document_expires_at IS NOT NULL;

-- @sqlite
CREATE TRIGGER print_documents_storage AFTER UPDATE OF document_bytes ON print_jobs
WHEN coalesce(NEW.document_bytes, 0) != coalesce(OLD.document_bytes, 0) BEGIN
  -- Two steps: an upsert of a negative amount would meet the CHECK (bytes >= 0) before the conflict.
  INSERT OR IGNORE INTO team_storage (team_id, bytes) VALUES (NEW.team_id, 0);
  UPDATE team_storage SET bytes = bytes + coalesce(NEW.document_bytes, 0) - coalesce(OLD.document_bytes, 0) WHERE team_id = NEW.team_id;
END;

CREATE TRIGGER print_documents_free_storage AFTER DELETE ON print_jobs WHEN OLD.document_bytes IS NOT NULL BEGIN
  UPDATE team_storage SET bytes = bytes - OLD.document_bytes WHERE team_id = OLD.team_id;
END;
-- @end

-- @postgres: the same triggers as functions.
CREATE FUNCTION print_documents_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_storage (team_id, bytes) VALUES (NEW.team_id, 0) ON CONFLICT (team_id) DO NOTHING;
  UPDATE team_storage SET bytes = bytes + coalesce(NEW.document_bytes, 0) - coalesce(OLD.document_bytes, 0) WHERE team_id = NEW.team_id;
  RETURN NULL;
END $$;
CREATE TRIGGER print_documents_storage AFTER UPDATE OF document_bytes ON print_jobs
FOR EACH ROW WHEN (coalesce(NEW.document_bytes, 0) <> coalesce(OLD.document_bytes, 0)) EXECUTE FUNCTION print_documents_storage();

CREATE FUNCTION print_documents_free_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_storage SET bytes = bytes - OLD.document_bytes WHERE team_id = OLD.team_id;
  RETURN NULL;
END $$;
CREATE TRIGGER print_documents_free_storage AFTER DELETE ON print_jobs FOR EACH ROW WHEN (OLD.document_bytes IS NOT NULL) EXECUTE FUNCTION print_documents_free_storage();
-- @end
