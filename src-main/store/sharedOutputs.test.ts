// The store over shared backends (PostgreSQL and a real S3 protocol server): expiry removes objects from the bucket, once however many nodes purge; orphans go at the sweep, never at open; the budget counts what is kept.
import { describe, expect, it } from 'vitest';
import { bucketKeys, freshBucketUrl } from '../../test/support/store/s3TestSupport';
import type { Store } from './openStore';
import { freshDatabaseUrl } from '../../test/support/store/postgresTestSupport';
import { purgeExpired } from './purgeExpired';
import { OUTPUT_TTL_MS, recordRender } from './recordRender';
import { removeOrphans } from './removeOrphans';
import { teamStorage } from './storageBudget';
import { openTestStore, tempDataDir, testClock } from '../../test/support/store/storeTestSupport';

const PREFIX = 'labelsmith/site-a';

/** `count` stores as `count` nodes would open them: each its own data directory, all on one database and one bucket. */
async function nodes(
  count: number,
  now?: () => number,
): Promise<{ stores: Store[]; bucket: string; databaseUrl: string }> {
  const [databaseUrl, outputsUrl] = await Promise.all([freshDatabaseUrl(), freshBucketUrl(PREFIX)]);
  const stores = [];
  for (let index = 0; index < count; index += 1)
    stores.push(await openTestStore(tempDataDir(), { databaseUrl, outputsUrl, ...(now ? { now } : {}) }));
  return { stores, bucket: outputsUrl, databaseUrl };
}

const zpl = (teamId: string, n: number) =>
  ({
    teamId,
    apiKeyId: null,
    mode: 'live',
    format: 'zpl',
    bytes: Buffer.from(`^XA^FD${n}^FS^XZ`),
    renderTimeMs: 1,
  }) as const;

describe('outputs in S3 over PostgreSQL', () => {
  it('an output written by one node reads from another; expiry removes its object from the bucket', async () => {
    const clock = testClock('2025-06-01T00:00:00Z');
    const { stores, bucket } = await nodes(2, clock.now);
    const [a, b] = stores as [Store, Store];
    const team = await a.teams.create({ name: 'Acme', plan: 'dev' });
    const render = await recordRender(a, zpl(team.id, 1));
    expect(await bucketKeys(bucket)).toEqual([`${PREFIX}/outputs/${render.fileName}`]);
    expect((await b.outputs.read(render.fileName)).toString()).toBe('^XA^FD1^FS^XZ');
    expect(await teamStorage(b, team)).toMatchObject({ usedBytes: render.sizeBytes });

    clock.advance(OUTPUT_TTL_MS);
    expect(await purgeExpired(b)).toMatchObject({ expired: 1 });
    expect(await bucketKeys(bucket)).toEqual([]);
    expect(await a.renders.lookup(render.id)).toEqual({ state: 'expired', teamId: team.id });
    expect(await teamStorage(a, team)).toMatchObject({ usedBytes: 0 });
  });

  it('several nodes purging at once expire each output once and leave the bucket empty', async () => {
    const clock = testClock('2025-06-01T00:00:00Z');
    const { stores, bucket } = await nodes(3, clock.now);
    const [first] = stores as [Store];
    const team = await first.teams.create({ name: 'Acme', plan: 'dev' });
    for (let n = 0; n < 12; n += 1) await recordRender(stores[n % stores.length] as Store, zpl(team.id, n));
    expect(await bucketKeys(bucket)).toHaveLength(12);

    clock.advance(OUTPUT_TTL_MS);
    const swept = await Promise.all(stores.map((store) => purgeExpired(store)));
    // Each output was expired by exactly one node's transaction, and that node removed its object.
    expect(swept.reduce((sum, counts) => sum + counts.expired, 0)).toBe(12);
    expect(await bucketKeys(bucket)).toEqual([]);
    expect(await teamStorage(first, team)).toMatchObject({ usedBytes: 0 });
  });

  it('leaves orphaned objects alone at open and removes them at the sweep, keeping the ones rows point at', async () => {
    const { stores, bucket, databaseUrl } = await nodes(1);
    const [store] = stores as [Store];
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    const kept = await recordRender(store, zpl(team.id, 1));
    // What a node killed between PutObject and its commit leaves behind.
    await store.outputs.write('11111111-1111-4111-8111-111111111111', 'pdf', Buffer.from('%PDF'));
    await store.printDocuments.write('22222222-2222-4222-8222-222222222222', 'zpl', Buffer.from('^XA^XZ'));

    // A second node starting lists nothing: the orphans stay until the sweep (they are younger than its grace anyway).
    const again = await openTestStore(tempDataDir(), { databaseUrl, outputsUrl: bucket });
    expect(await bucketKeys(bucket)).toHaveLength(3);
    expect(await removeOrphans(again)).toEqual({ files: 0, rows: 0 });
    expect(await removeOrphans(again, 0)).toEqual({ files: 2, rows: 0 });
    expect(await bucketKeys(bucket)).toEqual([`${PREFIX}/outputs/${kept.fileName}`]);
  });
});
