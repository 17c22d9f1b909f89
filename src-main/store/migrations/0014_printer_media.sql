-- 0014: how a printer handles its media, sent with each job; NULL leaves the printer's own setting. The media type
-- (^MT), what it does after each label (^MM), how it finds a label's start (^MN), and the label's top and left offsets
-- as lengths with a sign ("1mm", "-0.5mm": ^LT and ^LS in dots at the printer's resolution).
ALTER TABLE printers ADD COLUMN media_type TEXT CHECK (media_type IN ('direct-thermal', 'thermal-transfer'));
ALTER TABLE printers ADD COLUMN print_mode TEXT CHECK (print_mode IN ('tear-off', 'peel-off', 'cutter', 'rewind'));
ALTER TABLE printers ADD COLUMN media_sensing TEXT CHECK (media_sensing IN ('gap', 'mark', 'continuous'));
ALTER TABLE printers ADD COLUMN top_offset TEXT;
ALTER TABLE printers ADD COLUMN left_offset TEXT;
