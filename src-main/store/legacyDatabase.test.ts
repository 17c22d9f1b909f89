import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { periodOf } from '@shared/api/plans';
import { copyStore } from './copyStore';
import { recordRender } from './recordRender';
import { DATABASE_FILE, type Store } from './openStore';
import { outputFiles } from './outputFiles';
import { sampleTemplate, tempDataDir, testStoreOpener } from '../../test/support/store/storeTestSupport';

/**
 * testdata/legacy-0011.db was written by the synchronous better-sqlite3 store with hand-written SQL (schema version 11),
 * before the store ran its queries through Kysely: a data directory as users have it. Its ids are fixed.
 */
const LEGACY = {
  file: join(import.meta.dirname, 'testdata', 'legacy-0011.db'),
  team: 'dc3822c8-19f8-4853-9ee6-86f5bbfe67c8',
  key: 'd2f7fd5f-f434-427a-a00f-9090213b66cf',
  template: '0611dfbe-8c1a-42fa-870f-f7c94e95c20b',
  printer: '30d6153b-8bc9-421d-a6a0-91f9aa484437',
  render: '7b7dfb68-322b-48fd-abcf-b5eabf54b2ef',
};

function legacyDataDir(): string {
  const dir = tempDataDir();
  copyFileSync(LEGACY.file, join(dir, DATABASE_FILE));
  // The render's output, as the old store kept it beside the database.
  writeFileSync(join(outputFiles(dir).dir, `${LEGACY.render}.zpl`), '^XA^FDlegacy^FS^XZ');
  return dir;
}

const openPostgres = testStoreOpener('postgres');
const openSqlite = testStoreOpener('sqlite');

/** The legacy directory as its users open it, or moved to PostgreSQL by `labelsmith store copy` (outputs stay in the directory). */
const OPENED: [string, () => Promise<Store>][] = [
  ['opened in place', () => openSqlite(legacyDataDir())],
  [
    'copied to PostgreSQL',
    async () => {
      const dir = legacyDataDir();
      const target = await openPostgres(dir);
      await copyStore(await openSqlite(dir), target);
      return target;
    },
  ],
];

describe.each(OPENED)('a data directory written by the previous store, %s', (_how, openLegacy) => {
  it('has every record readable as it was', async () => {
    const store = await openLegacy();
    const team = await store.teams.get(LEGACY.team);
    expect(team).toMatchObject({
      name: 'Legacy Co',
      plan: 'pro',
      quotaLimit: 5000,
      createdAt: Date.parse('2025-06-15T12:00:00Z'),
    });
    expect((await store.apiKeys.list(LEGACY.team)).map((key) => [key.name, key.mode])).toEqual([
      ['warehouse', 'live'],
      ['ci', 'test'],
    ]);
    expect(await store.libraries.getBySlug('shared')).toMatchObject({ name: 'Shared' });

    const template = await store.templates.resolve(LEGACY.team, 'shared:parcel', { publishedOnly: true });
    expect(template).toMatchObject({
      id: LEGACY.template,
      status: 'published',
      latestVersion: 2,
      draftChanged: false,
      librarySlug: 'shared',
    });
    expect(
      (await store.templateVersions.list(LEGACY.template)).map((version) => [
        version.number,
        version.author,
        version.note,
      ]),
    ).toEqual([
      [2, 'editor', 'second'],
      [1, 'cli:legacy', null],
    ]);
    expect(
      (await store.templates.listForTeam(LEGACY.team, { publishedOnly: false })).map((record) => record.slug),
    ).toEqual(['parcel', 'draft-only']);

    expect(await store.printers.get(LEGACY.printer)).toMatchObject({
      name: 'Dock 1',
      connection: { kind: 'raw', host: '127.0.0.1', port: 9100 },
      media: { width: '4in', height: '6in' },
      darkness: 20,
      timeZone: 'Europe/Berlin',
      unprintableMargin: '1mm',
      fonts: 'graphic',
    });
    expect(await store.printJobs.get('job-legacy-1')).toMatchObject({
      status: 'queued',
      labelCount: 25,
      templateVersion: 2,
      templateId: LEGACY.template,
      counters: { first: { parcel: 1000 }, next: { parcel: 1025 } },
    });
    expect(await store.settings.get('workspaceTeamId')).toBe(LEGACY.team);
    expect(await store.settings.get('lanAccess')).toBe(true);
    expect(await store.usage.get(LEGACY.team, '2025-06')).toEqual({ live: 3, test: 0 });
    const lookup = await store.renders.lookup(LEGACY.render, Date.parse('2025-06-16T00:00:00Z'));
    expect(lookup).toMatchObject({ state: 'ready', render: { format: 'zpl', sizeBytes: 18, renderTimeMs: 3.25 } });
    expect(await store.storage.used(LEGACY.team)).toBe(18);
  });

  it('takes new writes that continue from the old data: counters, versions, usage and storage', async () => {
    const store = await openLegacy();
    expect((await store.counters.reserve(LEGACY.team, { parcel: { start: 1000, step: 1 } }, 5)).first).toEqual({
      parcel: 1025,
    });
    const published = await store.transaction((trx) => trx.templates.publish(LEGACY.template, { author: 'editor' }));
    expect(published?.version.number).toBe(3);
    const render = await recordRender(store, {
      teamId: LEGACY.team,
      apiKeyId: LEGACY.key,
      mode: 'live',
      format: 'zpl',
      bytes: new Uint8Array(100),
      renderTimeMs: 1,
    });
    expect(await store.storage.used(LEGACY.team)).toBe(118);
    expect(await store.usage.get(LEGACY.team, '2025-06')).toEqual({ live: 3, test: 0 });
    expect(await store.usage.get(LEGACY.team, periodOf(render.createdAt).period)).toEqual({ live: 1, test: 0 });
    expect(await store.renders.get(render.id)).toMatchObject({ sizeBytes: 100 });
    const created = await store.transaction((trx) =>
      trx.templates.create({ teamId: LEGACY.team, content: sampleTemplate('Parcel') }),
    );
    expect(created.slug).toBe('parcel-2');
  });
});
