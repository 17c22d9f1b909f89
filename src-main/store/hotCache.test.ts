import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LISTENER_NAME } from './postgresWatch';
import type { Store } from './openStore';
import {
  sampleTemplate,
  tempDataDir,
  testClock,
  STORE_DIALECTS,
  testStoreOpener,
} from '../../test/support/store/storeTestSupport';

const PUBLISHED = { publishedOnly: true };

/**
 * What a second process sees of a change: on SQLite at its next read (PRAGMA data_version); on PostgreSQL once the
 * notification arrives (asked again for up to a second, the promise the cache keeps there).
 */
async function seenBy<T>(dialect: string, read: () => Promise<T>, expected: T): Promise<void> {
  if (dialect === 'sqlite') expect(await read()).toEqual(expected);
  else await expect.poll(read, { timeout: 1000, interval: 20 }).toEqual(expected);
}

/** Two stores on one database, as a server and the admin CLI (or two nodes) have; a team with a key and a published template. */
async function twoProcesses(openTestStore: ReturnType<typeof testStoreOpener>) {
  const dir = tempDataDir();
  const server = await openTestStore(dir);
  const admin = await openTestStore(dir);
  const team = await admin.teams.create({ name: 'Acme', plan: 'dev' });
  const { record, key } = await admin.apiKeys.create({ teamId: team.id, mode: 'live' });
  const template = await admin.templates.create({
    teamId: team.id,
    content: sampleTemplate('Tag v1'),
    slug: 'tag',
    publish: { author: 'cli:ops' },
  });
  return { server, admin, team, keyId: record.id, key, templateId: template.id };
}

const planOf = async (store: Store, key: string) => (await store.apiKeys.authenticate(key))?.team.plan;
const newestOf = async (store: Store, teamId: string) => {
  const template = await store.templates.resolve(teamId, 'tag', PUBLISHED);
  const latest = template && (await store.templateVersions.latest(template.id));
  return { resolved: template?.latestVersion, latest: latest?.number, name: latest?.content.meta.name };
};

describe.each(STORE_DIALECTS)('the hot cache on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it("sees another process's revoke, plan change and publish", async () => {
    const { server, admin, team, keyId, key, templateId } = await twoProcesses(openTestStore);
    // Read twice: the second answer comes from the cache.
    for (let i = 0; i < 2; i++) {
      expect(await planOf(server, key)).toBe('dev');
      expect(await newestOf(server, team.id)).toEqual({ resolved: 1, latest: 1, name: 'Tag v1' });
    }

    await admin.teams.update(team.id, { plan: 'pro' });
    await seenBy(dialect, () => planOf(server, key), 'pro');

    await admin.templates.update(templateId, sampleTemplate('Tag v2'));
    await admin.transaction((trx) => trx.templates.publish(templateId, { author: 'cli:ops' }));
    await seenBy(dialect, () => newestOf(server, team.id), { resolved: 2, latest: 2, name: 'Tag v2' });
    await admin.templates.unpublish(templateId);
    await seenBy(dialect, () => newestOf(server, team.id), { resolved: undefined, latest: undefined, name: undefined });

    await admin.apiKeys.revoke(keyId);
    await seenBy(dialect, () => planOf(server, key), undefined);
  });

  it('sees its own changes at once, inside a transaction or not', async () => {
    const { server, team, keyId, key, templateId } = await twoProcesses(openTestStore);
    expect(await planOf(server, key)).toBe('dev');
    expect(await newestOf(server, team.id)).toMatchObject({ latest: 1 });
    await server.teams.update(team.id, { plan: 'pro' });
    expect(await planOf(server, key)).toBe('pro');
    await server.templates.update(templateId, sampleTemplate('Tag v2'));
    await server.transaction((trx) => trx.templates.publish(templateId, { author: 'editor' }));
    expect(await newestOf(server, team.id)).toEqual({ resolved: 2, latest: 2, name: 'Tag v2' });
    await server.transaction((trx) => trx.apiKeys.revoke(keyId));
    expect(await server.apiKeys.authenticate(key)).toBeUndefined();
  });

  it('sees a change made around the store (SQL of its own, no notification): SQLite at once, PostgreSQL after a minute at most', async () => {
    const dir = tempDataDir();
    const clock = testClock(1_000_000);
    const server = await openTestStore(dir, { now: clock.now });
    const admin = await openTestStore(dir);
    const team = await admin.teams.create({ name: 'Acme', plan: 'dev' });
    const { key } = await admin.apiKeys.create({ teamId: team.id, mode: 'live' });
    expect(await planOf(server, key)).toBe('dev');
    await sql`UPDATE teams SET plan = 'pro' WHERE id = ${team.id}`.execute(admin.db);
    if (dialect === 'postgres') clock.advance(60_001);
    expect(await planOf(server, key)).toBe('pro');
  });

  it('keeps nothing a transaction read: it may roll back', async () => {
    const { server, team, key } = await twoProcesses(openTestStore);
    await expect(
      server.transaction(async (trx) => {
        await trx.teams.update(team.id, { plan: 'pro' });
        expect(await planOf(trx as Store, key)).toBe('pro');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await planOf(server, key)).toBe('dev');
  });

  // PostgreSQL's listening connection; SQLite has none to lose.
  it.skipIf(dialect === 'sqlite')(
    'falls back to the database while its listening connection is lost, and listens again',
    async () => {
      const { server, admin, keyId, key } = await twoProcesses(openTestStore);
      expect(await planOf(server, key)).toBe('dev');
      const listeners = async () =>
        (
          await sql<{ count: number }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM pg_stat_activity
            WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`.execute(admin.db)
        ).rows[0]?.count;
      expect(await listeners()).toBe(2);
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`.execute(admin.db);
      // Revoked while no store listens: no notification reaches the server's store.
      await admin.apiKeys.revoke(keyId);
      await seenBy(dialect, () => planOf(server, key), undefined);
      await expect.poll(listeners, { timeout: 5000 }).toBe(2);
    },
  );
});
