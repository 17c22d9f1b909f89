import { readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputTooLargeError, StorageExceededError } from '@shared/api/apiErrors';
import { MIGRATIONS } from './migrations';
import { migrate } from './migrate';
import { DATABASE_FILE } from './openStore';
import { purgeExpired } from './purgeExpired';
import { countRendersAhead, OUTPUT_TTL_MS, recordRender, type FinishedRender } from './recordRender';
import {
  openTestStore,
  outputsDir,
  STORE_DIALECTS,
  tempDataDir,
  testClock,
  testStoreOpener,
  sqliteOf,
} from '../../test/support/store/storeTestSupport';
import { teamStorage, withinStorageBudget } from './storageBudget';
import type { ImageContent } from './queries/images';

const render = (teamId: string, bytes: number, mode: 'live' | 'test' = 'live'): FinishedRender => ({
  teamId,
  apiKeyId: null,
  mode,
  format: 'zpl',
  bytes: Buffer.alloc(bytes, 0x41),
  renderTimeMs: 1,
});

describe('the storage budget', () => {
  it('counts the real bytes of kept outputs, live and test, in the render transaction, and frees them when they expire', async () => {
    const clock = testClock();
    const store = await openTestStore(undefined, { now: clock.now });
    const team = await store.teams.create({ name: 'Acme', plan: 'dev', storageLimit: 1_000 });
    const other = await store.teams.create({ name: 'Other', plan: 'dev' });
    expect(await teamStorage(store, team)).toEqual({ usedBytes: 0, limitBytes: 1_000 });
    expect(await teamStorage(store, other)).toEqual({ usedBytes: 0, limitBytes: 100_000_000 });
    await recordRender(store, render(team.id, 300));
    clock.advance(1000);
    await recordRender(store, render(team.id, 400, 'test'));
    await recordRender(store, render(other.id, 5_000));
    // Inline deliveries keep nothing and take no room.
    await countRendersAhead(store, team.id, 'live', 1).settle(1);
    expect(await teamStorage(store, team)).toEqual({ usedBytes: 700, limitBytes: 1_000 });

    const files = () => readdirSync(outputsDir(store)).sort();
    const before = files();
    const refused = await recordRender(store, render(team.id, 301)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageExceededError);
    // The oldest output (300 bytes) frees enough when it expires, 7 days after it was made.
    expect(refused).toMatchObject({
      status: 429,
      code: 'STORAGE_EXCEEDED',
      retryAfterSeconds: OUTPUT_TTL_MS / 1000 - 1,
      details: { usedBytes: 700, limitBytes: 1_000, sizeBytes: 301 },
    });
    await expect(recordRender(store, render(team.id, 1_001))).rejects.toMatchObject({
      code: 'STORAGE_EXCEEDED',
      retryAfterSeconds: undefined,
      message: expect.stringMatching(/larger than the whole budget$/),
    });
    await expect(recordRender(store, { ...render(team.id, 2_000), maxOutputBytes: 1_999 })).rejects.toEqual(
      new OutputTooLargeError(2_000, 1_999),
    );
    expect(files()).toEqual(before);
    await recordRender(store, render(team.id, 300));
    expect((await teamStorage(store, team)).usedBytes).toBe(1_000);

    // Past the first output's 7 days, the next render sweeps it rather than refuse for it.
    clock.advance(OUTPUT_TTL_MS - 1000);
    await recordRender(store, render(team.id, 300));
    expect((await teamStorage(store, team)).usedBytes).toBe(1_000);
    // The sweep frees the second second's outputs: this team's 400 and 300 bytes, and the other team's.
    clock.advance(1000);
    expect((await purgeExpired(store)).expired).toBe(3);
    expect((await teamStorage(store, team)).usedBytes).toBe(300);
    expect((await teamStorage(store, other)).usedBytes).toBe(0);
    expect(
      sqliteOf(store).prepare('SELECT sum(size_bytes) AS bytes FROM renders WHERE team_id = ?').get(team.id),
    ).toEqual({ bytes: 300 });
    await store.close();
  });

  it('is counted from the outputs already kept when a data directory is migrated', async () => {
    const dataDir = tempDataDir();
    const store = await openTestStore(dataDir);
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    await recordRender(store, render(team.id, 123));
    await recordRender(store, render(team.id, 77, 'test'));
    await store.close();
    // Back to the schema before 0007, then 0007 applied again: the sum is rebuilt from the rows.
    const db = new Database(join(dataDir, DATABASE_FILE));
    // (print_jobs' and images' storage triggers, from later migrations, go too: they name team_storage.)
    db.exec('DROP TRIGGER print_documents_storage; DROP TRIGGER print_documents_free_storage');
    db.exec('DROP TRIGGER images_take_storage; DROP TRIGGER images_change_storage; DROP TRIGGER images_free_storage');
    db.exec(
      'DROP TRIGGER renders_take_storage; DROP TRIGGER renders_free_storage; DROP INDEX renders_by_team_expiry; DROP TABLE team_storage; ALTER TABLE teams DROP COLUMN storage_limit',
    );
    db.pragma('user_version = 6');
    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 7),
      ),
    ).toEqual([7]);
    // The later migrations' tables are still there; only 0007's storage was taken away.
    db.pragma(`user_version = ${Math.max(...MIGRATIONS.map((migration) => migration.version))}`);
    db.close();
    const reopened = await openTestStore(dataDir);
    expect(await teamStorage(reopened, team)).toEqual({ usedBytes: 200, limitBytes: 100_000_000 });
    await reopened.close();
  });
});

