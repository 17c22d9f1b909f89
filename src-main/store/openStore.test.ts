import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { periodOf } from '../../src-shared/api/plans';
import { openStore } from './openStore';
import { recordRender } from './recordRender';
import { openTestStore, sampleTemplate, tempDataDir } from './storeTestSupport';

describe('openStore', () => {
  it('creates the data directory with its outputs folder and opens the database in WAL mode with full sync', () => {
    const dir = join(tempDataDir(), 'nested', 'data');
    const store = openTestStore(dir);
    expect(existsSync(join(dir, 'labelsmith.db'))).toBe(true);
    expect(existsSync(join(dir, 'outputs'))).toBe(true);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('loads the native addon from nativeBinding when given (as Electron will)', () => {
    const addon = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
    expect(openTestStore(tempDataDir(), { nativeBinding: addon }).teams.list()).toEqual([]);
    expect(() => openStore(tempDataDir(), { nativeBinding: join(tempDataDir(), 'missing.node') })).toThrow();
  });

  it('keeps everything across close and reopen', async () => {
    const dir = tempDataDir();
    const first = openTestStore(dir);
    const team = first.teams.create({ name: 'Acme', plan: 'starter', rateMinute: 5 });
    const { key } = first.apiKeys.create({ teamId: team.id, mode: 'live' });
    const library = first.libraries.create({ slug: 'shared', name: 'Shared' });
    const template = first.templates.create({ teamId: team.id, content: sampleTemplate(), libraryId: library.id, publish: { author: 'test' } });
    const render = await recordRender(first, { teamId: team.id, apiKeyId: null, mode: 'live', format: 'zpl', bytes: Buffer.from('^XA^XZ'), renderTimeMs: 1.5 });
    first.close();

    const second = openTestStore(dir);
    expect(second.teams.get(team.id)).toEqual(team);
    expect(second.apiKeys.authenticate(key)?.team.id).toBe(team.id);
    expect(second.libraries.getBySlug('shared')).toEqual(library);
    expect(second.templates.get(template.id)).toEqual(template);
    expect(second.renders.get(render.id)).toEqual(render);
    expect(second.outputs.read(render.fileName).toString()).toBe('^XA^XZ');
    expect(second.usage.get(team.id, periodOf(render.createdAt).period)).toEqual({ live: 1, test: 0 });
  });

  it('enforces foreign keys', () => {
    const store = openTestStore();
    expect(() => store.apiKeys.create({ teamId: 'no-such-team', mode: 'test' })).toThrow(/FOREIGN KEY/);
  });

  it('rolls a transaction back whole when it throws', () => {
    const store = openTestStore();
    expect(() =>
      store.transaction(() => {
        store.teams.create({ name: 'Gone', plan: 'dev' });
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(store.teams.list()).toEqual([]);
  });
});
