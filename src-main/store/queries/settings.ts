// Prepared statements of the settings table: a few server-wide values, each kept as JSON and checked by its key's schema.
import type Database from 'better-sqlite3';
import { z } from 'zod';

const SETTING_SCHEMAS = {
  /** The team the editor acts as, created on the server's first start. */
  workspaceTeamId: z.string().min(1),
  /** `labelsmith serve` without --host listens on every interface when this is true. */
  lanAccess: z.boolean(),
  /** Host names accepted with LAN access besides the machine's addresses, merged with --allow-host. */
  allowedHostnames: z.array(z.string()),
};

export type Settings = { [K in keyof typeof SETTING_SCHEMAS]: z.infer<(typeof SETTING_SCHEMAS)[K]> };
export type SettingKey = keyof Settings;

export function settingsQueries(db: Database.Database) {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare<[{ key: string; value: string }]>(
    'INSERT INTO settings (key, value) VALUES (@key, @value) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );

  return {
    /** The stored value, or undefined when the setting was never set. */
    get<K extends SettingKey>(key: K): Settings[K] | undefined {
      const row = select.get(key);
      if (!row) return undefined;
      const parsed = SETTING_SCHEMAS[key].safeParse(JSON.parse(row.value));
      // Only this module writes the table: a value that does not parse was edited by hand, and guessing would hide it.
      if (!parsed.success) throw new Error(`the stored setting "${key}" is not valid: ${z.prettifyError(parsed.error)}`);
      return parsed.data as Settings[K];
    },

    set<K extends SettingKey>(key: K, value: Settings[K]): void {
      upsert.run({ key, value: JSON.stringify(SETTING_SCHEMAS[key].parse(value)) });
    },
  };
}

export type SettingsQueries = ReturnType<typeof settingsQueries>;
