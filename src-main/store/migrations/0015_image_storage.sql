-- 0015: a team's library images count in its storage (team_storage), as its kept outputs do: the bytes uploaded plus
-- the raster an SVG is drawn from, which can be far larger (a 234-byte SVG of noise rasterises to megabytes). Kept by
-- triggers in the same transaction as every insert, replacement and delete of an image; what the library holds now is
-- added once here.

-- @sqlite
INSERT INTO team_storage (team_id, bytes)
SELECT team_id, SUM(length(data) + COALESCE(length(raster), 0)) FROM images WHERE true GROUP BY team_id
ON CONFLICT (team_id) DO UPDATE SET bytes = bytes + excluded.bytes;

CREATE TRIGGER images_take_storage AFTER INSERT ON images BEGIN
  INSERT INTO team_storage (team_id, bytes) VALUES (NEW.team_id, length(NEW.data) + COALESCE(length(NEW.raster), 0))
  ON CONFLICT (team_id) DO UPDATE SET bytes = bytes + excluded.bytes;
END;

CREATE TRIGGER images_change_storage AFTER UPDATE OF data, raster ON images BEGIN
  UPDATE team_storage
  SET bytes = bytes - (length(OLD.data) + COALESCE(length(OLD.raster), 0)) + (length(NEW.data) + COALESCE(length(NEW.raster), 0))
  WHERE team_id = NEW.team_id;
END;

CREATE TRIGGER images_free_storage AFTER DELETE ON images BEGIN
  UPDATE team_storage SET bytes = bytes - (length(OLD.data) + COALESCE(length(OLD.raster), 0)) WHERE team_id = OLD.team_id;
END;
-- @end

-- @postgres: the same, with octet_length and the triggers as functions.
INSERT INTO team_storage (team_id, bytes)
SELECT team_id, SUM(octet_length(data) + COALESCE(octet_length(raster), 0)) FROM images GROUP BY team_id
ON CONFLICT (team_id) DO UPDATE SET bytes = team_storage.bytes + excluded.bytes;

CREATE FUNCTION images_take_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_storage (team_id, bytes) VALUES (NEW.team_id, octet_length(NEW.data) + COALESCE(octet_length(NEW.raster), 0))
  ON CONFLICT (team_id) DO UPDATE SET bytes = team_storage.bytes + excluded.bytes;
  RETURN NULL;
END $$;
CREATE TRIGGER images_take_storage AFTER INSERT ON images FOR EACH ROW EXECUTE FUNCTION images_take_storage();

CREATE FUNCTION images_change_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_storage
  SET bytes = bytes - (octet_length(OLD.data) + COALESCE(octet_length(OLD.raster), 0)) + (octet_length(NEW.data) + COALESCE(octet_length(NEW.raster), 0))
  WHERE team_id = NEW.team_id;
  RETURN NULL;
END $$;
CREATE TRIGGER images_change_storage AFTER UPDATE OF data, raster ON images FOR EACH ROW EXECUTE FUNCTION images_change_storage();

CREATE FUNCTION images_free_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_storage SET bytes = bytes - (octet_length(OLD.data) + COALESCE(octet_length(OLD.raster), 0)) WHERE team_id = OLD.team_id;
  RETURN NULL;
END $$;
CREATE TRIGGER images_free_storage AFTER DELETE ON images FOR EACH ROW EXECUTE FUNCTION images_free_storage();
-- @end
