-- 0012: the team's shared image library: images addressed by name from templates (`src: "image:NAME"`).
-- The bytes live in the row (see README, Images: small, replaced atomically with their metadata, backed up with the
-- database). `raster` is the PNG an SVG is drawn from (rasterised once, at upload); NULL for PNG and JPEG.

CREATE TABLE images (
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('png', 'jpeg', 'svg')),
  data BLOB NOT NULL,
  raster BLOB,
  size_bytes INTEGER NOT NULL,
  pixel_width INTEGER NOT NULL,
  pixel_height INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (team_id, name)
) STRICT;
