import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { periodOf } from '@shared/api/plans';
import { openStore, type StoreScope } from './openStore';
import { recordRender } from './recordRender';
import { openTestStore, sampleTemplate, tempDataDir, sqliteOf } from '../../test/support/store/storeTestSupport';

describe('openStore', () => {
  it('creates the data directory with its outputs folder and opens the database in WAL mode, its log synced by the store', async () => {
    const dir = join(tempDataDir(), 'nested', 'data');
    const store = await openTestStore(dir);
    expect(existsSync(join(dir, 'labelsmith.db'))).toBe(true);
    expect(existsSync(join(dir, 'outputs'))).toBe(true);
    expect(sqliteOf(store).pragma('journal_mode', { simple: true })).toBe('wal');
    // NORMAL: a commit writes the log; the store syncs it (WalSync) before a write resolves.
    expect(sqliteOf(store).pragma('synchronous', { simple: true })).toBe(1);
    expect(sqliteOf(store).pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqliteOf(store).pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('waits for a sync of the log after every write, shares one sync among the commits made while another runs, and never for a read', async () => {
    const store = await openTestStore(tempDataDir());
    expect(store.syncStats()).toEqual({ syncs: 0, waiters: 0 });
    await store.teams.create({ name: 'Alone', plan: 'pro' });
    expect(store.syncStats()).toEqual({ syncs: 1, waiters: 1 });
    await store.teams.list();
    expect(store.syncStats()).toEqual({ syncs: 1, waiters: 1 });
    // Twenty writers at once: the first commit starts a sync; the nineteen committed while it runs share the next.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store.transaction((trx) => trx.teams.create({ name: `Team ${index}`, plan: 'pro' })),
      ),
    );
    expect(store.syncStats()).toEqual({ syncs: 3, waiters: 21 });
    await store.close();
  });

  it('commits a transient transaction without waiting for a sync; it rolls back like any other', async () => {
    const dir = tempDataDir();
    const store = await openTestStore(dir);
    const team = await store.transientTransaction((trx) => trx.teams.create({ name: 'Transient', plan: 'pro' }));
    expect(store.syncStats()).toEqual({ syncs: 0, waiters: 0 });
    await expect(
      store.transientTransaction(async (trx) => {
        await trx.teams.create({ name: 'Rolled back', plan: 'pro' });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(store.syncStats()).toEqual({ syncs: 0, waiters: 0 });
    // The next durable write syncs the log, and the transient row with it.
    await store.transaction((trx) => trx.teams.create({ name: 'Durable', plan: 'pro' }));
    expect(store.syncStats()).toEqual({ syncs: 1, waiters: 1 });
    await store.close();
    // A crash cannot lose it (the log is written, only not synced): another connection reads it.
    expect((await (await openTestStore(dir)).teams.list()).map((t) => t.name).sort()).toEqual(['Durable', team.name]);
  });

  it('loads the native addon from nativeBinding when given (as Electron will)', async () => {
    const addon = join(
      dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
      'build',
      'Release',
      'better_sqlite3.node',
    );
    expect(await (await openTestStore(tempDataDir(), { nativeBinding: addon })).teams.list()).toEqual([]);
    await expect(openStore(tempDataDir(), { nativeBinding: join(tempDataDir(), 'missing.node') })).rejects.toThrow();
  });

  it('keeps everything across close and reopen', async () => {
    const dir = tempDataDir();
    const first = await openTestStore(dir);
    const team = await first.teams.create({ name: 'Acme', plan: 'starter', rateMinute: 5 });
    const { key } = await first.apiKeys.create({ teamId: team.id, mode: 'live' });
    const library = await first.libraries.create({ slug: 'shared', name: 'Shared' });
    const template = await first.templates.create({
      teamId: team.id,
      content: sampleTemplate(),
      libraryId: library.id,
      publish: { author: 'test' },
    });
    const render = await recordRender(first, {
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      format: 'zpl',
      bytes: Buffer.from('^XA^XZ'),
      renderTimeMs: 1.5,
    });
    await first.close();

    const second = await openTestStore(dir);
    expect(await second.teams.get(team.id)).toEqual(team);
    expect((await second.apiKeys.authenticate(key))?.team.id).toBe(team.id);
    expect(await second.libraries.getBySlug('shared')).toEqual(library);
    expect(await second.templates.get(template.id)).toEqual(template);
    expect(await second.renders.get(render.id)).toEqual(render);
    expect((await second.outputs.read(render.fileName)).toString()).toBe('^XA^XZ');
    expect(await second.usage.get(team.id, periodOf(render.createdAt).period)).toEqual({ live: 1, test: 0 });
  });

  it('enforces foreign keys', async () => {
    const store = await openTestStore();
    await expect(store.apiKeys.create({ teamId: 'no-such-team', mode: 'test' })).rejects.toThrow(/FOREIGN KEY/);
  });

  it('rolls a transaction back whole when it throws', async () => {
    const store = await openTestStore();
    await expect(
      store.transaction(async (trx) => {
        await trx.teams.create({ name: 'Gone', plan: 'dev' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await store.teams.list()).toEqual([]);
  });

  it("rolls back the request path's compiled statements with their transaction, and refuses them on a transaction that ended", async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Counted', plan: 'dev' });
    const at = Date.UTC(2026, 10, 29);
    const { period } = periodOf(at);
    await expect(
      store.groupCommit(async (trx) => {
        await trx.usage.increment(team.id, 'live', at, 3);
        expect(await trx.usage.get(team.id, period)).toEqual({ live: 3, test: 0 });
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(await store.usage.get(team.id, period)).toEqual({ live: 0, test: 0 });

    let ended: StoreScope | undefined;
    await store.transaction(async (trx) => {
      ended = trx;
      await trx.usage.increment(team.id, 'live', at, 1);
    });
    expect(await store.usage.get(team.id, period)).toEqual({ live: 1, test: 0 });
    await expect(ended?.usage.increment(team.id, 'live', at, 1)).rejects.toThrow(/already committed/);
    expect(await store.usage.get(team.id, period)).toEqual({ live: 1, test: 0 });
  });
});
