import { readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputTooLargeError, StorageExceededError } from '../../src-shared/api/apiErrors';
import { MIGRATIONS } from './migrations';
import { migrate } from './migrate';
import { DATABASE_FILE } from './openStore';
import { purgeExpired } from './purgeExpired';
import { OUTPUT_TTL_MS, recordRender, type FinishedRender } from './recordRender';
import { openTestStore, outputsDir, tempDataDir, testClock, sqliteOf } from './storeTestSupport';
import { teamStorage } from './storageBudget';

const render = (teamId: string, bytes: number, mode: 'live' | 'test' = 'live'): FinishedRender => ({ teamId, apiKeyId: null, mode, format: 'zpl', bytes: Buffer.alloc(bytes, 0x41), renderTimeMs: 1 });

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
    await recordRender(store, { ...render(team.id, 900), keepOutput: false });
    expect(await teamStorage(store, team)).toEqual({ usedBytes: 700, limitBytes: 1_000 });

    const files = () => readdirSync(outputsDir(store)).sort();
    const before = files();
    const refused = await recordRender(store, render(team.id, 301)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageExceededError);
    // The oldest output (300 bytes) frees enough when it expires, 7 days after it was made.
    expect(refused).toMatchObject({ status: 429, code: 'STORAGE_EXCEEDED', retryAfterSeconds: OUTPUT_TTL_MS / 1000 - 1, details: { usedBytes: 700, limitBytes: 1_000, sizeBytes: 301 } });
    await expect(recordRender(store, render(team.id, 1_001))).rejects.toMatchObject({ code: 'STORAGE_EXCEEDED', retryAfterSeconds: undefined, message: expect.stringMatching(/larger than the whole budget$/) });
    await expect(recordRender(store, { ...render(team.id, 2_000), maxOutputBytes: 1_999 })).rejects.toEqual(new OutputTooLargeError(2_000, 1_999));
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
    expect(sqliteOf(store).prepare('SELECT sum(size_bytes) AS bytes FROM renders WHERE team_id = ?').get(team.id)).toEqual({ bytes: 300 });
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
    // (print_jobs' storage triggers, from a later migration, go too: they name team_storage.)
    db.exec('DROP TRIGGER print_documents_storage; DROP TRIGGER print_documents_free_storage');
    db.exec('DROP TRIGGER renders_take_storage; DROP TRIGGER renders_free_storage; DROP INDEX renders_by_team_expiry; DROP TABLE team_storage; ALTER TABLE teams DROP COLUMN storage_limit');
    db.pragma('user_version = 6');
    expect(migrate(db, MIGRATIONS.filter((migration) => migration.version <= 7))).toEqual([7]);
    // The later migrations' tables are still there; only 0007's storage was taken away.
    db.pragma(`user_version = ${Math.max(...MIGRATIONS.map((migration) => migration.version))}`);
    db.close();
    const reopened = await openTestStore(dataDir);
    expect(await teamStorage(reopened, team)).toEqual({ usedBytes: 200, limitBytes: 100_000_000 });
    await reopened.close();
  });
});