/** An image's content as the store keeps it: `data` bytes uploaded and, for an SVG, `raster` bytes drawn. */
const image = (data: number, raster?: number): ImageContent => ({
  type: raster === undefined ? 'png' : 'svg',
  data: Buffer.alloc(data, 0x42),
  raster: raster === undefined ? null : Buffer.alloc(raster, 0x43),
  pixelWidth: 10,
  pixelHeight: 10,
});

describe.each(STORE_DIALECTS)('library images in the storage budget on %s', (dialect) => {
  const open = testStoreOpener(dialect);

  it('count their bytes and rasters in team_storage as they are added, replaced and deleted, and are refused past the budget', async () => {
    const store = await open();
    const team = await store.teams.create({ name: 'Acme', plan: 'dev', storageLimit: 1_000 });
    const other = await store.teams.create({ name: 'Other', plan: 'dev' });
    const add = (teamId: string, name: string, content: ImageContent) =>
      withinStorageBudget(store, teamId, (trx) => trx.images.create(teamId, name, content, 100));
    await add(team.id, 'logo', image(100));
    await add(team.id, 'mark', image(50, 400));
    await add(other.id, 'logo', image(900));
    expect(await teamStorage(store, team)).toEqual({ usedBytes: 550, limitBytes: 1_000 });
    await recordRender(store, render(team.id, 300));
    expect((await teamStorage(store, team)).usedBytes).toBe(850);

    // 151 more is past 1,000: refused, nothing kept.
    await expect(add(team.id, 'big', image(51, 100))).rejects.toMatchObject({
      code: 'STORAGE_EXCEEDED',
      status: 429,
      details: { usedBytes: 850, limitBytes: 1_000, sizeBytes: 151 },
    });
    expect(await store.images.info(team.id, 'big')).toBeUndefined();
    // A replacement is counted by what it adds: 100 -> 250 fits, 250 -> 301 does not.
    await withinStorageBudget(store, team.id, (trx) => trx.images.replace(team.id, 'logo', image(250)));
    expect((await teamStorage(store, team)).usedBytes).toBe(1_000);
    await expect(
      withinStorageBudget(store, team.id, (trx) => trx.images.replace(team.id, 'logo', image(301))),
    ).rejects.toMatchObject({ code: 'STORAGE_EXCEEDED' });
    expect((await store.images.info(team.id, 'logo'))?.sizeBytes).toBe(250);
    // An SVG replaced by a PNG gives its raster back; a delete gives everything back.
    await withinStorageBudget(store, team.id, (trx) => trx.images.replace(team.id, 'mark', image(20)));
    expect((await teamStorage(store, team)).usedBytes).toBe(570);
    expect(await store.images.remove(team.id, 'logo')).toBe(true);
    expect((await teamStorage(store, team)).usedBytes).toBe(320);
    expect((await teamStorage(store, other)).usedBytes).toBe(900);
  });
});

describe('library images kept before they counted', () => {
  it('are added to team_storage when a data directory is migrated', async () => {
    const dataDir = tempDataDir();
    // SQLite's file is opened beside the store to take the schema back; 0015's PostgreSQL half is the same statements.
    const openSqlite = testStoreOpener('sqlite');
    const store = await openSqlite(dataDir);
    const team = await store.teams.create({ name: 'Acme', plan: 'dev' });
    await store.images.create(team.id, 'mark', image(30, 500), 100);
    await recordRender(store, render(team.id, 123));
    await store.close();
    // Back to the schema before 0015: the images counted nothing.
    const db = new Database(join(dataDir, DATABASE_FILE));
    db.exec('DROP TRIGGER images_take_storage; DROP TRIGGER images_change_storage; DROP TRIGGER images_free_storage');
    db.prepare('UPDATE team_storage SET bytes = 123 WHERE team_id = ?').run(team.id);
    db.pragma('user_version = 14');
    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 15),
      ),
    ).toEqual([15]);
    // Only 0015 was taken back: what later migrations made is still there.
    db.pragma(`user_version = ${Math.max(...MIGRATIONS.map((migration) => migration.version))}`);
    db.close();
    const reopened = await openSqlite(dataDir);
    expect((await teamStorage(reopened, team)).usedBytes).toBe(653);
    await reopened.close();
  });
});
