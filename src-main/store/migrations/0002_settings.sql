-- 0002: server-wide settings as key/value pairs (the editor's workspace team, LAN access). Values are JSON text,
-- checked by the schema of their key in queries/settings.ts.

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID;
