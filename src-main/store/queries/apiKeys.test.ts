import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../openStore';
import {
  tempDataDir,
  testClock,
  sqliteOf,
  STORE_DIALECTS,
  testStoreOpener,
} from '../../../test/support/store/storeTestSupport';

const KEY_FORMAT = /^svc_sk_(live|test)_[A-Za-z0-9_-]{32,}$/;

describe.each(STORE_DIALECTS)('API keys on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('have the svc_sk_live_/svc_sk_test_ format with at least 32 random URL-safe characters, all different', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const live = await store.apiKeys.create({ teamId: team.id, mode: 'live', name: 'ci' });
    const test = await store.apiKeys.create({ teamId: team.id, mode: 'test', demo: true });
    expect(live.key).toMatch(KEY_FORMAT);
    expect(live.key.startsWith('svc_sk_live_')).toBe(true);
    expect(test.key.startsWith('svc_sk_test_')).toBe(true);
    expect(live.record).toMatchObject({
      teamId: team.id,
      mode: 'live',
      demo: false,
      name: 'ci',
      prefix: live.key.slice(0, 16),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(test.record).toMatchObject({ mode: 'test', demo: true, name: '' });
    const many = new Set(
      await Promise.all(
        Array.from({ length: 50 }, async () => (await store.apiKeys.create({ teamId: team.id, mode: 'live' })).key),
      ),
    );
    expect(many.size).toBe(50);
  });

  // The files of a SQLite database; PostgreSQL's are the server's.
  it.skipIf(dialect === 'postgres')(
    'are stored only as a hash: the key appears nowhere in the database files',
    async () => {
      const dir = tempDataDir();
      const store = await openTestStore(dir);
      const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
      const { key } = await store.apiKeys.create({ teamId: team.id, mode: 'live' });
      const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`]
        .map((name) => join(dir, name))
        .filter((path) => existsSync(path));
      const haystack = Buffer.concat(files.map((path) => readFileSync(path)));
      expect(haystack.length).toBeGreaterThan(0);
      expect(haystack.includes(Buffer.from(key.slice(16)))).toBe(false);
      expect(haystack.includes(Buffer.from(createHash('sha256').update(key).digest('hex')))).toBe(true);
      const listed = JSON.stringify(await store.apiKeys.list(team.id));
      expect(listed).not.toContain(key);
      expect(listed).not.toMatch(/hash/i);
    },
  );

  it('authenticate with their team, and not when unknown, malformed or revoked', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const { record, key } = await store.apiKeys.create({ teamId: team.id, mode: 'test' });
    expect(await store.apiKeys.authenticate(key)).toMatchObject({ apiKey: { id: record.id, mode: 'test' }, team });
    expect(await store.apiKeys.authenticate(`${key}x`)).toBeUndefined();
    expect(await store.apiKeys.authenticate(key.replace('svc_sk_test_', 'svc_sk_live_'))).toBeUndefined();
    expect(await store.apiKeys.authenticate('svc_sk_live_short')).toBeUndefined();
    expect(await store.apiKeys.authenticate('')).toBeUndefined();
    expect((await store.apiKeys.revoke(record.id))?.revokedAt).toEqual(expect.any(Number));
    expect(await store.apiKeys.authenticate(key)).toBeUndefined();
  });

  // On PostgreSQL a revoke reaches another store's cache by notification: within a second, not at once.
  it('take creation and revocation by another connection into account (SQLite at once, PostgreSQL within a second)', async () => {
    const dir = tempDataDir();
    const server = await openTestStore(dir);
    const admin = await openTestStore(dir);
    const team = await admin.teams.create({ name: 'Acme', plan: 'dev' });
    expect(await server.apiKeys.authenticate('svc_sk_live_' + 'a'.repeat(43))).toBeUndefined();
    const { record, key } = await admin.apiKeys.create({ teamId: team.id, mode: 'live' });
    expect((await server.apiKeys.authenticate(key))?.apiKey.id).toBe(record.id);
    expect((await server.apiKeys.authenticate(key))?.apiKey.id).toBe(record.id);
    await admin.apiKeys.revoke(record.id);
    if (dialect === 'sqlite') expect(await server.apiKeys.authenticate(key)).toBeUndefined();
    else await expect.poll(() => server.apiKeys.authenticate(key), { timeout: 1000, interval: 20 }).toBeUndefined();
  });

  it('record when they were last used, at most once a minute', async () => {
    const clock = testClock(1_000_000);
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const { record, key } = await store.apiKeys.create({ teamId: team.id, mode: 'live' });
    expect((await store.apiKeys.authenticate(key))?.apiKey.lastUsedAt).toBe(1_000_000);
    clock.advance(59_999);
    expect((await store.apiKeys.authenticate(key))?.apiKey.lastUsedAt).toBe(1_000_000);
    expect((await store.apiKeys.get(record.id))?.lastUsedAt).toBe(1_000_000);
    clock.advance(1);
    expect((await store.apiKeys.authenticate(key))?.apiKey.lastUsedAt).toBe(1_060_000);
    expect((await store.apiKeys.get(record.id))?.lastUsedAt).toBe(1_060_000);
  });

  it('record their last use once a minute across processes: another store does not write it again within the minute', async () => {
    const dir = tempDataDir();
    const clock = testClock(1_000_000);
    const first = await openTestStore(dir, { now: clock.now });
    const second = await openTestStore(dir, { now: clock.now });
    const team = await first.teams.create({ name: 'Acme', plan: 'dev' });
    const { record, key } = await first.apiKeys.create({ teamId: team.id, mode: 'live' });
    await first.apiKeys.authenticate(key);
    clock.advance(30_000);
    expect((await second.apiKeys.authenticate(key))?.apiKey.lastUsedAt).toBe(1_000_000);
    clock.advance(30_000);
    await first.apiKeys.authenticate(key);
    expect((await second.apiKeys.get(record.id))?.lastUsedAt).toBe(1_060_000);
    // The second store's cached key says 1_000_000: it tries, finds 1_060_000 written, and keeps that.
    clock.advance(20_000);
    await second.apiKeys.authenticate(key);
    expect((await first.apiKeys.get(record.id))?.lastUsedAt).toBe(1_060_000);
    clock.advance(40_000);
    await second.apiKeys.authenticate(key);
    expect((await first.apiKeys.get(record.id))?.lastUsedAt).toBe(1_120_000);
  });

  // SQLite's one writer at a time; PostgreSQL locks rows, and this update waits for no other writer.
  it.skipIf(dialect === 'postgres')(
    'still authenticate when another connection holds the write lock past the busy timeout (last use is not recorded then)',
    async () => {
      const dir = tempDataDir();
      const server = await openTestStore(dir);
      const admin = await openTestStore(dir);
      const team = await admin.teams.create({ name: 'Acme', plan: 'dev' });
      const { key } = await admin.apiKeys.create({ teamId: team.id, mode: 'live' });
      sqliteOf(server).pragma('busy_timeout = 20');
      sqliteOf(admin).exec('BEGIN IMMEDIATE');
      try {
        expect((await server.apiKeys.authenticate(key))?.apiKey.lastUsedAt).toBeNull();
      } finally {
        sqliteOf(admin).exec('COMMIT');
      }
      expect((await server.apiKeys.authenticate(key))?.apiKey.lastUsedAt).toEqual(expect.any(Number));
    },
  );

  it('list per team; a second revoke keeps the first time; unknown ids are undefined', async () => {
    const clock = testClock(5000);
    const store = await openTestStore(undefined, { now: clock.now });
    const acme = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const beta = await store.teams.create({ name: 'Beta', plan: 'dev' });
    const a = (await store.apiKeys.create({ teamId: acme.id, mode: 'live' })).record;
    await store.apiKeys.create({ teamId: beta.id, mode: 'live' });
    expect(await store.apiKeys.list(acme.id)).toEqual([a]);
    expect((await store.apiKeys.revoke(a.id))?.revokedAt).toBe(5000);
    clock.advance(10);
    expect((await store.apiKeys.revoke(a.id))?.revokedAt).toBe(5000);
    expect(await store.apiKeys.revoke('nope')).toBeUndefined();
  });
});
