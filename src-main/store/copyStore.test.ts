import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { copyStore, type TableCopy } from './copyStore';
import type { Store } from './openStore';
import { recordRender } from './recordRender';
import { sampleTemplate, sqliteOf, tempDataDir, testStoreOpener } from '../../test/support/store/storeTestSupport';

const openPostgres = testStoreOpener('postgres');
const openSqlite = testStoreOpener('sqlite');

/** An embedded installation with a row in every table the copy knows. */
async function embeddedInstallation(): Promise<{ store: Store; teamId: string }> {
  const store = await openSqlite();
  const team = await store.teams.create({ name: 'Acme', plan: 'pro' });
  await store.apiKeys.create({ teamId: team.id, mode: 'live', name: 'warehouse' });
  const library = await store.libraries.create({ slug: 'shared', name: 'Shared' });
  await store.transaction((trx) =>
    trx.templates.create({
      teamId: team.id,
      content: sampleTemplate('Parcel'),
      libraryId: library.id,
      publish: { author: 'cli:ops' },
    }),
  );
  await store.settings.set('lanAccess', true);
  const printer = await store.printers.create({
    teamId: team.id,
    name: 'Dock',
    connection: { kind: 'raw', host: '127.0.0.1', port: 9100 },
    dpi: 203,
    media: null,
    darkness: null,
    speed: null,
  });
  await store.counters.reserve(team.id, { parcel: { start: 1, step: 1 } }, 3);
  await recordRender(store, {
    teamId: team.id,
    apiKeyId: null,
    mode: 'live',
    format: 'zpl',
    bytes: new Uint8Array(40),
    renderTimeMs: 1,
  });
  await store.images.create(
    team.id,
    'logo',
    { type: 'png', data: Buffer.from([1, 2, 3]), raster: null, pixelWidth: 1, pixelHeight: 1 },
    10,
  );
  for (const id of ['job-1', 'job-2']) {
    await store.printJobs.create({
      id,
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      printerId: printer.id,
      format: 'zpl',
      labelCount: 1,
      copies: 1,
      warnings: [],
    });
  }
  await store.virtualPrinters.create({
    teamId: team.id,
    name: 'Old WMS',
    listenHost: '127.0.0.1',
    listenPort: 9101,
    routes: [printer.id],
  });
  await store.hotFolders.create({ teamId: team.id, folder: '/srv/labels', printerId: printer.id, templateSlug: 'tag' });
  await store.hotFolderFiles.claim({
    folder: '/srv/labels',
    name: 'wave.csv',
    sha256: 'ab',
    teamId: team.id,
    jobId: 'job-2',
  });
  // A kept document counts in the team's storage (40 bytes of output + 25 of document + the 3-byte library image).
  await store.printJobs.setKeptDocument('job-1', { bytes: 25, expiresAt: Date.now() + 60_000 });
  await sqliteOf(store)
    .prepare('INSERT INTO expired_renders (id, team_id, expired_at) VALUES (?, ?, 1)')
    .run(randomUUID(), team.id);
  return { store, teamId: team.id };
}

function byTable(copies: TableCopy[]): Record<string, [number, number, number, number]> {
  return Object.fromEntries(copies.map((copy) => [copy.table, [copy.source, copy.copied, copy.present, copy.target]]));
}

describe('copying an embedded installation to PostgreSQL', () => {
  it('copies every row once, keeps storage and the job order, and copies nothing the second time', async () => {
    const { store, teamId } = await embeddedInstallation();
    const target = await openPostgres(tempDataDir());

    const first = byTable(await copyStore(store, target));
    for (const [table, [source, copied, present, held]] of Object.entries(first)) {
      expect([table, copied, present, held]).toEqual([table, source, 0, source]);
    }
    expect(first.print_jobs?.[0]).toBe(2);
    expect([first.virtual_printers?.[0], first.hot_folder_files?.[0], first.hot_folders?.[0]]).toEqual([1, 1, 1]);
    expect(await target.hotFolders.ofFolder('/srv/labels')).toMatchObject({ templateSlug: 'tag', enabled: true });
    expect(await target.hotFolderFiles.openClaim('/srv/labels', 'wave.csv', 'ab')).toBe('job-2');
    expect(await target.storage.used(teamId)).toBe(68);
    expect((await target.printJobs.list({ teamId, limit: 10 })).map((job) => job.id)).toEqual(['job-2', 'job-1']);
    expect((await target.images.get(teamId, 'logo'))?.data).toEqual(Buffer.from([1, 2, 3]));

    const second = byTable(await copyStore(store, target));
    for (const [table, [source, copied, present, held]] of Object.entries(second)) {
      expect([table, copied, present, held]).toEqual([table, 0, source, source]);
    }
    expect(await target.storage.used(teamId)).toBe(68);
    // The target numbers new jobs on after the copied ones.
    const later = await target.printJobs.create({
      id: 'job-3',
      teamId,
      apiKeyId: null,
      mode: 'live',
      printerId: (await target.printers.list(teamId))[0]?.id ?? '',
      format: 'zpl',
      labelCount: 1,
      copies: 1,
      warnings: [],
    });
    expect((await target.printJobs.list({ teamId, limit: 10 })).map((job) => job.id)).toEqual([
      later.id,
      'job-2',
      'job-1',
    ]);
  });

  it('copies nothing when a row meets a different one in the target, naming the table', async () => {
    const { store, teamId } = await embeddedInstallation();
    const target = await openPostgres(tempDataDir());
    await copyStore(store, target);
    // A render in the source whose output file name the target already gives another render.
    const fileName = (await sqliteOf(store).prepare<[], { file_name: string }>('SELECT file_name FROM renders').get())
      ?.file_name;
    await sqliteOf(store).prepare('UPDATE renders SET id = ?').run(randomUUID());
    await store.teams.create({ name: 'Beta', plan: 'dev' });
    await expect(copyStore(store, target)).rejects.toThrow(
      /^renders: 1 of the rows .* conflict with different rows in the target/,
    );
    expect((await target.teams.list()).map((team) => team.name)).toEqual(['Acme']);
    expect(fileName).toMatch(/\.zpl$/);
    expect(await target.storage.used(teamId)).toBe(68);
  });

  it('refuses a source with a table it does not know', async () => {
    const { store } = await embeddedInstallation();
    const target = await openPostgres(tempDataDir());
    sqliteOf(store).exec('CREATE TABLE later_feature (id TEXT PRIMARY KEY)');
    await expect(copyStore(store, target)).rejects.toThrow(
      'the source has tables this copy does not know: later_feature',
    );
    expect(await target.teams.list()).toEqual([]);
  });
});
