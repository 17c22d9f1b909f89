-- 0011: how a printer gets texts in the template's own fonts: drawn as graphics, or the fonts downloaded with each job.

ALTER TABLE printers ADD COLUMN fonts TEXT NOT NULL DEFAULT 'graphic' CHECK (fonts IN ('graphic', 'download'));
