-- 0017: the resolution a virtual printer's clients write their ZPL for. When the printer a label is routed to has
-- another one (or takes PDF), the label is read and laid out again for it; NULL: the routed printer's own, sent as is.
ALTER TABLE virtual_printers ADD COLUMN dpi INTEGER CHECK (dpi IN (203, 300, 600));
