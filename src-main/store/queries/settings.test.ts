// The settings table: typed values by key, persisted across reopening, refused when they do not fit their key's schema.
import { describe, expect, it } from 'vitest';
import { openTestStore, tempDataDir } from '../storeTestSupport';

describe('settings', () => {
  it('are undefined until set, then read back as set; a second set replaces the value', () => {
    const store = openTestStore();
    expect(store.settings.get('lanAccess')).toBeUndefined();
    store.settings.set('lanAccess', true);
    store.settings.set('allowedHostnames', ['labels.example.org']);
    expect(store.settings.get('lanAccess')).toBe(true);
    expect(store.settings.get('allowedHostnames')).toEqual(['labels.example.org']);
    store.settings.set('lanAccess', false);
    expect(store.settings.get('lanAccess')).toBe(false);
  });

  it('survive closing and reopening the data directory', () => {
    const dir = tempDataDir();
    const first = openTestStore(dir);
    first.settings.set('workspaceTeamId', 'team-1');
    first.close();
    expect(openTestStore(dir).settings.get('workspaceTeamId')).toBe('team-1');
  });

  it('refuse a value of the wrong type, and say which stored value is broken', () => {
    const store = openTestStore();
    // The types forbid it; the check matters for values that arrive from JSON.
    expect(() => store.settings.set('lanAccess', 'yes' as unknown as boolean)).toThrow();
    expect(store.settings.get('lanAccess')).toBeUndefined();
    store.db.prepare("INSERT INTO settings (key, value) VALUES ('allowedHostnames', '\"one\"')").run();
    expect(() => store.settings.get('allowedHostnames')).toThrow(/allowedHostnames/);
  });
});
