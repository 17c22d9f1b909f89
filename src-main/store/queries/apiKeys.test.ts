import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../openStore';
import { openTestStore, tempDataDir, testClock } from '../storeTestSupport';

const KEY_FORMAT = /^svc_sk_(live|test)_[A-Za-z0-9_-]{32,}$/;

describe('API keys', () => {
  it('have the svc_sk_live_/svc_sk_test_ format with at least 32 random URL-safe characters, all different', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'dev' });
    const live = store.apiKeys.create({ teamId: team.id, mode: 'live', name: 'ci' });
    const test = store.apiKeys.create({ teamId: team.id, mode: 'test', demo: true });
    expect(live.key).toMatch(KEY_FORMAT);
    expect(live.key.startsWith('svc_sk_live_')).toBe(true);
    expect(test.key.startsWith('svc_sk_test_')).toBe(true);
    expect(live.record).toMatchObject({ teamId: team.id, mode: 'live', demo: false, name: 'ci', prefix: live.key.slice(0, 16), lastUsedAt: null, revokedAt: null });
    expect(test.record).toMatchObject({ mode: 'test', demo: true, name: '' });
    const many = new Set(Array.from({ length: 50 }, () => store.apiKeys.create({ teamId: team.id, mode: 'live' }).key));
    expect(many.size).toBe(50);
  });

  it('are stored only as a hash: the key appears nowhere in the database files', () => {
    const dir = tempDataDir();
    const store = openTestStore(dir);
    const team = store.teams.create({ name: 'Acme', plan: 'dev' });
    const { key } = store.apiKeys.create({ teamId: team.id, mode: 'live' });
    const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((name) => join(dir, name)).filter((path) => existsSync(path));
    const haystack = Buffer.concat(files.map((path) => readFileSync(path)));
    expect(haystack.length).toBeGreaterThan(0);
    expect(haystack.includes(Buffer.from(key.slice(16)))).toBe(false);
    expect(haystack.includes(Buffer.from(createHash('sha256').update(key).digest('hex')))).toBe(true);
    const listed = JSON.stringify(store.apiKeys.list(team.id));
    expect(listed).not.toContain(key);
    expect(listed).not.toMatch(/hash/i);
  });

  it('authenticate with their team, and not when unknown, malformed or revoked', () => {
    const store = openTestStore();
    const team = store.teams.create({ name: 'Acme', plan: 'dev' });
    const { record, key } = store.apiKeys.create({ teamId: team.id, mode: 'test' });
    expect(store.apiKeys.authenticate(key)).toMatchObject({ apiKey: { id: record.id, mode: 'test' }, team });
    expect(store.apiKeys.authenticate(`${key}x`)).toBeUndefined();
    expect(store.apiKeys.authenticate(key.replace('svc_sk_test_', 'svc_sk_live_'))).toBeUndefined();
    expect(store.apiKeys.authenticate('svc_sk_live_short')).toBeUndefined();
    expect(store.apiKeys.authenticate('')).toBeUndefined();
    expect(store.apiKeys.revoke(record.id)?.revokedAt).toEqual(expect.any(Number));
    expect(store.apiKeys.authenticate(key)).toBeUndefined();
  });

  it('take creation and revocation by another connection into account at once', () => {
    const dir = tempDataDir();
    const server = openTestStore(dir);
    const admin = openTestStore(dir);
    const team = admin.teams.create({ name: 'Acme', plan: 'dev' });
    expect(server.apiKeys.authenticate('svc_sk_live_' + 'a'.repeat(43))).toBeUndefined();
    const { record, key } = admin.apiKeys.create({ teamId: team.id, mode: 'live' });
    expect(server.apiKeys.authenticate(key)?.apiKey.id).toBe(record.id);
    admin.apiKeys.revoke(record.id);
    expect(server.apiKeys.authenticate(key)).toBeUndefined();
  });

  it('record when they were last used, at most once a minute', () => {
    const clock = testClock(1_000_000);
    const store = openTestStore(undefined, { now: clock.now });
    const team = store.teams.create({ name: 'Acme', plan: 'dev' });
    const { record, key } = store.apiKeys.create({ teamId: team.id, mode: 'live' });
    expect(store.apiKeys.authenticate(key)?.apiKey.lastUsedAt).toBe(1_000_000);
    clock.advance(59_999);
    expect(store.apiKeys.authenticate(key)?.apiKey.lastUsedAt).toBe(1_000_000);
    expect(store.apiKeys.get(record.id)?.lastUsedAt).toBe(1_000_000);
    clock.advance(1);
    expect(store.apiKeys.authenticate(key)?.apiKey.lastUsedAt).toBe(1_060_000);
    expect(store.apiKeys.get(record.id)?.lastUsedAt).toBe(1_060_000);
  });

  it('still authenticate when another connection holds the write lock past the busy timeout (last use is not recorded then)', () => {
    const dir = tempDataDir();
    const server = openTestStore(dir);
    const admin = openTestStore(dir);
    const team = admin.teams.create({ name: 'Acme', plan: 'dev' });
    const { key } = admin.apiKeys.create({ teamId: team.id, mode: 'live' });
    server.db.pragma('busy_timeout = 20');
    admin.db.exec('BEGIN IMMEDIATE');
    try {
      expect(server.apiKeys.authenticate(key)?.apiKey.lastUsedAt).toBeNull();
    } finally {
      admin.db.exec('COMMIT');
    }
    expect(server.apiKeys.authenticate(key)?.apiKey.lastUsedAt).toEqual(expect.any(Number));
  });

  it('list per team; a second revoke keeps the first time; unknown ids are undefined', () => {
    const clock = testClock(5000);
    const store = openTestStore(undefined, { now: clock.now });
    const acme = store.teams.create({ name: 'Acme', plan: 'dev' });
    const beta = store.teams.create({ name: 'Beta', plan: 'dev' });
    const a = store.apiKeys.create({ teamId: acme.id, mode: 'live' }).record;
    store.apiKeys.create({ teamId: beta.id, mode: 'live' });
    expect(store.apiKeys.list(acme.id)).toEqual([a]);
    expect(store.apiKeys.revoke(a.id)?.revokedAt).toBe(5000);
    clock.advance(10);
    expect(store.apiKeys.revoke(a.id)?.revokedAt).toBe(5000);
    expect(store.apiKeys.revoke('nope')).toBeUndefined();
  });
});
