-- 0001: teams, API keys, libraries, templates, render outputs and usage counters. Times are epoch milliseconds.
-- STRICT tables: a value of the wrong type is an error, not silently stored.

CREATE TABLE teams (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  plan TEXT NOT NULL CHECK (plan IN ('dev', 'starter', 'pro', 'enterprise')),
  -- NULL: the plan's value; quota_limit -1: unlimited.
  quota_limit INTEGER CHECK (quota_limit IS NULL OR quota_limit >= -1),
  rate_minute INTEGER CHECK (rate_minute IS NULL OR rate_minute >= 1),
  rate_hour INTEGER CHECK (rate_hour IS NULL OR rate_hour >= 1),
  -- Set when a soft-capped team first went over its quota in flagged_period ('YYYY-MM').
  flagged_at INTEGER,
  flagged_period TEXT,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  name TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  demo INTEGER NOT NULL CHECK (demo IN (0, 1)),
  -- The start of the key, for people to tell keys apart; the key itself is never stored.
  key_prefix TEXT NOT NULL,
  -- SHA-256 of the whole key, hex.
  key_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
) STRICT;
CREATE INDEX api_keys_by_team ON api_keys (team_id);

CREATE TABLE libraries (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE templates (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
  library_id TEXT REFERENCES libraries (id),
  -- The validated template (spec 2.3) as JSON.
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (team_id, slug),
  -- NULLs are distinct in SQLite: templates outside any library do not collide here.
  UNIQUE (library_id, slug)
) STRICT;

-- One row per downloadable output: a row exists only while its file outputs/<file_name> does.
CREATE TABLE renders (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  api_key_id TEXT REFERENCES api_keys (id),
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  format TEXT NOT NULL CHECK (format IN ('pdf', 'png', 'zpl', 'html')),
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  render_time_ms REAL NOT NULL,
  file_name TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX renders_by_expiry ON renders (expires_at);

-- Renders whose output expired and was deleted: their ids answer 410 OUTPUT_EXPIRED instead of 404.
CREATE TABLE expired_renders (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id),
  expired_at INTEGER NOT NULL
) STRICT;
CREATE INDEX expired_renders_by_time ON expired_renders (expired_at);

CREATE TABLE usage_monthly (
  team_id TEXT NOT NULL REFERENCES teams (id),
  period TEXT NOT NULL,
  live INTEGER NOT NULL DEFAULT 0,
  test INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, period)
) STRICT, WITHOUT ROWID;

-- @postgres: ties in created_at are broken by insertion order, SQLite's rowid; PostgreSQL's tables get such a column.
ALTER TABLE teams ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY;
ALTER TABLE api_keys ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY;
ALTER TABLE templates ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY;
-- @end

CREATE TABLE usage_daily (
  team_id TEXT NOT NULL REFERENCES teams (id),
  day TEXT NOT NULL,
  live INTEGER NOT NULL DEFAULT 0,
  test INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, day)
) STRICT, WITHOUT ROWID;
