-- 0010: a printer's unprintable margin (a length such as "1mm", the same at every edge): design warnings flag what a
-- label puts there. NULL: none (the printer prints to the label's edges).
ALTER TABLE printers ADD COLUMN unprintable_margin TEXT;
