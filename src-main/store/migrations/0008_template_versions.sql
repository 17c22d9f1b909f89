-- 0008: template versions. Every publish stores the template as it was then, numbered 1, 2, … per template; API keys
-- render the newest one (or the one they name), never the draft in templates.content, which the editor keeps editing.
-- A version is never changed: restoring an old one publishes a new version with its content.

CREATE TABLE template_versions (
  -- Deleting a template deletes its history with it.
  template_id TEXT NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number >= 1),
  -- The validated template (spec 2.3) as JSON, as it was published.
  content TEXT NOT NULL,
  -- Who published: 'editor' (the admin session), 'cli:<os user>'; NULL for versions made by this migration.
  author TEXT,
  note TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (template_id, number)
) STRICT, WITHOUT ROWID;

-- @sqlite
CREATE TRIGGER template_versions_immutable BEFORE UPDATE ON template_versions BEGIN
  SELECT RAISE(ABORT, 'template versions are immutable');
END;
-- @end

-- @postgres: the same trigger as a function.
CREATE FUNCTION template_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'template versions are immutable';
END $$;
CREATE TRIGGER template_versions_immutable BEFORE UPDATE ON template_versions FOR EACH ROW EXECUTE FUNCTION template_versions_immutable();
-- @end

-- What API keys render today becomes version 1 of each published template.
INSERT INTO template_versions (template_id, number, content, author, note, created_at)
SELECT id, 1, content, NULL, NULL, updated_at FROM templates WHERE status = 'published';

-- The version a print job printed; NULL for an inline template, raw ZPL or an editor draft.
ALTER TABLE print_jobs ADD COLUMN template_version INTEGER CHECK (template_version IS NULL OR template_version >= 1);
