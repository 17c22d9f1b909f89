-- 0006: raw ZPL printing. A printer may be allowed the configuration commands (saving settings, network, resets) that
-- raw ZPL sent to it would otherwise be refused for; a job may hold the caller's own ZPL, sent byte for byte.

ALTER TABLE printers ADD COLUMN allow_config_commands INTEGER NOT NULL DEFAULT 0 CHECK (allow_config_commands IN (0, 1));

-- 1: the document is ZPL as the caller sent it (cut only between its formats, never rewritten as a stored format).
ALTER TABLE print_jobs ADD COLUMN raw INTEGER NOT NULL DEFAULT 0 CHECK (raw IN (0, 1));
