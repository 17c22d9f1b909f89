// Queries of the settings table: a few server-wide values, each kept as JSON and checked by its key's schema.
import { z } from 'zod';
import type { Executor } from '../schema';

const SETTING_SCHEMAS = {
  /** The team the editor acts as, created on the server's first start. */
  workspaceTeamId: z.string().min(1),
  /** `labelsmith serve` without --host listens on every interface when this is true. */
  lanAccess: z.boolean(),
  /** Host names accepted with LAN access besides the machine's addresses, merged with --allow-host. */
  allowedHostnames: z.array(z.string()),
  /** `labelsmith serve` and the app answer the ZPL viewer without an API key when this is true (or the flag says so). */
  viewerWithoutKey: z.boolean(),
};

export type Settings = { [K in keyof typeof SETTING_SCHEMAS]: z.infer<(typeof SETTING_SCHEMAS)[K]> };
export type SettingKey = keyof Settings;

export function settingsQueries(db: Executor) {
  return {
    /** The stored value, or undefined when the setting was never set. */
    async get<K extends SettingKey>(key: K): Promise<Settings[K] | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      if (!row) return undefined;
      const parsed = SETTING_SCHEMAS[key].safeParse(JSON.parse(row.value));
      // Only this module writes the table: a value that does not parse was edited by hand, and guessing would hide it.
      if (!parsed.success)
        throw new Error(`the stored setting "${key}" is not valid: ${z.prettifyError(parsed.error)}`);
      return parsed.data as Settings[K];
    },

    async set<K extends SettingKey>(key: K, value: Settings[K]): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(SETTING_SCHEMAS[key].parse(value)) })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
        .execute();
    },
  };
}

export type SettingsQueries = ReturnType<typeof settingsQueries>;
