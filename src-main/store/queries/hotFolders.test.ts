// The hot_folders table (the server's watched folders) and virtual printers changed in place, on SQLite and PostgreSQL; hot folder claims purged 30 days after their file left the folder, never while it is in it.
import { describe, expect, it } from 'vitest';
import { MOVED_HOT_FOLDER_FILE_RETENTION_MS, purgeExpired } from '../purgeExpired';
import { STORE_DIALECTS, tempDataDir, testClock, testStoreOpener } from '../../../test/support/store/storeTestSupport';

const DAY = 24 * 60 * 60 * 1000;

describe.each(STORE_DIALECTS)('hot folders on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('are created enabled, changed, listed (enabled ones for the server), kept across reopening, and removed', async () => {
    const dir = tempDataDir();
    const store = await openTestStore(dir);
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const inbox = await store.hotFolders.create({ teamId: team.id, folder: '/srv/inbox', printerId: 'p1' });
    expect(inbox).toEqual({
      id: expect.any(String),
      teamId: team.id,
      folder: '/srv/inbox',
      printerId: 'p1',
      templateSlug: null,
      enabled: true,
      createdAt: expect.any(Number),
    });
    const waves = await store.hotFolders.create({
      teamId: team.id,
      folder: '/srv/waves',
      printerId: 'p2',
      templateSlug: ' shelf-tag ',
      enabled: false,
    });
    expect(waves).toMatchObject({ templateSlug: 'shelf-tag', enabled: false });
    expect((await store.hotFolders.listEnabled()).map((folder) => folder.folder)).toEqual(['/srv/inbox']);
    const changed = await store.hotFolders.update(waves.id, { ...waves, enabled: true, templateSlug: null });
    expect(changed).toEqual({ ...waves, enabled: true, templateSlug: null });
    expect(await store.hotFolders.update('missing', waves)).toBeUndefined();
    await store.close();

    const reopened = await openTestStore(dir);
    expect((await reopened.hotFolders.list(team.id)).map((folder) => folder.folder)).toEqual([
      '/srv/inbox',
      '/srv/waves',
    ]);
    expect(await reopened.hotFolders.ofFolder('/srv/waves')).toEqual(changed);
    expect(await reopened.hotFolders.remove(inbox.id)).toEqual(inbox);
    expect(await reopened.hotFolders.remove(inbox.id)).toBeUndefined();
    expect((await reopened.hotFolders.listEnabled()).map((folder) => folder.folder)).toEqual(['/srv/waves']);
  });

  it('refuse a relative path, and a second configuration of the same folder', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    await expect(store.hotFolders.create({ teamId: team.id, folder: 'inbox', printerId: 'p1' })).rejects.toThrow(
      /absolute path/,
    );
    await store.hotFolders.create({ teamId: team.id, folder: '/srv/inbox', printerId: 'p1' });
    await expect(store.hotFolders.create({ teamId: team.id, folder: '/srv/inbox', printerId: 'p2' })).rejects.toThrow();
    expect(await store.hotFolders.list(team.id)).toHaveLength(1);
  });

  it('keep a virtual printer’s id and creation time when it is changed', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const fields = { teamId: team.id, name: 'Old WMS', listenHost: '127.0.0.1', listenPort: 9101, routes: ['p1'] };
    const virtual = await store.virtualPrinters.create(fields);
    const changed = await store.virtualPrinters.update(virtual.id, {
      ...fields,
      listenPort: 9102,
      routes: ['p2', 'p1'],
      pool: 'round-robin',
      dpi: 300,
    });
    expect(changed).toEqual({ ...virtual, listenPort: 9102, routes: ['p2', 'p1'], pool: 'round-robin', dpi: 300 });
    expect(await store.virtualPrinters.onPort(9102)).toEqual(changed);
    expect(await store.virtualPrinters.onPort(9101)).toBeUndefined();
  });
});

describe.each(STORE_DIALECTS)('hot folder claims on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('are forgotten 30 days after their file was moved out; a claim whose file is still in the folder stays', async () => {
    const clock = testClock('2025-06-01T00:00:00Z');
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const claim = (name: string, jobId: string) =>
      store.hotFolderFiles.claim({ folder: '/srv/inbox', name, sha256: 'ab', teamId: team.id, jobId });
    await claim('moved.zpl', 'job-1');
    await claim('still-there.zpl', 'job-2');
    await store.hotFolderFiles.moved('/srv/inbox', 'moved.zpl', 'ab');

    clock.advance(MOVED_HOT_FOLDER_FILE_RETENTION_MS - DAY);
    expect((await purgeExpired(store)).hotFolderFiles).toBe(0);
    clock.advance(DAY + 1);
    expect((await purgeExpired(store)).hotFolderFiles).toBe(1);
    expect((await purgeExpired(store)).hotFolderFiles).toBe(0);
    // The open claim still says which job the file became: a restart moves it without printing it again.
    expect(await store.hotFolderFiles.openClaim('/srv/inbox', 'still-there.zpl', 'ab')).toBe('job-2');
    expect(await store.hotFolderFiles.openClaims('/srv/inbox')).toEqual([{ name: 'still-there.zpl', sha256: 'ab' }]);
    clock.advance(365 * DAY);
    expect((await purgeExpired(store)).hotFolderFiles).toBe(0);
    expect(await store.hotFolderFiles.openClaim('/srv/inbox', 'still-there.zpl', 'ab')).toBe('job-2');
  });
});
