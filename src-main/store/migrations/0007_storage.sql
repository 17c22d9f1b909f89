-- 0006: each team's storage: the bytes of its kept outputs (the renders rows) in one row, kept by triggers in the same
-- transaction as every insert and delete of a render (the render itself, the expiry sweep, a lost output), and a
-- per-team budget override (NULL: the plan's budget).

ALTER TABLE teams ADD COLUMN storage_limit INTEGER CHECK (storage_limit IS NULL OR storage_limit >= 0);

CREATE TABLE team_storage (
  team_id TEXT PRIMARY KEY REFERENCES teams (id),
  bytes INTEGER NOT NULL CHECK (bytes >= 0)
) STRICT, WITHOUT ROWID;

INSERT INTO team_storage (team_id, bytes) SELECT team_id, SUM(size_bytes) FROM renders GROUP BY team_id;

-- @sqlite
CREATE TRIGGER renders_take_storage AFTER INSERT ON renders BEGIN
  INSERT INTO team_storage (team_id, bytes) VALUES (NEW.team_id, NEW.size_bytes)
  ON CONFLICT (team_id) DO UPDATE SET bytes = bytes + excluded.bytes;
END;

CREATE TRIGGER renders_free_storage AFTER DELETE ON renders BEGIN
  UPDATE team_storage SET bytes = bytes - OLD.size_bytes WHERE team_id = OLD.team_id;
END;
-- @end

-- @postgres: the same triggers as functions.
CREATE FUNCTION renders_take_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_storage (team_id, bytes) VALUES (NEW.team_id, NEW.size_bytes)
  ON CONFLICT (team_id) DO UPDATE SET bytes = team_storage.bytes + excluded.bytes;
  RETURN NULL;
END $$;
CREATE TRIGGER renders_take_storage AFTER INSERT ON renders FOR EACH ROW EXECUTE FUNCTION renders_take_storage();

CREATE FUNCTION renders_free_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_storage SET bytes = bytes - OLD.size_bytes WHERE team_id = OLD.team_id;
  RETURN NULL;
END $$;
CREATE TRIGGER renders_free_storage AFTER DELETE ON renders FOR EACH ROW EXECUTE FUNCTION renders_free_storage();
-- @end

-- When a team's outputs expire, oldest first: what a refused render's Retry-After is worked out from.
CREATE INDEX renders_by_team_expiry ON renders (team_id, expires_at);
