// The settings table: typed values by key, persisted across reopening, refused when they do not fit their key's schema.
import { describe, expect, it } from 'vitest';
import { tempDataDir, STORE_DIALECTS, testStoreOpener } from '../../../test/support/store/storeTestSupport';

describe.each(STORE_DIALECTS)('settings on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('are undefined until set, then read back as set; a second set replaces the value', async () => {
    const store = await openTestStore();
    expect(await store.settings.get('lanAccess')).toBeUndefined();
    await store.settings.set('lanAccess', true);
    await store.settings.set('allowedHostnames', ['labels.example.org']);
    expect(await store.settings.get('lanAccess')).toBe(true);
    expect(await store.settings.get('allowedHostnames')).toEqual(['labels.example.org']);
    await store.settings.set('lanAccess', false);
    expect(await store.settings.get('lanAccess')).toBe(false);
  });

  it('survive closing and reopening the data directory', async () => {
    const dir = tempDataDir();
    const first = await openTestStore(dir);
    await first.settings.set('workspaceTeamId', 'team-1');
    await first.close();
    expect(await (await openTestStore(dir)).settings.get('workspaceTeamId')).toBe('team-1');
  });

  it('refuse a value of the wrong type, and say which stored value is broken', async () => {
    const store = await openTestStore();
    // The types forbid it; the check matters for values that arrive from JSON.
    await expect(store.settings.set('lanAccess', 'yes' as unknown as boolean)).rejects.toThrow();
    expect(await store.settings.get('lanAccess')).toBeUndefined();
    await store.db.insertInto('settings').values({ key: 'allowedHostnames', value: '"one"' }).execute();
    await expect(store.settings.get('allowedHostnames')).rejects.toThrow(/allowedHostnames/);
  });
});
