import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { purgeExpired, TOMBSTONE_RETENTION_MS } from './purgeExpired';
import { OUTPUT_TTL_MS, recordRender } from './recordRender';
import { openTestStore, outputsDir, testClock } from '../../test/support/store/storeTestSupport';

const DAY = 24 * 60 * 60 * 1000;

describe('output expiry', () => {
  it('keeps outputs 7 days, then reports them expired, deletes them and remembers their ids as expired', async () => {
    const clock = testClock('2025-06-01T00:00:00Z');
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const old = await recordRender(store, {
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      format: 'zpl',
      bytes: Buffer.from('^XA^XZ'),
      renderTimeMs: 1,
    });
    clock.advance(3 * DAY);
    const fresh = await recordRender(store, {
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      format: 'html',
      bytes: Buffer.from('<p>'),
      renderTimeMs: 1,
    });

    clock.advance(4 * DAY - 1);
    expect(await store.renders.lookup(old.id)).toEqual({ state: 'ready', render: old });
    expect(await purgeExpired(store)).toEqual({
      expired: 0,
      forgotten: 0,
      printJobs: 0,
      printDocuments: 0,
      hotFolderFiles: 0,
    });

    clock.advance(1);
    expect(clock.now()).toBe(old.createdAt + OUTPUT_TTL_MS);
    // Past its expiry, before any purge ran: already expired.
    expect(await store.renders.lookup(old.id)).toEqual({ state: 'expired', teamId: team.id });
    expect(await purgeExpired(store)).toEqual({
      expired: 1,
      forgotten: 0,
      printJobs: 0,
      printDocuments: 0,
      hotFolderFiles: 0,
    });
    expect(await store.renders.get(old.id)).toBeUndefined();
    expect(existsSync(join(outputsDir(store), old.fileName))).toBe(false);
    expect(await store.renders.lookup(old.id)).toEqual({ state: 'expired', teamId: team.id });
    expect((await store.renders.lookup(fresh.id))?.state).toBe('ready');
    expect(await store.renders.lookup('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    // Counting is history: purging outputs does not give quota back.
    expect(await store.usage.get(team.id, '2025-06')).toEqual({ live: 2, test: 0 });

    clock.advance(TOMBSTONE_RETENTION_MS);
    expect(await purgeExpired(store)).toEqual({
      expired: 1,
      forgotten: 0,
      printJobs: 0,
      printDocuments: 0,
      hotFolderFiles: 0,
    });
    clock.advance(1);
    expect(await purgeExpired(store)).toEqual({
      expired: 0,
      forgotten: 1,
      printJobs: 0,
      printDocuments: 0,
      hotFolderFiles: 0,
    });
    expect(await store.renders.lookup(old.id)).toBeUndefined();
    expect((await store.renders.lookup(fresh.id))?.state).toBe('expired');
  });
});
